"""A yes or no on where a company expects a figure to go, decided by the direction its
outlook sentence states. "Is growth in X expected to accelerate in 2020?" asks a pace;
"We expect X to grow at a slower rate in 2020 due to …" states a slower one: No, although
the sentence holds no word of "accelerate" and says "grow". "Do they expect the higher
costs to ease?" is answered No by "… which we expect to continue", and "expected to keep
declining?" Yes by "… to continue to decrease". The words of a level, a pace, an end and
a going-on are data (``lexicon/expected_moves.json``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from pipeline.text.lexicon import pattern, words

_KINDS = ("level_up", "level_down", "pace_up", "pace_down", "stop", "keep")
_WORD = re.compile(r"[a-z][a-z'-]*")


@dataclass(frozen=True)
class Move:
    """The move a clause says is expected: of the figure's level (+1 up, -1 down, 0 none),
    of its pace, whether it ends a state ("ease") or says the state goes on ("continue")."""

    level: int = 0
    pace: int = 0
    stop: bool = False
    keep: bool = False

    def __bool__(self) -> bool:
        return bool(self.level or self.pace or self.stop or self.keep)


@cache
def _stems() -> dict[str, tuple[str, ...]]:
    return {k: words(f"expected_moves.{k}") for k in _KINDS}


def _kind(word: str) -> str | None:
    """The kind of move a word says, or None."""
    for kind, stems in _stems().items():
        if any(word.startswith(s) for s in stems if " " not in s):
            return kind
    return None


def _expecting() -> re.Pattern[str]:
    return pattern("expected_moves.expecting", template=r"\b(?:{})\w*", flags=re.I)


def _cause() -> re.Pattern[str]:
    return pattern("expected_moves.causes", flags=re.I)


def _negated() -> re.Pattern[str]:
    return pattern("expected_moves.negations", flags=re.I)


def _read(clause: str) -> Move:
    """The move a clause's words say, a pace word or a level word first met of each."""
    level = pace = 0
    stop = keep = False
    low = clause.lower()
    phrases = [s for k in ("pace_up", "pace_down") for s in _stems()[k] if " " in s]
    for s in phrases:  # "speed up": a pace said in two words
        if s in low:
            pace = pace or (1 if s in _stems()["pace_up"] else -1)
    for w in _WORD.findall(low):
        kind = _kind(w)
        if kind in ("level_up", "level_down") and not level:
            level = 1 if kind == "level_up" else -1
        elif kind in ("pace_up", "pace_down") and not pace:
            pace = 1 if kind == "pace_up" else -1
        stop = stop or kind == "stop"
        keep = keep or kind == "keep"
    return Move(level, pace, stop, keep)


def asked_move(question: str) -> Move:
    """The move a question asks whether it is expected: read after the expectation word
    ("expected to keep declining", "expect the higher costs to ease": after its "to"), an
    empty Move when it asks none."""
    m = _expecting().search(question)
    if not m:
        return Move()
    rest = question[m.end() :]
    to = re.search(r"\bto\b", rest)
    return _read(rest[to.end() :] if to else rest)


def stated_move(sentence: str) -> Move:
    """The move a sentence says is expected, read after its expectation word and before
    its cause ("… to grow at a slower rate due to an increase in …": slower), turned round
    by a negation ("we do not expect … to increase"); an empty Move when it states none."""
    m = _expecting().search(sentence)
    if not m:
        return Move()
    rest = sentence[m.end() :]
    cause = _cause().search(rest)
    move = _read(rest[: cause.start()] if cause else rest)
    if _negated().search(sentence[max(0, m.start() - 20) : m.end()] + rest[:40]):
        return Move(-move.level, -move.pace, move.keep, move.stop) if move else move
    return move


def verdict(question: str, sentence: str) -> str | None:
    """'yes' or 'no' when the sentence's expected move decides the move asked; None when
    the question asks no expected move or the sentence states none of its kind."""
    asked, said = asked_move(question), stated_move(sentence)
    if not asked or not said:
        return None
    if asked.pace:  # a pace asked is decided by a pace said, never by a level
        return _same(asked.pace, said.pace)
    if asked.stop:  # an end asked: a state going on or rising denies it, a fall says it
        if said.level:
            return _same(-1, said.level)
        return "no" if said.keep else None
    if asked.level:
        return _same(asked.level, said.level)
    return "yes" if said.keep else None  # "expected to continue?": only a going-on says it


def _same(asked: int, said: int) -> str | None:
    if not said:
        return None
    return "yes" if asked == said else "no"


def move_words(question: str) -> frozenset[str]:
    """The question's words that say a move or its expectation: a statement need not hold
    them to speak to the question's subject ("accelerate" asked, "slower" said)."""
    out = {w for w in _WORD.findall(question.lower()) if _kind(w)}
    return frozenset(out | {m.group().lower() for m in _expecting().finditer(question)})
