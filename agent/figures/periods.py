"""Fiscal periods of column headers: which fiscal year a dated column belongs to.

Statements date their columns by the calendar ("Three Months Ended December 31, 2022"),
questions name fiscal periods ("Q3 of FY2026"). The period asked, closing ``into`` months
after its fiscal year began (a second quarter: 6; six months year to date: 6; a full
year: 12), is the table's latest column of its length; that column tells the month the
fiscal year ends, and so which fiscal year each dated column is in: a second quarter
ending in December belongs to a fiscal year ending the next June, one ending in late July
to a year ending the next January, and a balance at the June before closes the year
before. A fiscal year is named by the calendar year it ends in,
unless the document says otherwise ("fiscal 2023 ended February 3, 2024": one year less).
Dates in a period's first week count as the month before (52/53-week years end on the
Saturday nearest a month's end: "July 1, 2023" closes June).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from pipeline.text import lexicon
from pipeline.text.periods import FISCAL_YEAR_OUTSIDE_FIGURES_RE, YEAR, year_of

_MONTHS = [
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
]  # fmt: skip
_MONTH = "|".join(m.capitalize() for m in _MONTHS)
_DATE = re.compile(rf"\b({_MONTH})\s+(\d{{1,2}}),?\s+({YEAR})\b")
_QUARTER = re.compile(
    r"\b(?:q([1-4])|([1-4])q|(first|second|third|fourth|1st|2nd|3rd|4th)[ -]quarter)\b", re.I
)
_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3}
_ORDINAL["4th"] = 4
# "fiscal 2023 ended February 3, 2024", "fiscal year 2023, which ended on …": the name
# the document gives the year a date closes.
_NAMED = re.compile(
    rf"\bfiscal(?: year)?\s+({YEAR})\b(?:(?!fiscal|year)[^.\n]){{0,40}}?"
    rf"\b(?:ended|ending|ends)\s+"
    rf"(?:on\s+)?((?:{_MONTH})\s+\d{{1,2}},?\s+{YEAR})",
    re.I,
)
# the words naming a part of a year in a header ("Q2", "Second Quarter", "Six Months")
PART_OF_YEAR = (
    r"\b(?:(?:first|second|third|fourth|1st|2nd|3rd|4th)[ -]quarter|q[1-4]|[1-4]q|"
    r"(?:three|six|nine) months|h[12]|first half|second half)\b"
)
FIRST_WEEK = 7  # a period ending on these days of a month closes the month before


def quarter_of(question: str) -> int | None:
    """The fiscal quarter a question names ("Q2", "2Q", "second quarter"), or None."""
    m = _QUARTER.search(question)
    if m is None:
        return None
    if m.group(1) or m.group(2):
        return int(m.group(1) or m.group(2))
    return _ORDINAL[m.group(3).lower()]


def _names_fiscal_year(question: str) -> bool:
    """Whether a year is named as fiscal ("FY2022", "FY22", "fiscal year 2022"); the year
    patterns live in pipeline.text.periods, group 1 being the FY/fiscal form."""
    return any(m.group(1) for m in FISCAL_YEAR_OUTSIDE_FIGURES_RE.finditer(question))


def into_year(question: str, months: int | None) -> int | None:
    """How many months into its fiscal year the period a question asks about ends: 3n
    for quarter n, 6 or 9 for the first half or nine months to date, 12 for the second
    half or a year named as fiscal ("FY2022"); None when
    that cannot be told (a quarter with no number), or when the question dates the
    period itself ("six months ended December 31, 2022": the column dated so, whatever
    fiscal year it is in)."""
    if _DATE.search(question):
        return None
    if months is None and _names_fiscal_year(question):
        return 12  # "the close of FY2022": a fiscal year, whatever calendar its columns print
    if months == 3:
        n = quarter_of(question)
        return 3 * n if n else None
    half = _HALF.search(question) if months == 6 else None
    if half is not None and _half_number(half) == 2:
        return 12  # the second half closes the year
    return months if months in (6, 9, 12) else None


def closing_month(text: str) -> tuple[int, int] | None:
    """(month, calendar year) a header's last date closes: "July 29, 2023" → (7, 2023);
    "July 1, 2023" → (6, 2023)."""
    found = list(_DATE.finditer(text))
    if not found:
        return None
    m = found[-1]
    month, day, year = _MONTHS.index(m.group(1).lower()) + 1, int(m.group(2)), int(m.group(3))
    if day <= FIRST_WEEK:
        month, year = (month - 1, year) if month > 1 else (12, year - 1)
    return month, year


def year_end(header: str, into: int) -> int | None:
    """The month a fiscal year ends in, from a column closing ``into`` months into it."""
    closed = closing_month(header)
    return None if closed is None else (closed[0] - 1 + 12 - into) % 12 + 1


class Dated(Protocol):
    """A column as ``Grid`` keeps it: its header, the year printed, its length if named."""

    @property
    def text(self) -> str: ...
    @property
    def year(self) -> int | None: ...
    @property
    def months(self) -> int | None: ...


def ends_month(columns: Sequence[Dated], into: int | None, months: int | None) -> int | None:
    """The month a table's fiscal years end in, when the period asked (``months`` long)
    closes ``into`` months into its year: the table's latest dated column of that length
    is that period. None for a year asked (a 10-Q's latest column is no year end, so it
    cannot tell the month years end in) or when no column is dated."""
    if not into or into >= 12:
        return None
    dated = [c for c in columns if c.year is not None and closing_month(c.text)]
    same = [c for c in dated if c.months == months] or dated
    if not same:
        return None
    latest = max(same, key=lambda c: (closing_month(c.text) or (0, 0))[::-1])
    return year_end(latest.text, into)


def position(header: str, ends: int, naming: int = 0) -> tuple[int, int] | None:
    """(fiscal year, months into it) a dated column closes when years end in month
    ``ends``: "June 30, 2023" with years ending in December is (2023, 6)."""
    closed = closing_month(header)
    year = fiscal_year(header, ends, naming)
    if closed is None or year is None:
        return None
    return year, (closed[0] - ends - 1) % 12 + 1


def fiscal_year(header: str, ends: int, naming: int = 0) -> int | None:
    """The fiscal year of a dated column when fiscal years end in month ``ends``, named as
    the document names its years (``naming``: −1 when fiscal 2023 ends in 2024)."""
    closed = closing_month(header)
    if closed is None:
        return None
    month, year = closed
    return (year if ends >= month else year + 1) + naming


def naming_offset(texts: Iterable[str]) -> int:
    """−1 when a text names a fiscal year by the calendar year before the one it ends in
    ("fiscal 2023 ended February 3, 2024": a retailer's year, closing in January), else 0
    (named by the year it ends in)."""
    for text in texts:
        for m in _NAMED.finditer(text):
            closed = closing_month(m.group(2))
            # only a year closing in its first months is named by the year before
            if closed is not None and closed[0] <= 3 and int(m.group(1)) == closed[1] - 1:
                return -1
    return 0


# Retailers count periods in weeks: 13 (or 14) to a quarter, 26 to a half, 52 or 53 a year.
_PERIOD_LENGTHS = (
    (
        3,
        re.compile(
            r"\b(?:three|3)[ -]months?\b|\b(?:13|14|thirteen|fourteen)[ -]weeks?\b|"
            r"\bquarter\b|\b(?:q[1-4]|[1-4]q)\b|(?<!前三)季度",  # 前三季度: nine months
            re.I,
        ),
    ),
    (
        6,
        re.compile(
            r"\b(?:six|6)[ -]months?\b|\b(?:26|27|twenty-six|twenty-seven)[ -]weeks?\b|"
            r"\bhalf\b|\b(?:h[12]|[12]h)\b|\b(?:first|third)\s+and\s+(?:second|fourth)\s+quarters\b|"
            r"半年",
            re.I,
        ),
    ),
    (
        9,
        re.compile(
            r"\b(?:nine|9)[ -]months?\b|\b(?:39|40|thirty-nine)[ -]weeks?\b|"
            r"\bfirst\s+three\s+quarters\b|前三季度",
            re.I,
        ),
    ),
    (
        12,
        re.compile(
            r"\b(?:twelve|12)[ -]months?\b|\b(?:52|53|fifty-two|fifty-three)[ -]weeks?\b|"
            r"\byears? ended\b|\bfiscal\b|\bfull[- ]year\b|\bannual\b|全年|年度",
            re.I,
        ),
    ),
)


def months_of(text: str) -> int | None:
    """How long a period a header or a question names: 3 for "Three Months Ended" or
    "Q2", 6 for "Six Months" or "H1", 9, 12 for "Year Ended" / "Fiscal"; None if it
    names none. The shortest named wins ("Q2 of fiscal 2023" is a quarter)."""
    for months, pattern in _PERIOD_LENGTHS:
        if pattern.search(text):
            return months
    return None


def other_length_column(asked: int | None, column: Dated, kind: str) -> bool:
    """Is a column another period's than the one asked (``asked`` months long; None or 12
    a year)? A year is not read from a quarter's, a half's or nine months' column; a part
    of a year's flow not from a column of another length, nor from one naming none (an
    annual report's statement dated by its year end) while a quarterly table may print the
    part. A balance is a date's, whatever length the question names. The length is the
    column's, else its header's ("FOURTH QUARTER 2022 Percent to Sales")."""
    length = column.months or months_of(column.text)
    if asked in (None, 12):
        return length in (3, 6, 9)
    return kind != "balance" and length != asked


@dataclass(frozen=True)
class Period:
    """A period a question names: a fiscal year, or a part of one closing ``into`` months
    into it ("Q2 of fiscal 2024": 2024, 6, 3 months long), or a date ("January 28, 2023")."""

    year: int | None
    into: int  # 12 for a whole year (a balance: the year's end)
    months: int  # the period's length
    date: tuple[int, int] | None = None  # (month, year) a date closes


# a half named, or as its two quarters ("the third and fourth quarters"), or in an analyst's
# words ("the back half")
_HALF = re.compile(
    r"\b(?:h([12])|([12])h|(first|second|front|back) half|(first|third)\s+and\s+"
    r"(?:second|fourth)\s+quarters)\b",
    re.I,
)


def _half_number(m: re.Match[str]) -> int:
    """1 or 2: the half a ``_HALF`` match names."""
    said = (m.group(1) or m.group(2) or m.group(3) or m.group(4) or "").lower()
    return 2 if said in ("2", "second", "back", "third") else 1


_NINE = re.compile(r"\b(?:nine|9)[ -]months?\b|\b9m\b|\bfirst\s+three\s+quarters\b|前三季度", re.I)
NEAR = 24  # characters before a year that may name the part of it ("Q2 of fiscal ")


def asked_periods(question: str) -> list[Period]:
    """The periods a question names, in order, each once: "between FY2023 and Q2 of
    FY2024" is the year 2023 and the second quarter of 2024; "FY20" is 2020; a date
    stands for itself."""
    found: list[tuple[int, Period]] = []
    dates = [m.span() for m in _DATE.finditer(question)]
    for start, end in dates:
        closed = closing_month(question[start:end])
        if closed is not None:
            found.append((start, Period(None, 12, 12, closed)))
    last = 0
    for m in FISCAL_YEAR_OUTSIDE_FIGURES_RE.finditer(question):
        if any(a <= m.start() < b for a, b in dates):
            continue
        year = year_of(m)
        before = question[max(last, m.start() - NEAR) : m.start()]
        found.append((m.start(), _part(year, before, question[m.end() : m.end() + 6])))
        last = m.end()
    return list(dict.fromkeys(p for _, p in sorted(found, key=lambda sp: sp[0])))


def _part(year: int, before: str, after: str) -> Period:
    """The period of a year mention, from the words right before it ("Q2 of", "the
    first half of fiscal") or right after it ("FY2024 Q2")."""
    lead = _LEAD.search(before)
    said = lead.group(1) if lead else ""
    trail = _TRAIL.match(after)
    said = said or (trail.group(1) if trail else "")
    quarter = quarter_of(said)
    if quarter:
        return Period(year, 3 * quarter, 3)
    half = _HALF.search(said)
    if half:
        return Period(year, 6 if _half_number(half) == 1 else 12, 6)
    if _NINE.search(said):
        return Period(year, 9, 9)
    return Period(year, 12, 12)


_PART = (
    r"(?:q[1-4]|[1-4]q|(?:first|second|third|fourth|1st|2nd|3rd|4th)[ -]quarter|h[12]|[12]h|"
    r"(?:first|second) half|(?:nine|9)[ -]months?)"
)
# the part named just before its year ("Q2 of fiscal ", "the first half of ") or just after
_LEAD = re.compile(rf"\b({_PART})(?:\s+of)?(?:\s+the)?(?:\s+fiscal(?:\s+year)?)?\s*$", re.I)
_TRAIL = re.compile(rf"\s*\(?({_PART})\b", re.I)


class TableRead(Protocol):
    """A figure read from a table: its row's label, its column's year and header."""

    @property
    def label(self) -> str: ...
    @property
    def year(self) -> int | None: ...
    @property
    def period(self) -> str: ...


def year_table_search(cells: Sequence[TableRead], months: int | None) -> list[str]:
    """A year asked but every figure read from a part of one ("Fourth Quarter 2025": a
    release's quarter table): keywords for the year's own table, whose figures replace
    them when it is found."""
    parts = [months_of(c.period) for c in cells]
    if months is not None or not cells or not all(m in (3, 6, 9) for m in parts):
        return []
    years_read = sorted({c.year for c in cells if c.year is not None})
    return [" ".join([cells[0].label, "twelve months", *map(str, years_read[-1:])])]


# a period named by the date it closed: "the year ended February 1, 2025", "as of January
# 30, 2021" (a year closing in its first months: the one a retailer names by the year before)
_YEAR_LONG = r"(?:year|52[- ]weeks?|53[- ]weeks?|twelve months|12 months)"
_CLOSED_ON = re.compile(
    rf"\b(?:(?:the\s+)?(?:fiscal\s+)?{_YEAR_LONG}\s+(?:ended|ending)|as of|at)\s+"
    rf"(?:on\s+)?(?:January|February|March)\s+\d{{1,2}},?\s+({YEAR})",
    re.I,
)


def fiscal_worded(question: str, texts: Iterable[str]) -> str:
    """The question with a year-end named by its date said as the fiscal year the
    documents name it ("the year ended February 1, 2025" → "fiscal 2024") when they name
    their fiscal years by the calendar year before the one they end in
    (``naming_offset``); unchanged otherwise."""
    if naming_offset(texts) != -1:
        return question

    def named(m: re.Match[str]) -> str:
        year = int(m.group(1)) - 1
        said = m.group(0).lower()
        return (
            f"at the end of fiscal {year}" if said.startswith(("as of", "at")) else f"fiscal {year}"
        )

    return _CLOSED_ON.sub(named, question)


# "本期发生额", "期末余额": a period and a word saying its cells are amounts.
_AMOUNT_WORD = lexicon.pattern("zh_periods.amount_words", template="(?:{})$")


def zh_period_said(heading: str) -> str:
    """A Chinese column heading as a sentence names its period: "本期发生额" → "本期",
    "期末余额" → "期末" (本期营业收入为…, not 本期发生额营业收入为…); a heading that is
    only the amount word stays."""
    bare = _AMOUNT_WORD.sub("", heading)
    return bare if bare.strip() else heading
