"""A statement's grand total printed under no name of its own: a balance sheet closing its
assets with a bare "Total" row, or with a row of figures and no label (MGM Resorts prints
"| | $30,210,706 |" for its total assets and again for its liabilities and equity). The
item marked ``grand_total`` in ``finance_terms.json`` is that figure: the largest of the
statement's column, in a row saying nothing but "Total"."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from agent.figures.grid import Grid, Row
from agent.figures.items import norm, shown_label
from agent.figures.statements import titled

_BARE = frozenset({"", "total"})


def grand_total(
    tables: Sequence[Grid], kind: str, column_of: Callable[[Grid], int | None]
) -> tuple[Grid, Row, int] | None:
    """The bare "Total" (or unlabelled) row holding the largest figure of every table of
    the turn titled as statement ``kind``, in each one's column ``column_of`` chooses: a
    subtotal closing a part is smaller than a figure of another part, so only the grand
    total is as large as the largest of all."""
    titled_tables = [(g, col) for g in tables if titled(g, kind) for col in [column_of(g)]]
    cells = [
        (abs(v), g, r, col)
        for g, col in titled_tables
        if col is not None
        for r in (*g.rows, *g.unlabelled)
        for v in [r.values[col] if col < len(r.values) else None]
        if v is not None
    ]
    if not cells:
        return None
    top = max(v for v, *_ in cells)
    for v, g, r, col in cells:
        if v == top and norm(shown_label(r.label)) in _BARE:
            return g, r, col
    return None
