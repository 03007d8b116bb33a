"""A table cut into chunks read as one group: a release prints "Sales to customers by
geographic area" over U.S., Europe, Western Hemisphere, Asia-Pacific, International and
Worldwide, and the index keeps two rows a chunk. The members a ranking compares are the
rows of every piece the turn holds (the same columns, consecutive chunks), each cited to
the chunk printing it; the first piece's heading titles them."""

from __future__ import annotations

from collections.abc import Sequence

from agent.figures.grid import Grid
from agent.figures.headings import Group, groups
from agent.figures.partitions import whole
from agent.figures.subtotals import pieces

MIN_PIECES = 2


def joined(g: Grid, tables: Sequence[Grid]) -> tuple[Group, tuple[tuple[str, ...], ...]] | None:
    """The rows of the table ``g`` starts, over its pieces, with each row's chunk; None
    when ``g`` continues an earlier piece or is the only one."""
    run = pieces(g, tables)
    if len(run) < MIN_PIECES or run[0] is not g:
        return None
    rows = [r for piece in run for r in piece.rows]
    sources = tuple((piece.passage.chunk_id,) for piece in run for _ in piece.rows)
    heading = next((grp.heading for grp in groups(g) if grp.heading), whole(g).heading)
    return Group(g, heading, tuple(rows), None), sources
