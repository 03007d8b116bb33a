"""The halves of a year's quarterly table: an annual report prints each quarter of the year
("First Quarter … Fourth Quarter | Fiscal Year"), never its halves, and a question asks
"the second half of fiscal 2019" (H2: the third and fourth quarters, never the year, nor
one quarter) or "the first nine months" (its first three quarters). Each half is its two
quarters' amounts added, a column of six months beside them, and the nine months its first
three quarters', a column of nine; a per-share figure or a rate is no sum of its quarters,
and is left empty.
"""

from __future__ import annotations

from dataclasses import replace

from agent.figures.grid import Column, Grid, Row
from agent.figures.quarter_columns import quarter_named

_HALVES = (
    ("First Half", (1, 2), "one and two", 6),
    ("Second Half", (3, 4), "three and four", 6),
    ("First Nine Months", (1, 2, 3), "one, two and three", 9),
)


def with_halves(g: Grid) -> Grid:
    """The grid with a column for each half of the year whose four quarters it prints
    (named by their ordinals, of one year); unchanged otherwise."""
    quarters = {
        quarter_named(c.text): i
        for i, c in enumerate(g.columns)
        if c.months == 3 and c.year is not None
    }
    year = {g.columns[i].year for i in quarters.values()}
    if sorted(q for q in quarters if q) != [1, 2, 3, 4] or len(year) != 1:
        return g
    at = next(iter(year))
    columns = list(g.columns)
    rows = list(g.rows)
    for name, parts, said, months in _HALVES:
        columns.append(Column(f"{name} {at} (quarters {said} added)", at, months))
        rows = [_added(g, r, [quarters[q] for q in parts]) for r in rows]
    g.columns, g.rows = columns, rows
    return g


def _added(g: Grid, r: Row, at: list[int]) -> Row:
    """The row with the sum of its quarters' amounts appended ("" when any is missing, or
    the row is per share or a rate)."""
    terms = [r.values[i] if i < len(r.values) else None for i in at]
    rate = any("%" in raw for raw in r.raws) or g.unscaled(r)
    if any(x is None for x in terms) or rate:
        return replace(r, values=(*r.values, None), raws=(*r.raws, ""))
    total = sum(x for x in terms if x is not None)
    raw = f"{total:,.0f}" if total == int(total) else f"{total:,.2f}"
    return replace(r, values=(*r.values, total), raws=(*r.raws, raw))
