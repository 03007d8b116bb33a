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
MAX_HEAD_ROWS = 4  # a longer run of figure-less rows is text, not a header


def _has_figure(row: list[str]) -> bool:
    return any(parse_figure(c) is not None for c in row[1:] if c.strip())


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
    rows in force that name the periods when the run names none ("Capital expenditures:
    (In thousands)" below "2020 2019 2018" heads no new columns; a continuation cut from
    its rows kept its unit and lost its years)."""
    if any(_names_period(table.rows[j]) for j in run):
        return list(run)
    dated = [j for j in current if _names_period(table.rows[j])]
    return [*dated, *run]


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
