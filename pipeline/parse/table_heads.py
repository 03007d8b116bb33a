"""Which header rows are in force at each row of a table.

A table can print a new header part-way down: a key-figures table whose second half
compares the period's end with the year's end ("本报告期末 | 上年度末"), or a shareholder
table whose second list has columns of its own. A chunk cut from such a table's later rows
must repeat the header printed last above them, not the table's first one.
"""

from __future__ import annotations

import re

from pipeline.models import Table, parse_figure
from pipeline.parse.table_structure import period_of

_WORD = re.compile(r"[^\W\d_]", re.UNICODE)
_NOT_HEADING = re.compile(r"^\s*(?:n/?a|n\.?m\.?|nil|none)\s*$", re.I)
MAX_HEAD_ROWS = 6  # a longer run of figure-less rows (years among them) is text, not a header


def _has_figure(row: list[str]) -> bool:
    """An amount over the value columns; years alone ("2022 | 2021") head them."""
    return any(_amount(c) for c in row[1:] if c.strip())


def _amount(cell: str) -> bool:
    v = parse_figure(cell)
    return v is not None and not (v == int(v) and 1900 <= v <= 2100 and "," not in cell)


def _heads_columns(row: list[str]) -> bool:
    """Words over the value columns (not a placeholder such as 'n/a'): a column header."""
    return any(len(_WORD.findall(c)) >= 2 and not _NOT_HEADING.match(c) for c in row[1:])


def headers_in_force(table: Table, head_n: int) -> list[list[int]]:
    """Per row, the indices of the header rows printed last above it: the table's own
    header, until a run of figure-less rows with words over the value columns, followed
    by a row of figures, takes its place (the run may open with a label alone naming the
    list it heads: "前10名无限售条件股东持股情况")."""
    rows = table.rows
    current = list(range(head_n))
    out: list[list[int]] = [current] * len(rows)
    run: list[int] = []
    for i in range(head_n, len(rows)):
        row = rows[i]
        out[i] = current
        if not any(c.strip() for c in row):
            continue
        if not _has_figure(row):
            run.append(i)
            continue
        if 0 < len(run) <= MAX_HEAD_ROWS and any(_heads_columns(rows[j]) for j in run):
            current = _with_periods(table, current, run)
            out[i] = current
        run = []
    return out


def _names_period(row: list[str]) -> bool:
    return any(period_of(c)[0] for c in row[1:] if c.strip())


def _with_periods(table: Table, current: list[int], run: list[int]) -> list[int]:
    """The header a run of rows printed part-way down puts in force: the run, under the
    rows in force down to the last one naming the periods when the run names none
    ("Capital expenditures: (In thousands)" below "2020 2019 2018" heads no new columns;
    a continuation cut from its rows kept its unit and lost its years). The rows over the
    years stay: "Three Months Ended December 31," spanning "2022 | 2021" says which
    period each year's column is."""
    if any(_names_period(table.rows[j]) for j in run):
        return list(run)
    dated = [k for k, j in enumerate(current) if _names_period(table.rows[j])]
    return [*current[: dated[-1] + 1], *run] if dated else list(run)


def header_parts(table: Table, head_n: int, n: int) -> list[tuple[list[int], list[int]]]:
    """The first ``n`` rows after the table's own header as parts, each its header rows
    and the rows under them: a header printed part-way down opens a part of its own."""
    heads = headers_in_force(table, head_n)
    parts: list[tuple[list[int], list[int]]] = [(list(range(head_n)), [])]
    # a part opens at its header's first row printed below the table's own header
    opens = {new[0]: rows for rows in heads if (new := [r for r in rows if r >= head_n])}
    skip: set[int] = set()
    for i in range(head_n, n):
        if i in opens:
            parts.append((opens[i], []))
            skip.update(r for r in opens[i] if r >= head_n)
        if i not in skip:
            parts[-1][1].append(i)
    return [(h, rows) for h, rows in parts if rows]


def _spans(row: list[str]) -> list[tuple[int, int]]:
    """The value columns each cell of a header row covers: a run of equal cells, with the
    empty cells after it up to the next one."""
    spans: list[tuple[int, int]] = []
    for j in range(1, len(row)):
        cell = row[j].strip()
        if spans and (not cell or cell == row[spans[-1][0]].strip()):
            spans[-1] = (spans[-1][0], j)
        elif cell:
            spans.append((j, j))
    return spans


def laid_out(table: Table, head_n: int, i: int) -> list[str]:
    """Row ``i``'s cells; a header row printed part-way down with cells only here and there
    ("Six Months Ended December 31," over one column, "2022" and "2021" over two) laid out
    as the table's own header prints its like: each cell given to every column of the span
    it stands in, when a row of the own header has one span for each of its cells."""
    row = table.rows[i]
    if i < head_n:
        return row
    filled = [j for j in range(1, len(row)) if row[j].strip()]
    if not filled or len(filled) == len(row) - 1:
        return row
    for h in range(head_n):
        spans = _spans(table.rows[h])
        if len(spans) != len(filled) or all(a == b for a, b in spans):
            continue
        if all(a <= j <= b for j, (a, b) in zip(filled, spans, strict=True)):
            out = list(row)
            for j, (a, b) in zip(filled, spans, strict=True):
                out[a : b + 1] = [row[j]] * (b - a + 1)
            return out
    return row
