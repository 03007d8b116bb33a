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
