"""Why a figure moved ("What drove the decline in the gross profit rate in fiscal 2023?",
"Why did net revenues fall in 2020?"): a filing's discussion of its results explains each
change in a sentence that names the item, says it moved and gives the cause ("Our gross
profit rate decreased in fiscal 2023, primarily due to lower product margin rates …").

The turn's sentences that give a cause (the reason marks of ``answer_kinds``) and say a
move are read for the item asked: the question's words besides its asking, its move, its
names and its periods, each weighed by its rarity in general language. The sentence whose
subject (its words before the cause) holds the most of them answers, the next two so
explained are quoted after it (another segment's move of the same item). A sentence giving
the item as the cause of another's move ("operating income rate decreased, driven by the
unfavorable gross profit rate") names it after its cause, so ranks below. Of another period
than the question's (no year asked, or a neighbour, in its passage), none is read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from agent import prompts
from agent.evidence import Evidence, Passage, Unit, clean, units
from agent.models.answering.candidate import AnswerCandidate, Strategy
from agent.models.answering.scoring import asks_cause, cover, passages_text
from agent.models.candidates import Candidate
from agent.models.writing import sentence
from agent.question import Question
from agent.question.kinds import marks
from agent.rewrite import content_terms
from agent.scope import stem, word_set
from agent.sections import section_words
from pipeline.text import periods
from pipeline.text.lexicon import words

MAX_QUOTED = 2
# the item's words the best sentence's subject must hold (by rarity): a sentence naming
# less explains another item's move
_MIN_HELD = 0.75
_MIN_CHARS = 40  # a shorter "sentence" is a heading or a table's caption


@dataclass(frozen=True)
class _Found:
    head: float  # the share of the item's words before the cause
    whole: float  # the share in the whole sentence
    order: int
    passage: Passage
    unit: Unit


@cache
def _moved() -> tuple[str, ...]:
    return words("change_words.stems_moved")


@cache
def _generic() -> frozenset[str]:
    return frozenset(stem(w) for w in section_words()["generic"])


def item_words(q: Question, evidence: Sequence[Evidence]) -> list[str]:
    """The words naming what moved: the question's content words without its asking
    ("what drove"), its move ("decline"), its names, its periods and generic words."""
    rest = marks().asks["reason"].sub(" ", q.text)
    said = (*q.entities, *(n for e in evidence for n in (*e.owner, *e.names)))
    names = {stem(w) for n in said for w in re.findall(r"[A-Za-z]+", n)}
    out = []
    for t in content_terms(rest):
        s = stem(t)
        if any(c.isdigit() for c in t) or s in names or s in _generic() or _a_move(s):
            continue
        if t[:1].isupper() and t.lower() not in q.text:  # "Buy" of "Best Buy"
            continue
        out.append(t.lower())
    return list(dict.fromkeys(out))


def _a_move(s: str) -> bool:
    return any(s.startswith(m) for m in _moved())


def _share(asked: Sequence[str], weights: Sequence[float], text: str) -> float:
    said = word_set(text)
    held = sum(w for a, w in zip(asked, weights, strict=True) if stem(a) in said)
    return held / sum(weights) if weights else 0.0


def _of_period(q: Question, p: Passage) -> bool:
    """Does the passage name a year asked, or one beside it (a fiscal year is named by
    the year it starts or ends in)?"""
    if not q.periods:
        return True
    years = {int(y) for y in periods.LONE_YEAR_RE.findall(p.text)}
    return any(years & {y - 1, y, y + 1} for y in q.periods)


def explained(q: Question, evidence: Sequence[Evidence]) -> list[_Found]:
    """The turn's sentences explaining a move of the item asked, the best first."""
    from agent.models.rarity import information  # wordfreq, loaded on first use

    asked = item_words(q, evidence)
    if not asked:
        return []
    weights = [max(information(a), 0.05) for a in asked]
    reason = marks().holds["reason"]
    found: list[_Found] = []
    seen: set[str] = set()
    for ev in evidence:
        for p in ev.passages:
            if p.kind != "text" or not _of_period(q, p):
                continue
            for u in units(p.text):
                text = clean(u.text)
                cause = reason.search(text)
                if u.kind != "sentence" or len(text) < _MIN_CHARS or cause is None:
                    continue
                if text in seen or not any(_a_move(s) for s in word_set(text[: cause.start()])):
                    continue  # no move said before its cause: not the explanation of one
                seen.add(text)
                head = _share(asked, weights, text[: cause.start()])
                found.append(_Found(head, _share(asked, weights, text), len(found), p, u))
    found = [f for f in found if f.head >= _MIN_HELD]
    return sorted(found, key=lambda f: (-f.head, -f.whole, f.order))


def _candidates(
    q: Question, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[AnswerCandidate]:
    found = explained(q, evidence)
    if not found:
        return []
    best, rest = found[0], found[1 : 1 + MAX_QUOTED]
    lines = [_said(best)]
    if rest:
        lines += [prompts.SUPPORT_HEADER[lang], *(f"- {_said(f)}" for f in rest)]
    cited = [f.passage for f in (best, *rest)]
    return [
        AnswerCandidate(
            "cause",
            "explanation",
            "\n".join(lines),
            cited=cited,
            quoted=[f.unit.text for f in (best, *rest)],
            cover=cover(q, passages_text(cited)),
            ruled=True,  # another company's or period's move is refused before it
        )
    ]


def _said(f: _Found) -> str:
    return sentence(f.unit.text, Candidate(f.passage, f.unit, 0.0, frozenset(), 0), "en")


STRATEGY = Strategy("cause", asks_cause, _candidates, frozenset({"explanation"}))
