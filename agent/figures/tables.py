"""A passage's tables, whichever way they are printed: Markdown tables (``grid``) or rows
of figures laid out with wide gaps (``gapped``), with the scale and currency the passage
states. It sits above both readers so that neither imports the other."""

from __future__ import annotations

from agent.evidence import Passage
from agent.figures.gapped import gapped_grid
from agent.figures.grid import Grid, scale_named
from agent.figures.markdown_tables import markdown_grids


def read_grid(p: Passage) -> Grid | None:
    """The passage as a table, or None when it holds no rows of figures under periods."""
    found = read_grids(p)
    return found[0] if found else None


def read_grids(p: Passage) -> list[Grid]:
    """The passage's tables: one per header of periods (a summary table may name its
    columns again half-way: balances "As of" two dates, then cash flows of three years)."""
    grids = markdown_grids(p) if p.text.lstrip().startswith("|") or "\n|" in p.text else []
    if not grids:
        gapped = gapped_grid(p)
        grids = [gapped] if gapped is not None else []
    whole = f"{p.columns}\n{p.section}\n{p.text}"
    scale = scale_named(whole)
    for grid in grids:
        if scale:
            grid.scale = scale
        grid.currency = "$" if "$" in whole else ("元" if "元" in whole else "")
    return [g for g in grids if g.rows]
