"""What a figure answer the verifier rejects still offers: the figures it found, said as a
refusal, and the operands to look for again when a senseless figure was worked from a row
of no statement (a five-year summary's per-share "Net earnings", a pension note's
"Current liabilities"): the planner reads their statement's page and searches their rows."""

from __future__ import annotations

from collections.abc import Sequence

from agent.figures.candidate import FigureAnswer
from agent.figures.formula import Cell
from agent.figures.lookup import Finder
from pipeline.text.finance import vocabulary


def nearest(fa: FigureAnswer) -> FigureAnswer:
    """The figures a rejected answer found, said as a refusal, with the statement pages
    its weakly read cells should come from."""
    return FigureAnswer(fa.nearest, cells=fa.cells, refusal=True, wanted=fa.wanted, pages=fa.pages)


def off_statement(finder: Finder, cells: Sequence[Cell]) -> list[tuple[str, int | None]]:
    """The cells read from a table that is not their item's primary statement (a note's
    table "recognized in the balance sheet" is titled by the statement, yet is none)."""
    items = vocabulary().items
    tables = {g.passage.chunk_id: g for g in finder.tables}
    return [
        (c.item, c.year)
        for c in cells
        if c.item in items
        and c.chunk_id in tables
        and not finder.is_primary(tables[c.chunk_id], items[c.item].statement)
    ]
