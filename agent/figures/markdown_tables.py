"""Markdown tables read as grids (``grid.Grid``): one per header of periods, a header
restated inside the table opening a new one; a continued table borrows its header from the
chunk before (``Passage.columns``); a year in the label column's header dates the block.
"""

from __future__ import annotations

import re
from dataclasses import replace

from agent.evidence import Passage
from agent.figures.grid import (
    CURRENT,
    GAP,
    LABEL,
    LETTERS,
    PRIOR,
    Column,
    Grid,
    Row,
    clean_label,
    figure,
)
from agent.figures.half_columns import with_halves
from agent.figures.periods import PART_OF_YEAR, months_of
from agent.figures.quarter_columns import block_columns, dated_quarters, quarterly_header
from pipeline.text.normalise import single_spaces
from pipeline.text.periods import TABLE_YEAR_RE


def _period_columns(header: str) -> list[Column]:
    """Columns named by years ("2015  2016  2017") or by 本期 / 上年同期."""
    years = TABLE_YEAR_RE.findall(header)
    if len(years) == 1:
        return [Column(single_spaces(header), int(years[0]), months_of(header))]
    if years:
        return [Column(y, int(y)) for y in years]
    out = []
    for cell in GAP.split(header.strip()):
        if CURRENT.search(cell) or PRIOR.search(cell):
            out.append(Column(cell, None))
    return out


def _header_columns(cells: list[str]) -> dict[int, Column]:
    columns: dict[int, Column] = {}
    for i, cell in enumerate(cells):
        cols = _period_columns(cell)
        if len(cols) == 1:
            columns[i] = cols[0]
    return columns


def _restated(
    cells: list[str], above: list[str], stub_head: list[str] | None = None
) -> dict[int, Column]:
    """A row inside the table that names the columns again ("| (in millions) | 2017 |
    2016 | 2015 |"): every figure of it a year; the row above may name the period. In a
    table whose year stands in the label column (``stub_head``, see ``_stub_year``), a
    row of a year alone opens that year's block ("| 2017 | | … |")."""
    figures = [(i, c) for i, c in enumerate(cells) if c and re.search(r"\d", c)]
    if not figures or not all(TABLE_YEAR_RE.fullmatch(c.strip()) for _, c in figures):
        return {}
    again = {
        i: Column(c.strip(), int(c.strip()), months_of(above[i]) if i < len(above) else None)
        for i, c in figures
    }
    if stub_head is not None and list(again) == [0]:
        return _stub_year(stub_head, again) or again
    return again


def markdown_grids(p: Passage) -> list[Grid]:
    """The passage's Markdown tables: one per header of periods."""
    lines: list[tuple[int, str]] = []
    pos = 0
    for line in p.text.split("\n"):
        if line.strip().startswith("|"):
            lines.append((pos, line))
        pos += len(line) + 1
    if len(lines) < 2:
        return []
    head_cells = row_cells(lines[0][1])
    columns = _in_corner_period(head_cells[0], _header_columns(head_cells))
    stub = _stub_year(head_cells, columns)
    columns = stub or _quarters_of_year(head_cells, columns) or columns
    quarterly = quarterly_header(head_cells)
    borrowed = not columns and bool(p.columns)
    if borrowed:  # the header repeated from the chunk before
        columns = _borrowed_columns(p.columns, len(head_cells))
    grids: list[Grid] = []
    rows: list[Row] = []
    bare: list[Row] = []
    above: list[str] = head_cells
    # under a borrowed header, the first line is a row of the table continued
    for start, line in lines if borrowed else lines[1:]:
        if re.fullmatch(r"[\s|:-]+", line):
            continue
        cells = row_cells(line)
        again = _restated(cells, above, head_cells if stub else None) or (
            _year_row(cells, head_cells) if quarterly else {}
        )  # "| Fiscal 2019 | | … |" under a quarterly header opens that year's quarters
        above = cells
        if again:
            if columns and rows:
                grids.append(Grid(p, [columns[i] for i in sorted(columns)], rows, unlabelled=bare))
            columns, rows, bare = again, [], []
            continue
        label = clean_label(next((c for c in cells if LABEL.search(c)), ""))
        if not columns:
            continue
        order = sorted(columns)
        raws = [_cell_figure(cells, i, columns) for i in order]
        values = tuple(figure(r) for r in raws)
        if any(v is not None for v in values):
            (rows if label else bare).append(
                Row(label, values, tuple(raws), start, start + len(line))
            )
    if columns and rows:
        grids.append(Grid(p, [columns[i] for i in sorted(columns)], rows, unlabelled=bare))
    return [_quarters_named(g) for g in grids if not _items_across(g.columns)]


def _quarters_named(g: Grid) -> Grid:
    """The grid with a year's four dated quarters named by their ordinals ("2017 Quarter
    Ended June 2": "Second Quarter 2017, ended June 2"), as questions name them, and its
    halves added from them (``half_columns``)."""
    named = dated_quarters(g.columns)
    g.columns = [replace(c, text=named[i]) if i in named else c for i, c in enumerate(g.columns)]
    return with_halves(g)


# a column of a year's whole beside its quarters ("Quarter First | … | Quarter Total")
_WHOLE_COLUMN = re.compile(r"\b(?:total|full year|year|fiscal year)\b", re.I)


