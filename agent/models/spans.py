"""How much text a chosen unit quotes.

A "why" question is answered by a reason, and documents state the reason before the
consequence: "…维生素C含量是单个橙子的三倍。因此它有时也被称为笨蛋水果". When the unit that
matches the question opens with "因此" / "Therefore", the sentence before it is the
answer's first half, and the quote takes both (one contiguous span of the chunk, so it is
still highlighted exactly).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol, TypeVar

from agent.evidence import Passage, Unit, units
from agent.models.features import Ask, hits, share
from agent.models.kinds import holds

# "称为什么" is "called what", not "why".
_WHY = re.compile(
    r"(?<![称叫成作认视名译改])为什么|为何|何以|原因|怎么会|\bwhy\b|\breasons?\b|\bwhat caused\b",
    re.I,
)
_CONSEQUENCE = re.compile(
    r"^[\s“\"]*(因此|所以|因而|故而|于是|由此|从而|this is why|therefore|thus|as a result|"
    r"consequently|hence|accordingly)",
    re.I,
)


class Quoted(Protocol):
    passage: Passage
    unit: Unit


Q = TypeVar("Q", bound=Quoted)


def with_reasons(chosen: Sequence[Q], question: str) -> list[Q]:
    """The chosen units, a consequence widened to the reason before it for "why"."""
    if not _WHY.search(question):
        return list(chosen)
    return [_widened(c) for c in chosen]


def _widened(c: Q) -> Q:
    if c.unit.kind != "sentence" or not _CONSEQUENCE.match(c.unit.text):
        return c
    before = [u for u in units(c.passage.text) if u.end <= c.unit.start]
    if not before or before[-1].kind != "sentence":
        return c
    start, end = before[-1].start, c.unit.end
    unit = Unit(start, end, c.passage.text[start:end], "sentence")
    return replace(c, unit=unit)  # type: ignore[type-var]


# --- the direct answer: the clause of the best unit that answers ---------------------------

# Clause breaks; a comma inside a number ("1,000") is not one.
_CLAUSE_BREAK = re.compile(r"[，；;：](?!\d)|[,:](?!\d)\s")
_MIN_CLAUSE = 6
# Kinds one clause can hold. A definition or a reason is the whole sentence: cut to the
# clause with "是指" or "因此" it reads as a fragment ("是指一个三个人的群体在同一时期中").
_FACTOIDS = frozenset({"number", "date", "person", "place"})


def answer_clause(ask: Ask, text: str) -> tuple[int, int]:
    """The span of ``text`` that answers: from the clause using the most question words
    to the nearest clause holding the kind of thing asked (a date for "when"). The whole
    text when the question asks no kind one clause holds, or the clauses would say less."""
    pieces = _clauses(text)
    kinds = ask.kinds & _FACTOIDS
    if len(pieces) <= 1 or not kinds:
        return 0, len(text)
    said = [share(ask, hits(ask, text[s:e])) for s, e in pieces]
    anchor = max(range(len(pieces)), key=lambda i: (said[i], -i))
    holders = [
        i
        for i, (s, e) in enumerate(pieces)
        if any(holds(k, text[s:e], ask.question) for k in kinds)
    ]
    if len(holders) != 1 or said[anchor] == 0:
        return 0, len(text)  # none holds it, or several do: which one answers is unclear
    target = min(holders, key=lambda i: (abs(i - anchor), i < anchor))
    if said[target] >= 0.5 * said[anchor]:  # the clause holding it says what it is about
        anchor = target
    start, end = pieces[min(anchor, target)][0], pieces[max(anchor, target)][1]
    if end - start < _MIN_CLAUSE:
        return 0, len(text)
    return start, end


_OPEN, _CLOSE = "(（《「『“[【", ")）》」』”]】"


def _depths(text: str) -> list[int]:
    """How deep inside brackets and quotes each character is."""
    out, depth = [], 0
    for c in text:
        if c in _CLOSE:
            depth = max(0, depth - 1)
        out.append(depth)
        if c in _OPEN:
            depth += 1
    return out


def _clauses(text: str) -> list[tuple[int, int]]:
    """Clauses split at commas and semicolons outside brackets ("（国语字：，儒字：）" is
    one aside of its clause, not clauses of the sentence)."""
    depth = _depths(text)
    out: list[tuple[int, int]] = []
    pos = 0
    for m in _CLAUSE_BREAK.finditer(text):
        if depth[m.start()]:
            continue
        if text[pos : m.start()].strip():
            out.append((pos, m.start()))
        pos = m.end()
    if text[pos:].strip():
        out.append((pos, len(text)))
    return [(s + len(text[s:e]) - len(text[s:e].lstrip()), e) for s, e in out]
