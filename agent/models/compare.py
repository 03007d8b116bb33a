"""Questions that compare rows of a table: "Which region had the biggest drop in
revenues?", "哪个业务的增长最快？".

Every row of the table answers the question's words equally well; the answer is the row
whose figure is the extreme one (see ``row_value``); "(36%)" is negative. Totals are not
candidates: they are the sum, not one of the things compared.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

from agent.evidence import Passage, Unit
from agent.question.compare import asks_change, wants_minimum
from pipeline.text.periods import YEAR_ONLY_RE
from pipeline.text.totals import TOTAL_ROW

_PERCENT = re.compile(r"(\(?)(-?\d+(?:\.\d+)?)\s*%(\)?)")
_NUMBER = re.compile(r"(\(?)(-?\$?\s?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\$?\s?\d+(?:\.\d+)?)(\)?)")
_TOTAL = TOTAL_ROW
_YEAR = YEAR_ONLY_RE


class RowCandidate(Protocol):
    passage: Passage
    unit: Unit
    score: float
    rank: float
    cover: float


def row_value(text: str, *, change: bool = False) -> float | None:
    """The figure a row is compared by, or None for a row without one: its first
    percentage, else its first change-like figure ("(74)" in a "% Change" column), else
    (for a question about change) the change from its second figure to its first, else its
    first figure. The first is the current period in reports' column order."""
    label = re.split(r"\s{2,}|\|", text.strip().strip("|"), maxsplit=1)[0]
    if _TOTAL.match(label):
        return None
    percents = _PERCENT.findall(text)
    if percents:
        opened, value, closed = percents[0]
        return -abs(float(value)) if opened and closed else float(value)
    figures = []
    for opened, raw, closed in _NUMBER.findall(text[len(label) :]):
        digits = re.sub(r"[^\d.\-]", "", raw)
        if _YEAR.match(raw.strip()) or not re.fullmatch(r"-?\d+(\.\d+)?", digits):
            continue  # a period label ("$ 2,000" and "2,000" are figures), or no number
        value = -abs(float(digits)) if opened and closed else float(digits)
        change_like = "$" not in raw and abs(value) <= 100 and bool(opened or value < 0)
        figures.append((change_like, value))
    changes = [v for is_change, v in figures if is_change]
    if changes:
        return changes[0]
    if change and len(figures) >= 2 and figures[1][1]:
        (_, now), (_, before) = figures[:2]
        return (now - before) / abs(before) * 100
    return figures[0][1] if figures else None


def promote_extreme(candidates: Sequence[RowCandidate], question: str) -> float:
    """Give the extreme row of the table that speaks most to the question the best score
    of all; how much of the question that table's passage speaks to (0: no table)."""
    tables: dict[str, list[tuple[float, RowCandidate]]] = {}
    change = asks_change(question)
    for c in candidates:
        v = row_value(c.unit.text, change=change) if c.unit.kind == "row" else None
        if v is not None:
            tables.setdefault(c.passage.chunk_id, []).append((v, c))
    ranked = [rows for rows in tables.values() if len(rows) >= 2]
    if not ranked:
        return 0.0
    valued = max(ranked, key=lambda rows: (rows[0][1].cover, max(c.score for _, c in rows)))
    pick = min if wants_minimum(question) else max
    _, best = pick(valued, key=lambda vc: vc[0])
    best.score = max(c.score for c in candidates)
    best.rank = max(c.rank for c in candidates) + 1.0
    return best.cover
