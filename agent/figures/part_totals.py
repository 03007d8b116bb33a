"""The total a table closes a part's list with, known by its sum rather than its label.

A table lists the parts of a whole and closes them with a row adding them up, labelled
"Total …", "Consolidated", "Worldwide", "Total division", a measure's name ("Net sales")
or nothing at all (an unlabelled sum row)::

    Online stores                |  141,247
    Third-party seller services  |   53,762
    AWS                          |   35,026
    Consolidated                 |  280,522   <- the parts' total

A label says too little (a "Total" may close another list, a "Net sales" row may be a
part of a larger table), so the total of a part is the first row below it that equals
the sum of a run of rows holding the part. When no row does, the parts a heading lists
are their own total: their sum, said as such.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from agent.figures.grid import Grid, Row
from agent.figures.headings import groups

# a list longer than this above a part is no list of the part's
_MAX_RUN = 30
MIN_PARTS = 2
_MAX_GRAND = 4  # rows between a subtotal and a grand total adding it up


@dataclass(frozen=True)
class PartTotal:
    """The part's total: a printed row adding up ``parts``, or (``row`` None) the sum of
    the parts a heading lists, no total printed."""

    value: float
    parts: tuple[Row, ...]
    row: Row | None
    heading: str = ""


def ordered_rows(g: Grid) -> list[Row]:
    """The grid's rows, unlabelled sum rows among them, in printed order."""
    return sorted([*g.rows, *g.unlabelled], key=lambda r: r.start)


def _close(total: float, summed: float) -> bool:
    return abs(summed - total) <= max(1.0, abs(total) * 0.005)


def _value(r: Row, col: int) -> float | None:
    return r.values[col] if col < len(r.values) else None


def _rate(r: Row) -> bool:
    """Is the row a percentage beside the amounts (a share printed under each part)?"""
    return any("%" in raw for raw in r.raws) and not any(
        raw.strip() and "%" not in raw for raw in r.raws
    )


def printed_total(rows: Sequence[Row], at: int, col: int) -> PartTotal | None:
    """The first row below ``rows[at]`` equal to the sum of a run of at least two rows
    ending just above it and holding ``rows[at]``; None when no row below adds up so."""
    for j in range(at + 1, len(rows)):
        total = _value(rows[j], col)
        if total is None or total == 0:
            continue
        summed = 0.0
        for k in range(j - 1, max(-1, at - _MAX_RUN), -1):
            v = _value(rows[k], col)
            if _rate(rows[k]):
                continue  # "Percentage of total revenue | | 67%" between the parts adds nothing
            if v is None:
                break  # an empty cell ends the list (a heading's own line, another column)
            summed += v
            if k <= at and j - k >= MIN_PARTS and _close(total, summed):
                return PartTotal(total, tuple(r for r in rows[k:j] if not _rate(r)), rows[j])
    return None


def grand_totals(rows: Sequence[Row], total: PartTotal, col: int) -> list[PartTotal]:
    """The rows below a printed subtotal that add it up with the rows between ("Total
    division" + "Corporate" = "Total"): totals of a larger whole holding the same part,
    nearest first; none past an empty cell."""
    if total.row is None or total.row not in rows:
        return []
    j = list(rows).index(total.row)
    out: list[PartTotal] = []
    summed = total.value
    for k in range(j + 1, min(len(rows), j + _MAX_GRAND + 1)):
        v = _value(rows[k], col)
        if v is None:
            break
        if k > j + 1 and v != 0 and _close(v, summed):
            out.append(PartTotal(v, tuple(rows[j:k]), rows[k]))
        summed += v
    return out


def listed_total(g: Grid, part: Row, col: int) -> PartTotal | None:
    """The sum of the rows a heading lists with the part when the table prints no total
    for them ("Inventories, net: / Raw materials / Work in process"); None when the part
    is under no heading, its group has a total row, or a member has no figure."""
    for grp in groups(g):
        if part not in grp.members:
            continue
        if grp.total is not None or not grp.heading or len(grp.members) < MIN_PARTS:
            return None
        values = [_value(r, col) for r in grp.members]
        if any(v is None for v in values):
            return None
        return PartTotal(sum(v or 0.0 for v in values), grp.members, None, grp.heading)
    return None
