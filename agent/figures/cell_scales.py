"""Cells printed in different units set side by side: the finest unit among them, and a
cell's value in another unit (split from ``lookup.py``; used by worked figures and shares,
so a part in millions over a whole in thousands is never read as 0.1 %)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from agent.figures.formula import Cell
from agent.figures.grid import SCALES


def common_scale(cells: Sequence[Cell]) -> str | None:
    """The finest unit among cells printed in different units (thousands beside
    millions), or None when they share one (or state none)."""
    units = {c.scale for c in cells if c.scale in SCALES}
    if len(units) < 2:
        return None
    return min(units, key=lambda u: SCALES[u])


def rescaled(cell: Cell, unit: str) -> Cell:
    """The cell's value in ``unit`` (1,234.5 millions → 1,234,500 thousands)."""
    if cell.scale not in SCALES or cell.scale == unit:
        return cell
    return replace(cell, value=cell.value * SCALES[cell.scale] / SCALES[unit], scale=unit)
