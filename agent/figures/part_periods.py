"""How a sentence names a part of a year's column: its period words ("Second Quarter
2023", "Q2 2023") or, when dated, its length and date ("three months ended June 30, 2023")."""

from __future__ import annotations

import re

from agent.figures.periods import PART_OF_YEAR
from pipeline.text.periods import DATED_RE, YEAR

PART_NAMED = re.compile(PART_OF_YEAR + r"(?:\s+(?:of\s+)?(?:fiscal\s+)?" + YEAR + r")?", re.I)


def part_column(period: str) -> str:
    """A part of a year's column header as a sentence names it: the words naming the
    period ("SECOND QUARTER 2023 Percent Amount" → "Second Quarter 2023", "($ in
    Millions) Q2 2023" → "Q2 2023")."""
    m = PART_NAMED.search(period)
    if m is None:
        return re.sub(r"\([^)]*\)", " ", period).split("|")[-1].strip() or period
    said = m.group(0)
    return said.title() if said.isupper() and len(said) > 7 else said


def part_said(period: str) -> str:
    """A part of a year's column as a sentence names it: a dated one by its length and
    date ("three months ended June 30, 2023"), else as ``part_column`` reads it."""
    dated = DATED_RE.search(period)
    if dated is None:
        return part_column(period)
    head = re.sub(r"\([^)]*\)", " ", period[: dated.start()]).strip().lower()
    return f"{head} {dated.group(0)}".strip()