def _stub_year(cells: list[str], columns: dict[int, Column]) -> dict[int, Column] | None:
    """The columns of a table whose year stands in the label column's header ("2018 |
    Quarter First | Quarter Second | … | Quarter Total"): the year is the block's, not a
    period column of its own; its figures are the other headers' (the quarters, and the
    total, which is the year's). Columns of a part of the year are left undated: which
    quarter each is the header does not say as a period. None for any other header."""
    if list(columns) != [0]:
        return None
    year = columns[0].year
    others = [(i, c) for i, c in enumerate(cells) if i and c and not TABLE_YEAR_RE.search(c)]
    if year is None or len(others) < 2 or len(others) != len([c for c in cells[1:] if c]):
        return None
    if quarterly_header(cells):  # "First Quarter … Fourth Quarter": each its quarter of the year
        return _quarter_columns(cells, year)
    out: dict[int, Column] = {}
    for i, c in others:
        whole = bool(_WHOLE_COLUMN.search(c))
        text = f"{single_spaces(c)} {year}" if whole else single_spaces(c)
        out[i] = Column(text, year if whole else None, 12 if whole else months_of(c))
    return out


def _quarter_columns(cells: list[str], year: int) -> dict[int, Column]:
    return {i: Column(*c) for i, c in block_columns(cells, year).items()}


def _quarters_of_year(cells: list[str], columns: dict[int, Column]) -> dict[int, Column]:
    """A quarterly header printing its one year only over the year's whole ("Quarter 1st |
    … | 12-Month 4th | 12-Month 2017"): the quarters are that year's; {} otherwise."""
    years = {c.year for c in columns.values()}
    if not quarterly_header(cells) or len(years) != 1 or None in years:
        return {}
    return _quarter_columns(cells, next(iter(years)))  # type: ignore[arg-type]


def _year_row(cells: list[str], head: list[str]) -> dict[int, Column]:
    """A row holding only a year in its label cell under a quarterly header ("| Fiscal
    2019 | | | |"): the columns of that year's block; {} for any other row."""
    years = TABLE_YEAR_RE.findall(cells[0]) if cells else []
    if (
        len(years) != 1
        or any(c for c in cells[1:])
        or re.sub(r"\W|fiscal|year|\d", "", cells[0], flags=re.I)
    ):
        return {}
    return _quarter_columns(head, int(years[0]))


def _borrowed_columns(header: str, width: int) -> dict[int, Column]:
    """The columns a continued table takes from the chunk before it: its Markdown header
    row's when that row is as wide as the table's rows, else the periods its header text
    names, laid out right-aligned; none when it names more periods than the rows are wide
    (a negative column would read a figure from the row's end, or past its start)."""
    for line in reversed(header.split("\n")):
        cells = row_cells(line) if line.strip().startswith("|") else []
        named = _header_columns(cells) if len(cells) == width else {}
        if named:
            return named
    found = _period_columns(header)
    first = width - len(found)
    if first < 0:  # more periods named than the rows have cells: which is whose is unknown
        return {}
    return {first + k: c for k, c in enumerate(found)}


def _in_corner_period(corner: str, columns: dict[int, Column]) -> dict[int, Column]:
    """Year columns under a corner naming a part of a year ("($ in Millions) Q2" over
    "2023 | 2022"): each is that part of its year, "Q2 2023"."""
    named = _PART_OF_YEAR.search(corner) if not TABLE_YEAR_RE.search(corner) else None
    months = months_of(named.group(0)) if named else None
    if named is None or months not in (3, 6, 9) or any(c.months for c in columns.values()):
        return columns
    return {i: Column(f"{named.group(0)} {c.text}", c.year, months) for i, c in columns.items()}


_PART_OF_YEAR = re.compile(PART_OF_YEAR, re.I)


def _items_across(columns: list[Column]) -> bool:
    """Columns that are things, not periods: three or more of one year whose headers name
    different items ("2022 Cost of sales | 2022 Gross profit | 2022 Operating profit", a
    reconciliation laid out sideways); a row's first figure there is no year's value."""
    years = {c.year for c in columns}
    if len(columns) < 3 or len(years) != 1 or None in years:
        return False  # 本报告期 / 上年同期 are dated later, by the report's cover
    if any(c.months is not None for c in columns):
        return False  # "Three Months Ended … | Six Months Ended …": periods of one year
    words = {" ".join(LETTERS.findall(TABLE_YEAR_RE.sub("", c.text))).lower() for c in columns}
    return len(words) == len(columns)


def row_cells(line: str) -> list[str]:
    """The cells of a Markdown table line, stripped."""
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _cell_figure(cells: list[str], i: int, columns: dict[int, Column]) -> str:
    """The figure under column ``i``: a header spans the "$" cell and the figure after it."""
    if i >= len(cells):
        return ""
    cell = cells[i]
    nxt = i + 1
    spans_next = nxt < len(cells) and nxt not in columns and re.search(r"\d", cells[nxt])
    # a dash is the column's own nil, not a "$" before the figure of the cell after it (a
    # change column's "100%")
    return cells[nxt] if spans_next and not re.search(r"\d|[—–−-]", cell) else cell
