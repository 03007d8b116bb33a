"""The quarters of a year's quarterly table: which quarter each column is.

An annual report's quarterly results name their columns by the quarter's ordinal ("Quarter
1st … Quarter 4th | Fiscal Year" under a "Fiscal 2019" row; "First Quarter … Fourth
Quarter" under "Year Ended December 31, 2019") or by the date each quarter closed ("2017
Quarter Ended March 3 … December 1"). Every one of those columns is three months long and
of the same year, so the year and the length alone leave the first quarter read for any
quarter asked: a column's quarter is its ordinal, else, for the four dated quarters of one
year, its place among them in the order they closed.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Protocol

from agent.figures.periods import FIRST_WEEK, TableRead, months_of
from pipeline.text.periods import TABLE_YEAR_RE

_MONTHS = "january february march april may june july august september october november december"
_MONTH_DAY = re.compile(rf"\b({_MONTHS.replace(' ', '|')})\s+(\d{{1,2}})\b", re.I)
# a quarter's ordinal in a column header: "Quarter 1st", "First Quarter", "Q2", "4th"
_ORDINAL = re.compile(r"\b(?:(first|second|third|fourth)|([1-4])(?:st|nd|rd|th)|q([1-4]))\b", re.I)
_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_NAMES = ("First", "Second", "Third", "Fourth")
_QUARTERLY = re.compile(r"\bquarter", re.I)
# a column of the year's whole beside its quarters ("Fiscal Year", "Total", "12-Month 2017")
_WHOLE = re.compile(r"\b(?:total|full year|fiscal year|year)\b", re.I)


class _Column(Protocol):
    @property
    def text(self) -> str: ...
    @property
    def year(self) -> int | None: ...
    @property
    def months(self) -> int | None: ...


def quarter_named(header: str) -> int | None:
    """The quarter a column header names by its ordinal ("Quarter 2nd", "Third Quarter",
    "Q4"), or None; a year's number is no ordinal."""
    m = _ORDINAL.search(TABLE_YEAR_RE.sub(" ", header))
    if m is None:
        return None
    if m.group(1):
        return _WORDS[m.group(1).lower()]
    return int(m.group(2) or m.group(3))


def quarterly_header(cells: Sequence[str]) -> bool:
    """Is a header row a quarterly table's: two or more cells naming a quarter's ordinal,
    one of them saying "quarter"?"""
    named = [c for c in cells[1:] if quarter_named(c) is not None]
    return len(named) >= 2 and any(_QUARTERLY.search(c) for c in cells)


def block_columns(cells: Sequence[str], year: int) -> dict[int, tuple[str, int, int]]:
    """A quarterly header's columns dated by their block's year (a "Fiscal 2019" row, the
    label column's "Year Ended December 31, 2018", the one year its whole's column prints):
    each quarter three months long and named as a reader says it ("Quarter 1st" under
    "Fiscal 2019": "First Quarter 2019"), the whole's column twelve; as (header, year,
    months)."""
    out: dict[int, tuple[str, int, int]] = {}
    for i, cell in enumerate(cells):
        if i == 0 or not cell.strip():
            continue
        said = " ".join(cell.split())
        quarter = quarter_named(cell)
        if quarter is not None and not TABLE_YEAR_RE.search(cell):
            out[i] = (f"{_NAMES[quarter - 1]} Quarter {year}", year, 3)
        elif _WHOLE.search(cell) or TABLE_YEAR_RE.search(cell):
            out[i] = (said if TABLE_YEAR_RE.search(cell) else f"{said} {year}", year, 12)
    return out


def asked_quarter(columns: Sequence[_Column], at: Sequence[int], quarter: int) -> list[int]:
    """Of ``at`` (columns of the year and length asked), those of the ``quarter`` asked by
    the ordinal their headers name; ``at`` unchanged when no header names one."""
    named = {i: quarter_named(columns[i].text) for i in at}
    if any(n is not None for n in named.values()):
        return [i for i in at if named[i] == quarter]
    return list(at)


_HALF = re.compile(r"\b(first|second) half\b", re.I)


def asked_half(columns: Sequence[_Column], at: Sequence[int], into: int) -> list[int]:
    """Of ``at`` (columns of the year and six months long), those of the half asked (the
    first closing six months into the year, the second twelve) when headers name halves
    ("Second Half 2019"); ``at`` unchanged otherwise."""
    named = {i: _HALF.search(columns[i].text) for i in at}
    if not any(named.values()):
        return list(at)
    want = "first" if into == 6 else "second"
    return [i for i in at if (m := named[i]) is not None and m.group(1).lower() == want]


def dated_quarters(columns: Sequence[_Column]) -> dict[int, str]:
    """A quarterly table's four dated quarters of one year ("2017 Quarter Ended March 3 …
    December 1"), printed first to fourth or the reverse, each named by its ordinal as a
    reader says it ("Second Quarter 2017, ended June 2"); {} for any other columns."""
    quarters = [i for i, c in enumerate(columns) if c.months == 3 and c.year is not None]
    if len(quarters) != 4 or len({columns[i].year for i in quarters}) != 1:
        return {}
    if any(quarter_named(columns[i].text) is not None for i in quarters):
        return {}
    for ordered in (quarters, quarters[::-1]):
        if _successive([_month(columns[i].text) for i in ordered]):
            return {i: _said(n + 1, columns[i]) for n, i in enumerate(ordered)}
    return {}


def _said(quarter: int, column: _Column) -> str:
    ended = TABLE_YEAR_RE.sub(" ", column.text)
    ended = " ".join(re.sub(r"(?i)\bquarter\b", " ", ended).split())
    ended = re.sub(r"(?i)^ended\b", "ended", ended)
    return f"{_NAMES[quarter - 1]} Quarter {column.year}, {ended}".rstrip(", ")


def _month(header: str) -> int | None:
    """The month a header's date closes ("Quarter Ended June 2" → 6; a date in a
    month's first week closes the month before, as a 52/53-week quarter does), or None."""
    m = _MONTH_DAY.search(header)
    if m is None:
        return None
    month = _MONTHS.split().index(m.group(1).lower()) + 1
    return (month - 2) % 12 + 1 if int(m.group(2)) <= FIRST_WEEK else month


def _successive(months: Sequence[int | None]) -> bool:
    """Do the months close a quarter apart each, in order (a 52/53-week quarter may close
    two or four months after the one before as dates fall)?"""
    known = [m for m in months if m is not None]
    return len(known) == len(months) and all(
        (b - a) % 12 in (2, 3, 4) for a, b in itertools.pairwise(known)
    )


def quarter_table_search(cells: Sequence[TableRead], months: int | None) -> list[str]:
    """A quarter or a half asked but every figure read from a column naming no part of a
    year (an annual report's statements give years): keywords for the report's quarterly
    table ("Quarterly Financial Information", "Selected Quarterly Financial Data"), whose
    quarter's figure replaces them when it is found."""
    if months not in (3, 6) or not cells:
        return []
    if any(months_of(c.period) in (3, 6, 9) for c in cells):
        return []
    years_read = sorted({c.year for c in cells if c.year is not None})
    return [
        " ".join([cells[0].label, "quarterly financial data quarter", *map(str, years_read[-1:])])
    ]
