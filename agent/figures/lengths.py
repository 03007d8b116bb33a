"""A change compares two periods of one length: a quarter with the same quarter a year
before, never with the nine months a statement prints beside it. A Chinese third-quarter
report prints the quarter (本报告期) only in its key figures, its statements the year to
date; asked for a change without a length, the prior figure is read at the length of the
current one's column, or not at all."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from agent.figures.formula import Cell
from agent.figures.working import Turn


def column_months(turn: Turn, cell: Cell) -> int | None:
    """The length of the column a cell was read from, when its header names one."""
    for g in turn.finder.tables:
        if g.passage.chunk_id != cell.chunk_id:
            continue
        for c in g.columns:
            if c.text == cell.period and c.months is not None:
                return c.months
    return None


def at_length_of(turn: Turn, cells: Sequence[Cell]) -> Turn:
    """The turn, its lookups held to the length of the first cell's column when the
    question names none."""
    if turn.finder.months is not None or not cells:
        return turn
    months = column_months(turn, cells[0])
    if months is None:
        return turn
    finder = turn.finder.within(turn.finder.tables)
    finder.months = months
    return replace(turn, finder=finder)
