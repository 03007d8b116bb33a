"""Book value per share: the common shareholders' equity a balance sheet prints over the
shares outstanding its common-stock row's label states ("… 412,300 and 415,900 shares
outstanding, respectively", ``label_counts``), or its shares issued less those in
treasury (``issued_counts``), both of one column, in one unit.

No row holds the share count and the equity is printed in thousands or millions, so the
formula machinery (one cell per line item, in one unit) cannot work it: this reads both
and says the count in the equity's unit ("3,250 ÷ 204.75 million shares"), so the working
evaluates to the figure it states and the reflection checks it as any other working.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent import prompts
from agent.figures.candidate import FigureAnswer
from agent.figures.formula import Cell
from agent.figures.grid import SCALES, Grid, Row
from agent.figures.issued_counts import outstanding_counts
from agent.figures.items import years
from agent.figures.label_counts import count_scale, stated_counts
from agent.figures.render import ids
from agent.figures.verify import Computed
from pipeline.text.finance import vocabulary

_KEY = "book_value_per_share"
# the equity's total row: "Total stockholders' equity", "Total PepsiCo Common Shareholders'
# Equity"; the first of them on a statement is the company's own shareholders', the ones
# after it add the noncontrolling interests
_EQUITY_TOTAL = re.compile(r"^total\b(?!.*\bliabilities\b).*\bequity\b", re.I)
# the equity total's search when a long statement's page was read only in part
_EQUITY_SEARCH = "total stockholders' equity total shareholders' equity"
_ENDING = re.compile(r"\.0+$|(\.\d*?)0+$")


def asks_book_value(question: str) -> bool:
    metric = next((m for m in vocabulary().metrics if m.key == _KEY), None)
    return metric is not None and metric.find(question.lower()) is not None


def book_value_answer(
    question: str, tables: Sequence[Grid], lang: prompts.Lang, doc_scales: dict[str, str]
) -> FigureAnswer | None:
    """Equity over shares outstanding for the year asked (else the latest column), from
    the first balance sheet whose common-stock label states the counts; None when the
    question asks no book value per share or no table states a count and its equity."""
    if lang == "zh" or not asks_book_value(question) or _printed(tables):
        return None
    asked = years(question)
    need: FigureAnswer | None = None
    for g in tables:
        for row, counts, times in _counts(g, tables):
            col = g.column_for(asked[0] if asked else None)
            if col is None or col >= len(counts):
                continue
            equity = _equity(g, tables, col)
            if equity is None:  # the statement's equity rows are on its page, unread
                year = g.columns[col].year
                need = need or FigureAnswer(
                    wanted=[("total_equity", year)],
                    pages=[g.passage.page],
                    searches=[_EQUITY_SEARCH],
                    search_k=8,
                )
                continue
            scale = equity[0].scale or doc_scales.get(g.passage.doc_id, "")
            if scale not in SCALES:
                continue
            shares = float(counts[col].replace(",", "")) * times
            return _answer(equity, (g, row, counts[col], col), shares, scale)
    return need


def _counts(g: Grid, tables: Sequence[Grid]) -> list[tuple[Row, list[str], float]]:
    """The rows stating the shares outstanding, each column's count and what it is
    multiplied by to be shares; else the counts issued less treasury (in shares)."""
    stated = [(r, counts, count_scale(g)) for r, counts in stated_counts(g)]
    return stated or [(r, counts, 1.0) for r, counts in outstanding_counts(g, tables)]


def _printed(tables: Sequence[Grid]) -> bool:
    """Does a table print the book value per share itself (a bank's selected data)? Its
    row is read as printed, not worked again."""
    return any(asks_book_value(r.label) for g in tables for r in g.rows)


def _equity(g: Grid, tables: Sequence[Grid], col: int) -> tuple[Grid, Row, float] | None:
    """The company's shareholders' equity in the column: the first equity total of the
    balance sheet the count's table is part of (same document, page and columns)."""
    same = [
        t
        for t in tables
        if t.passage.doc_id == g.passage.doc_id
        and t.passage.page == g.passage.page
        and [c.text for c in t.columns] == [c.text for c in g.columns]
    ]
    found = [
        (_order(t), r.start, t, r)
        for t in same
        for r in t.rows
        if _EQUITY_TOTAL.search(r.label) and col < len(r.values) and r.values[col] is not None
    ]
    if not found:
        return None
    _, _, t, r = min(found, key=lambda f: (f[0], f[1]))
    value = r.values[col]
    return (t, r, value) if value is not None and value > 0 else None


def _order(g: Grid) -> int:
    """A chunk's place in its document ("doc#582" → 582): a statement's rows in order."""
    tail = g.passage.chunk_id.rsplit("#", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def _answer(
    equity: tuple[Grid, Row, float],
    counted: tuple[Grid, Row, str, int],
    shares: float,
    scale: str,
) -> FigureAnswer | None:
    eg, er, value = equity
    cg, cr, raw, col = counted
    unit = SCALES[scale]
    if shares <= 0:
        return None
    per_share = value * unit / shares
    period = eg.columns[col].text
    year = eg.columns[col].year
    cells = [
        Cell(
            _KEY,
            er.label,
            value,
            er.raws[col],
            year,
            period,
            eg.passage.chunk_id,
            eg.passage.page,
            scale,
        ),
        Cell(
            "shares_outstanding",
            cr.label,
            shares,
            raw,
            year,
            period,
            cg.passage.chunk_id,
            cg.passage.page,
        ),
    ]
    word = scale if scale in ("thousands", "millions", "billions") else ""
    count = _plain(shares / unit)
    line = (
        f"Book value per share at {period} = {er.label} {_plain(value)} ÷ shares "
        f"outstanding {count}{' ' + word.rstrip('s') if word else ''} = "
        f"${per_share:,.2f} {ids(cells)}."
    )
    check = Computed("book value per share", per_share, "ratio", bound="positive")
    return FigureAnswer([line], cells=cells, computed=[check])


def _plain(x: float) -> str:
    """A figure with its separators and no trailing zeros ("412,316.5", "3,250")."""
    text = f"{x:,.3f}"
    return _ENDING.sub(lambda m: m.group(1) or "", text)
