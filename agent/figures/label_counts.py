"""Share counts a row's label states, not its cells: "Common stock, $0.01 par value;
900,000 shares authorized; 488,117 and 493,020 shares outstanding, respectively | 61 |
61", "…, issued and outstanding 341,220,118 and 366,004,250 shares | 3,412 | 3,660". The
cells are the stock's par amount; the counts in the label are the columns' in their
order. A question asking how many shares were outstanding is answered from them."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.figures.grid import Grid, Row, scale_named
from agent.figures.items import years
from agent.figures.markdown_tables import row_cells

_ASKED = re.compile(r"\bhow many\b.*\bshares?\b.*\boutstanding\b|\bshares outstanding\b", re.I)
_N = r"(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)"
# "488,117 and 493,020 shares outstanding", "issued and outstanding 341,220,118 and
# 366,004,250 shares", "1,234 shares issued and outstanding"
_COUNTS = (
    re.compile(rf"{_N}(?:\s+and\s+{_N})?\s+shares\s+(?:issued\s+and\s+)?outstanding", re.I),
    re.compile(rf"issued\s+and\s+outstanding\s*[:;,—–-]?\s*{_N}(?:\s+and\s+{_N})?\s+shares", re.I),
)
_THOUSANDS = re.compile(r"\bin thousands\b(?![^)]*\bshare data\b)", re.I)


def asks_shares_outstanding(question: str) -> bool:
    return _ASKED.search(question) is not None


def label_count_line(question: str, tables: Sequence[Grid]) -> str | None:
    """The answer's sentence from the first row whose label states the share counts, for
    the year asked (else the latest column), cited; None when no label states them."""
    if not asks_shares_outstanding(question):
        return None
    asked = years(question)
    for g in tables:
        for _, counts in stated_counts(g):
            col = g.column_for(asked[0] if asked else None)
            if col is None or col >= len(counts):
                continue
            return _sentence(g, counts[col], g.columns[col].text)
    return None


def stated_counts(g: Grid) -> list[tuple[Row, list[str]]]:
    """The rows of a table whose labels state share counts, with the counts in the
    columns' order (as printed: "412,300")."""
    out = []
    for r in g.rows:
        counts = _counts(f"{line_above(g, r)} {r.label}")
        if counts and len(counts) <= len(g.columns):
            out.append((r, counts))
    return out


def count_scale(g: Grid) -> float:
    """What a count stated in the table's labels is multiplied by: a table in thousands
    states its share counts so too, unless its caption excepts share data."""
    head = f"{g.passage.columns}\n{g.passage.text[:200]}"
    return 1e3 if scale_named(head) == "thousands" and _THOUSANDS.search(head) else 1.0


def line_above(g: Grid, r: Row) -> str:
    """The label of a figure-less line right above a row whose label opens with a figure:
    a label the page broke over two lines ("… outstanding 341,220,118 and" over
    "366,004,250 shares | 3,412 | 3,660"); "" otherwise."""
    if not r.label[:1].isdigit():
        return ""
    above = g.passage.text[: r.start].rstrip("\n").rsplit("\n", 1)[-1]
    cells = row_cells(above) if above.lstrip().startswith("|") else []
    return cells[0] if cells and not any(c.strip() for c in cells[1:]) else ""


def _counts(label: str) -> list[str]:
    flat = " ".join(label.split())
    for pattern in _COUNTS:
        m = pattern.search(flat)
        if m:
            return [n for n in m.groups() if n]
    return []


def _sentence(g: Grid, count: str, when: str) -> str:
    """The sentence: "488,117 thousand shares were outstanding at November 29, 2024". A table in
    thousands states its share counts so too, unless its caption excepts share data."""
    scale = " thousand" if count_scale(g) > 1 else ""
    return f"{count}{scale} shares were outstanding at {when} [{g.passage.chunk_id}]."
