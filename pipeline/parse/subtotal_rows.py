"""Totals printed without a label: a row of figures under a group of rows that it adds up.

Statements often close a group with a rule and its sum and no words::

    Revenues
      Casino                  5,734    5,362
      Rooms                   3,057    1,690
                              8,791    7,052     <- total revenues, unlabelled

A reader sees the total; a search for "total revenues" finds nothing. Such a row gets a
derived label, "Total Revenues" (the group's heading) or "Total" when no heading stands
over the rows it sums ("合计" in a Chinese table), and is listed in ``Table.derived_rows``:
the label is not printed, so its cell keeps no box and a citation of the row highlights
only the printed figures.

A row is a total when, in every column of amounts where it prints a figure, that figure equals
(within the rounding of its addends) the sum of the labelled rows right above it, at
least two of them, counted upward from it and stopping at the group's heading; it prints
figures in most of the columns they do, and none of its cells holds words or only years.
A total found earlier (labelled "Total …" or derived) stands for the rows it adds up.
Columns of rates are not added up: a column whose heading says a change ("Percent Change",
"% Change") or where any cell prints "%" (a release prints the sign on its first row
only: "6.0 %" over "5.0" and "5.4"), unless every column would be one.
"""

from __future__ import annotations

import re

from pipeline.models import Box, Table, parse_figure
from pipeline.text.lexicon import pattern as words_pattern
from pipeline.text.script import HAN, UNIFIED_RE
from pipeline.text.totals import WHOLE_ROW

_DECIMALS = re.compile(r"\.(\d+)")
_NOTE = re.compile(r"|\([^()]*[A-Za-z][^()]*\)")  # an empty cell, or "(In thousands)"
_WORDS = re.compile(r"[A-Za-z]{2,}|[" + HAN + "]")
_MIN_ADDENDS = 2
_CHANGE = words_pattern("table_headings.change_columns", template="%|{}", flags=re.I)


def label_subtotals(table: Table, head: int) -> list[int]:
    """Give each unlabelled total row of ``table`` (body rows from ``head``) a derived
    label in its first cell; returns their indices."""
    rows = table.rows
    rates = _rate_columns(table, head)
    derived: list[int] = []
    tops: dict[int, int] = {}  # a total row → the first row it adds up
    for i in range(head, len(rows)):
        label = rows[i][0].strip() if rows[i] else ""
        if (label and not WHOLE_ROW.match(label)) or not _only_figures(rows[i], rates):
            continue
        top = _summed_from(rows, head, i, tops, rates)
        if top is None:
            continue
        tops[i] = top
        if not label:
            rows[i][0] = _label(rows, head, top)
            derived.append(i)
            _drop_label_box(table, i)
    return derived


def _rate_columns(table: Table, head: int) -> frozenset[int]:
    """The value columns of rates: a heading saying a change, or a "%" in any cell; when
    every value column would be one, only those printing "%"."""
    width = max((len(r) for r in table.rows), default=0)
    signed = {
        j for r in table.rows[head:] for j, c in enumerate(r[1:], start=1) if "%" in c or "％" in c
    }
    cols = table.columns or []
    headed = {j for j in range(1, min(width, len(cols))) if _CHANGE.search(cols[j])}
    rates = signed | headed
    return frozenset(rates if len(rates) < width - 1 else signed)


def _figures(row: list[str], rates: frozenset[int] = frozenset()) -> dict[int, float]:
    """Column → the amount the row prints there (percentages are not added up)."""
    out: dict[int, float] = {}
    for j, cell in enumerate(row[1:], start=1):
        v = parse_figure(cell)
        if v is not None and "%" not in cell and "％" not in cell and j not in rates:
            out[j] = v
    return out


def _only_figures(row: list[str], rates: frozenset[int]) -> bool:
    """Amounts in the value cells and no words there (a label printed in the wrong column
    is not a total without one); a row of years is a header."""
    figures = _figures(row, rates)
    years = all(v == int(v) and 1900 <= v <= 2100 and "," not in row[j] for j, v in figures.items())
    return bool(figures) and not years and not _has_words(row)


def _has_words(row: list[str]) -> bool:
    return any(_WORDS.search(c) for c in row[1:])


def _is_heading(row: list[str]) -> bool:
    """A label alone on its row ("Revenues", "Current assets:"), a unit note beside it at
    most; a row of dashes is a line whose amounts are nil, not a heading."""
    return bool(row and row[0].strip()) and all(_NOTE.fullmatch(c.strip()) for c in row[1:])


def _summed_from(
    rows: list[list[str]], head: int, i: int, tops: dict[int, int], rates: frozenset[int]
) -> int | None:
    """The first row of the run right above row ``i`` that it adds up, or None. The rows
    added are labelled; a total found before stands for the rows it adds up (they are
    skipped, with their heading). A total prints figures in most of the columns its rows
    do (a running balance beside a row of purchases adds up one column of four)."""
    want = _figures(rows[i], rates)
    sums = dict.fromkeys(want, 0.0)
    places = {j: _places(rows[i][j]) for j in want}
    count, k = 0, i - 1
    printed: set[int] = set()  # the columns the rows added print figures in
    while k >= head:
        row = rows[k]
        if not row or not row[0].strip() or _is_heading(row) or _has_words(row):
            return None  # the group's heading, a row without a label or of words: no sum
        got = _figures(row, rates)
        printed |= got.keys()
        for j in want:
            sums[j] += got.get(j, 0.0)
            places[j] = max(places[j], _places(row[j]) if j < len(row) else 0)
        count += 1
        if count >= _MIN_ADDENDS and 2 * len(printed & want.keys()) >= len(printed):
            # each addend and the total are rounded to the last place printed
            slack = {j: (0.5 * count + 0.5) * 10.0 ** -places[j] for j in want}
            if all(abs(sums[j] - want[j]) <= slack[j] for j in want):
                return k
        if k in tops:  # skip the rows this total adds up, and their heading
            k = tops[k] - 1
            k -= 1 if k >= head and _is_heading(rows[k]) else 0
        else:
            k -= 1
    return None


def _places(cell: str) -> int:
    m = _DECIMALS.search(cell)
    return len(m.group(1)) if m else 0


def _label(rows: list[list[str]], head: int, top: int) -> str:
    """'Total <heading>' for the heading right over the rows summed, else 'Total'."""
    heading = rows[top - 1][0].strip().rstrip(":：") if top - 1 >= head else ""
    if heading and (not _is_heading(rows[top - 1]) or _wraps(heading, rows[top][0].strip())):
        heading = ""
    labels = " ".join(r[0] for r in rows[head:] if r)
    if UNIFIED_RE.search(heading or labels):
        return f"{heading}合计"
    return f"Total {heading}" if heading else "Total"


def _wraps(heading: str, first: str) -> bool:
    """A label wrapped onto the next row ("Common stock (authorized …; issued" over
    "3,119,843,000 shares)"), not a heading over its own rows."""
    lead = first[:1]
    return heading.count("(") > heading.count(")") or lead.islower() or lead.isdigit()


def _drop_label_box(table: Table, i: int) -> None:
    """The derived label is not printed: its cell has no box to highlight."""
    boxes: list[list[Box | None]] | None = table.cell_boxes
    if boxes is not None and i < len(boxes) and boxes[i]:
        boxes[i][0] = None
