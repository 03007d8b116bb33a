"""The header a Markdown table row is read under when it takes more than one row.

A report's table often heads its columns in two rows: a group over its parts
("质押或冻结情况" over "股份状态 | 数量", "Pledged or frozen" over "Status | Shares"), or a
second header inside the table opening its later rows ("| | 本报告期末 | 上年度末 |" under
"| | 本报告期 | 上年同期 |"). Read with the first row alone, the rows under the second
lose their columns' meaning ("质押 | 81,494,850" of what?). The header of a row is the last
block of header rows above it (cells of words, no figure); a group's name spans the empty
cells after it that a row below names, and each column is said as its names top down
("质押或冻结情况 数量").
"""

from __future__ import annotations

import re

from agent.answer_kinds import FIGURE
from agent.evidence import Unit
from pipeline.text.periods import YEAR

_SEPARATOR = re.compile(r"^\s*\|[\s|:-]+\|\s*$")
MIN_HEADER_CELLS = 2  # a row of one cell titles a part of the table ("前10名股东持股情况")


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _header_line(line: str) -> bool:
    """A Markdown row of words naming columns: two cells or more, no figure."""
    if not line.lstrip().startswith("|") or _SEPARATOR.match(line):
        return False
    cells = [c for c in _cells(line) if c]
    return len(cells) >= MIN_HEADER_CELLS and not any(FIGURE.search(c) for c in cells)


# A cell naming a period ("June 30, 2023", "Q1 2024", "2023年"): a header may hold figures so.
_PERIOD_CELL = re.compile(
    rf"{YEAR}|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d", re.I
)


def _counted_row(line: str) -> bool:
    """A row below the header that gives counts or measures in words, not periods ("| Cold
    room | 400 samples | 4 °C |"): a row of the table's body, though no cell reads as a
    figure on its own."""
    cells = [c for c in _cells(line)[1:] if c]
    counted = [c for c in cells if re.search(r"\d", c) and not _PERIOD_CELL.search(c)]
    return bool(_cells(line)[0]) and len(counted) * 2 >= max(1, len(cells))


def stacked_header(text: str, row_start: int) -> Unit | None:
    """The header rows above ``row_start`` in a passage's text, merged into one row ("|
    股东名称 | … | 质押或冻结情况 股份状态 | 质押或冻结情况 数量 |"), spanning the first
    header line to the last; None when no header row stands above it."""
    block: list[tuple[int, str]] = []
    pos, in_block, below = 0, False, False
    # Of the table the line is in: does the header over its separator name columns, is the
    # line under the separator, has a row there held a figure?
    named_head, body, figured = False, False, False
    for line in text[:row_start].split("\n"):
        if not line.lstrip().startswith("|"):  # prose between two tables
            named_head, body, figured = False, False, False
        elif not body and not _SEPARATOR.match(line):
            named_head = any(_cells(line))
        body = body or bool(_SEPARATOR.match(line))
        below = below or body
        if (below and _counted_row(line)) or (body and _body_row(line, named_head, figured)):
            in_block = False
        elif _header_line(line) or (in_block and _subheader(line)):
            block = block if in_block else []
            block.append((pos, line))
            in_block = True
        elif line.strip() and not _SEPARATOR.match(line):
            in_block = False
        figured = figured or (body and bool(FIGURE.search(line)))
        pos += len(line) + 1
    if not block:
        return None
    start, end = block[0][0], block[-1][0] + len(block[-1][1])
    return Unit(start, end, merged([line for _, line in block]), "row")


def _body_row(line: str, named_head: bool, figured: bool) -> bool:
    """A row of words under the separator of a table whose header names its columns: a row
    of its body (a policy's checklist, a register: "| Background screening | ☒ Yes ☐ No |
    Procurement |"), not a second header, unless it opens like one (its first cell empty)
    or names periods ("| Fiscal year ended | June 30, 2024 | … |"), or rows of figures came
    before it (a statement restating its periods)."""
    if not named_head or figured or not _header_line(line) or _subheader(line):
        return False
    named = [c for c in _cells(line)[1:] if c]
    return not all(_PERIOD_CELL.search(c) for c in named)


def _subheader(line: str) -> bool:
    """A second header row: its first cell empty, the rest words (no figure)."""
    cells = _cells(line) if line.lstrip().startswith("|") else []
    named = [c for c in cells if c]
    return bool(cells) and not cells[0] and bool(named) and not any(FIGURE.search(c) for c in named)


def merged(lines: list[str]) -> str:
    """Header rows as one: a name spans the empty cells after it that a lower row names,
    and each column joins its names top down, each once."""
    rows = [_cells(line) for line in lines]
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    for k, row in enumerate(rows[:-1]):
        below = rows[k + 1 :]
        for i in range(1, width):
            if not row[i] and row[i - 1] and any(r[i] for r in below):
                row[i] = row[i - 1]
    columns = []
    for i in range(width):
        names = list(dict.fromkeys(r[i] for r in rows if r[i]))
        columns.append(" ".join(names))
    return "| " + " | ".join(columns) + " |"


_CURRENCY_CELLS = frozenset({"$", "€", "£", "¥", "(", "RMB"})


def heads_for_row(row: str, head: str) -> str | None:
    """The header's cells over the row's printed cells, joined by " | ": the label
    column's head, then the head of each cell that holds something (a currency sign's cell
    goes with the figure after it). A statement printing "Percent to Sales" beside each
    amount leaves those cells empty on a per-share row ("$1.33 | | $1.77 | | (24.9)"): its
    three figures are read under their three heads, not under five. None when the row and
    the header have not the same number of cells."""
    cells, heads = _cells(row), _cells(head)
    if len(cells) != len(heads) or len(cells) < 2:
        return None
    kept = [heads[0]] + [
        h for h, v in zip(heads[1:], cells[1:], strict=True) if v and v not in _CURRENCY_CELLS
    ]
    return " | ".join(kept)
