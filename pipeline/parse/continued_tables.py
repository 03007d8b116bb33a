"""Tables going on over a page break: a statement continued onto the next page keeps its
header, and a list continued in the same ruled grid reads under the header in force where
it left off (split from ``tables.py``, which finds the tables of one page)."""

from __future__ import annotations

from pipeline.models import Box, Page, Table
from pipeline.parse.table_heads import headers_in_force
from pipeline.text.wrapping import join_wrapped


def continue_tables(pages: list[Page]) -> None:
    """A statement running onto the next page keeps its header there: a table without
    period columns, first on its page, as wide as the last table of the page before,
    takes that table's title, unit, columns and periods."""
    prev: Table | None = None
    prev_page = -1
    for page in pages:
        tables = [b.table for b in page.blocks if b.kind == "table" and b.table is not None]
        first = tables[0] if tables else None
        if (
            first is not None
            and prev is not None
            and prev_page == page.page - 1
            and not any(first.periods)
            and any(prev.periods)
            and len(first.rows[0]) == len(prev.periods)
        ):
            _inherit(first, prev)
        elif first is not None and prev is not None and prev_page == page.page - 1:
            go_on_under(first, prev)
        if tables:
            prev, prev_page = tables[-1], page.page


def go_on_under(table: Table, source: Table) -> None:
    """A list running onto the next page without a header (its first row has figures)
    is read under the header in force at the end of the list before (a second list's own
    header, printed part-way down), its columns matched by where they are printed: the
    next page's grid may drop the empty columns of the one before."""
    if table.header_rows or any(table.columns) or not source.cell_boxes or not table.cell_boxes:
        return
    rows = headers_in_force(source, min(source.header_rows, len(source.rows)))[-1]
    if not rows:
        return
    spans = _column_spans(source.cell_boxes, last=True)
    heads = [
        join_wrapped(source.rows[i][k] for i in rows if k < len(source.rows[i]))
        for k in range(len(spans))
    ]
    columns = []
    for x0, x1 in _column_spans(table.cell_boxes, last=False):
        # the same grid: each column's edges where a column of the list before has them
        k = next(
            (j for j, (a, b) in enumerate(spans) if abs(a - x0) <= _EDGE and abs(b - x1) <= _EDGE),
            None,
        )
        if k is None:
            return
        columns.append(heads[k])
    if any(columns[1:]):
        table.columns = columns
        table.title = table.title or source.title
        if not table.unit:
            table.unit, table.scale = source.unit, source.scale


_EDGE = 3.0  # points two grids' column edges may differ and still be one grid


def _column_spans(boxes: list[list[Box | None]], *, last: bool) -> list[tuple[float, float]]:
    """Each column's left and right edge, from the first (or ``last``) row boxing a cell
    in it: where a list ends (not the grid of a list above it), or where one goes on (not
    the remarks printed under it)."""
    width = max((len(r) for r in boxes), default=0)
    spans: list[tuple[float, float]] = []
    order = list(reversed(boxes)) if last else boxes
    for j in range(width):
        box = next((r[j] for r in order if j < len(r) and r[j] is not None), None)
        spans.append((box[0], box[2]) if box is not None else (0.0, 0.0))
    return spans


def _inherit(table: Table, source: Table) -> None:
    table.periods = list(source.periods)
    table.years = list(source.years)
    table.columns = [
        c or s
        for c, s in zip(table.columns or [""] * len(source.columns), source.columns, strict=False)
    ]
    table.title = table.title or source.title
    if not table.unit:
        table.unit, table.scale = source.unit, source.scale
