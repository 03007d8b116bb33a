"""Shares outstanding worked from a balance sheet that states only the shares issued and
the shares held in treasury, in its rows' labels:

    | Common stock … (authorized 4,320,000 shares; issued 3,119,843 shares) | 3,120 | 3,120 |
    | Less: common stock held in treasury (506,246 shares and 490,878 shares) | 41,694 | 39,099 |

    Common stock, $0.05 par value; issued: 2041—9,471; 2040—9,407        473    470
    Treasury stock, shares at cost: 2041—3,851; 2040—3,840          (111,361) (110,988)

Each column's outstanding count is its issued count less its treasury count: one count
for every column, one per column in the columns' order ("… and …"), or one per year
("2041—9,471"). The treasury row may sit in another chunk of the same statement (same
document, page and columns). A count no larger than a hundred thousand in a statement
printed in thousands or millions is in that unit: no company reporting so has fewer
shares (Pfizer's "issued: 2021—9,471" are millions)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.figures.grid import SCALES, Grid, Row
from agent.figures.label_counts import count_scale, line_above
from pipeline.text.periods import YEAR

_N = r"(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)"
_ISSUED = (
    re.compile(rf"\bissued\s*[:;,]?\s*{_N}(?:\s+(?:shares\s+)?and\s+{_N})?\s+shares", re.I),
    re.compile(rf"{_N}(?:\s+(?:shares\s+)?and\s+{_N})?\s+shares\s+issued\b", re.I),
)
_TREASURY = re.compile(r"\btreasury\b", re.I)
_HELD = re.compile(rf"{_N}(?:\s+(?:shares\s+)?and\s+{_N})?\s+shares", re.I)
_BY_YEAR = re.compile(rf"({YEAR})\s*[—–-]\s*{_N}")
_ISSUED_WORD = re.compile(r"\bissued\b", re.I)
_SMALLEST = 1e5  # fewer shares than this, stated beside amounts in thousands or millions


def outstanding_counts(g: Grid, tables: Sequence[Grid]) -> list[tuple[Row, list[str]]]:
    """The table's common-stock row stating the shares issued, with each column's count
    outstanding (issued less treasury, in shares: "2,613,597,000"); empty when no row
    states the issued count or no row of the statement states the treasury count."""
    same = [
        t
        for t in tables
        if t.passage.doc_id == g.passage.doc_id
        and t.passage.page == g.passage.page
        and [c.text for c in t.columns] == [c.text for c in g.columns]
    ]
    held = next(
        (
            counts
            for t in same
            for r in t.rows
            if _TREASURY.search(label := _label(t, r)) and (counts := _held(t, label))
        ),
        None,
    )
    if held is None:
        return []
    out = []
    for r in g.rows:
        label = _label(g, r)
        if _TREASURY.search(label):
            continue
        issued = _issued(g, label)
        if issued and len(issued) == len(held):
            unit = _unit(g, issued)
            left = [(i - h) * unit for i, h in zip(issued, held, strict=True)]
            if all(x > 0 for x in left):
                out.append((r, [f"{x:,.0f}" for x in left]))
    return out


def _label(g: Grid, r: Row) -> str:
    return " ".join(f"{line_above(g, r)} {r.label}".split())


def _issued(g: Grid, label: str) -> list[float]:
    """Each column's issued count the label states; empty when it states none."""
    at = _ISSUED_WORD.search(label)
    if at is not None and _BY_YEAR.search(label[at.end() :]):
        return _by_year(g, label[at.end() :])
    for pattern in _ISSUED:
        m = pattern.search(label)
        if m:
            return _spread(g, [n for n in m.groups() if n])
    return []


def _held(g: Grid, label: str) -> list[float]:
    """Each column's treasury count the label states; empty when it states none."""
    if _BY_YEAR.search(label):
        return _by_year(g, label)
    m = _HELD.search(label)
    return _spread(g, [n for n in m.groups() if n]) if m else []


def _by_year(g: Grid, text: str) -> list[float]:
    """The counts stated per year ("2041—9,471; 2040—9,407"), in the columns' order."""
    stated = {int(y): _number(n) for y, n in _BY_YEAR.findall(text)}
    counts = [stated.get(c.year) if c.year is not None else None for c in g.columns]
    return [c for c in counts if c is not None] if all(c is not None for c in counts) else []


def _spread(g: Grid, raws: list[str]) -> list[float]:
    """One count for every column, or one per column in order."""
    counts = [_number(n) for n in raws]
    if len(counts) == 1:
        return counts * len(g.columns)
    return counts if len(counts) == len(g.columns) else []


def _unit(g: Grid, counts: list[float]) -> float:
    """What the label's counts are multiplied by to be shares."""
    stated = count_scale(g)
    if stated > 1:
        return stated
    small = max(counts) < _SMALLEST
    return SCALES[g.scale] if small and g.scale in ("thousands", "millions") else 1.0


def _number(raw: str) -> float:
    return float(raw.replace(",", ""))
