"""A segment's (or any member's) row read under the headings the question names, over a
statement's chunks in order:

    | Net revenue                |           |
    | Harbor Resorts             |           |
    | Casino                     | 728,254   |
    | Rooms                      | 662,813   |   "Harbor Resorts' rooms revenue"
    | Total Harbor Resorts       | 2,245,785 |   "total net revenue of Harbor Resorts"
    | Adjusted Property EBITDAR  |           |
    | Harbor Resorts             | 232,188   |   "Harbor Resorts' Adjusted Property EBITDAR"

Such a table repeats its rows' labels ("Casino", "Rooms") under each member and its
members' names under each measure, so no label alone says which row is asked; the
question names the row and the headings open above it. A heading stays open until the
row totalling it ("Total Harbor Resorts") or a total of the whole closes it. The row asked
is the one whose label's words the question says, whose innermost open heading the
question names too, and which with its headings says the most of its words.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from agent import prompts
from agent.evidence import Evidence
from agent.figures.candidate import FigureAnswer
from agent.figures.formula import Cell
from agent.figures.grid import Grid, Row
from agent.figures.items import MIN_ROW_MATCH, asked_items, row_match, years
from agent.figures.periods import into_year, months_of
from agent.figures.render import ids, scale_word
from agent.figures.segment_levels import statement_lines, statement_tables
from agent.figures.turn_tables import grids
from agent.figures.worded_rows import terms as _words
from agent.question.compare import asks_change, asks_extreme

# every label and heading of a turn's tables is read for each question: read once
terms = lru_cache(maxsize=16384)(_words)

_TOTAL = re.compile(r"^total\b", re.I)
_TOTAL_WORD = terms("total")  # a member's total is named by the member alone


@dataclass(frozen=True)
class _Found:
    said: int  # the question's words the row's label and open headings say
    label: str  # the row's label with its open headings ("Harbor Resorts: Rooms")
    inner: str  # the heading right above the row (its member's total: the one above that)
    row: Row
    grid: Grid


def member_answer(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> FigureAnswer | None:
    """The row the question names under the headings it names, in the year asked; None
    when the question asks no one year's figure or no headed row of the turn is named."""
    if lang != "en" or asks_extreme(question) or asks_change(question):
        return None
    ys = years(question)
    if len(ys) != 1:
        return None
    asked = terms(question)
    items = [a.item for a in asked_items(question)]
    months = months_of(question)
    into = into_year(question, months)
    best: tuple[_Found, int] | None = None
    for table in statement_tables(grids(evidence)):
        col = table[0].column_for(ys[0], months=months, into=into)
        if col is None:
            continue
        for found in _headed(table, asked):
            if not _TOTAL.match(found.row.label) and any(
                row_match(found.inner, item) >= MIN_ROW_MATCH for item in items
            ):
                continue  # a part under its item's heading: the parts lookup reads it
            value = found.row.values[col] if col < len(found.row.values) else None
            if value is not None and (best is None or found.said > best[0].said):
                best = (found, col)
    return _answer(*best) if best is not None else None


def _headed(table: list[Grid], asked: frozenset[str]) -> Iterator[_Found]:
    """The rows the question names whose open headings say more of its words: a member's
    total, or a row whose label the statement prints again, as a row or a heading (a label
    printed once is read by the row lookup, which reads a heading over it too)."""
    labels = Counter(terms(text) for g in table for text, _ in statement_lines(g))
    open_: list[str] = []
    for g in table:
        for text, row in statement_lines(g):
            if row is None:
                open_.append(text)
                continue
            label = terms(row.label)
            if _TOTAL.match(row.label):
                closed = [h for h in open_ if terms(h) and terms(h) <= label]
                yield from _named(g, row, open_, asked, label)
                # a member's total closes its heading; the whole's total closes them all
                open_ = [h for h in open_ if h not in closed] if closed else []
                continue
            if labels[label] > 1:
                yield from _named(g, row, open_, asked, label)


def _named(
    g: Grid, row: Row, open_: list[str], asked: frozenset[str], label: frozenset[str]
) -> Iterator[_Found]:
    own = label - _TOTAL_WORD
    if not own or not own <= asked:
        return
    # the headings a total's label repeats are the member it totals, not its context
    above = [h for h in open_ if not terms(h) <= label]
    inner = terms(above[-1]) - label if above else frozenset()
    if not inner or not inner <= asked:
        return  # the heading right above the row, the member or the measure, is unsaid
    heads = frozenset().union(*(terms(h) for h in above))
    shown = ": ".join([*(h for h in above if terms(h) & asked), row.label])
    yield _Found(len((heads | label) & asked), shown, above[-1], row, g)


def _answer(found: _Found, col: int) -> FigureAnswer:
    g, r = found.grid, found.row
    value = r.values[col]
    assert value is not None
    period = g.columns[col].text
    cell = Cell(
        "member_row",
        r.label,
        value,
        r.raws[col],
        g.columns[col].year,
        period,
        g.passage.chunk_id,
        g.passage.page,
        g.unit(r),  # not the table's thousands for "Diluted" under "Earnings per share"
    )
    money = "$" if g.currency == "$" else ""
    sign = "−" if value < 0 else ""
    shown = r.raws[col].strip("$() ")
    line = (
        f"{found.label} was {sign}{money}{shown}{scale_word(g.unit(r), 'en')} "
        f"in {period} {ids([cell])}."
    )
    return FigureAnswer([line], cells=[cell])
