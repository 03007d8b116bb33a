"""A passage read as a table: rows with a label and figures, columns with their periods.

Two shapes reach the answerer: Markdown tables (``| label | 2022 | 2021 |``, cells by
column) and the rows of a statement laid out with wide gaps (``Total net sales  107,006
135,987  177,866``), whose column header ("2015  2016  2017") may sit in the chunk before
(see ``Passage.columns``). Figures in parentheses are negative; a dash is an empty cell.
This module holds the types and the reading of figures, labels and scales;
``markdown_tables`` reads the Markdown form, ``gapped`` the other and ``tables.read_grids``
either.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent.evidence import Passage
from agent.figures.formula import Cell
from agent.figures.periods import (
    closing_month,
    ends_month,
    fiscal_year,
)
from agent.figures.quarter_columns import asked_half, asked_quarter
from pipeline.text import lexicon
from pipeline.text.periods import YEAR
from pipeline.text.script import HAN

FIGURE = re.compile(r"\(?-?\$?\s?\d[\d,]*(?:\.\d+)?\s?%?\)?|(?<!\w)[—–-](?!\w)")
GAP = re.compile(r"\s{2,}|\t")
LETTERS = re.compile(r"[A-Za-z" + HAN + r"]{2,}")
# a row label: a word, or an abbreviation in initials ("U.S.", "U.K.")
LABEL = re.compile(r"[A-Za-z" + HAN + r"]{2,}|(?<![A-Za-z])(?:[A-Za-z]\.){2,}")
_SCALE = re.compile(
    r"in (millions|thousands|billions)|\$ ?in (millions|thousands|billions)|"
    # "单位：人民币元": the currency named before the unit
    r"单位[:：]\s*(?:人民币)?(千元|万元|亿元|百万元|元)|\((millions|thousands|billions)\b|"
    # a column header or caption printing the unit before the scale: "$ million", "($ millions"
    r"\$ ?(million|thousand|billion)s?\b",
    re.I,
)
DATE = re.compile(
    r"(January|February|March|April|May|June|July|August|September|October|November|December)"
    r"\s+\d{1,2},?\s*$"
)
MONTH_DAY = re.compile(
    r"(January|February|March|April|May|June|July|August|September|October|November|December)"
    r"\s+(\d{1,2}),?"
)
SCALES = {
    "thousands": 1e3,
    "millions": 1e6,
    "billions": 1e9,
    "千元": 1e3,
    "万元": 1e4,
    "百万元": 1e6,
    "亿元": 1e8,
    "元": 1.0,
}
# Rows whose figures are not amounts in the table's unit ("in millions, except per share").
_UNSCALED = re.compile(r"per (?:\w+ )?share|per unit|每股|\bratio\b|\bpercent|%|\bmargin\b", re.I)
_UNIT_NOTE = re.compile(r"\bexcept\b", re.I)  # "(In thousands, except per share data)"
_GROUP_LINES = 4  # a per-share group's rows: basic and diluted, by operations at most
CURRENT = re.compile(r"本期|本报告期|期末|本年|本年度")
PRIOR = re.compile(r"上年同期|上期|期初|上年|上年度")


# A Chinese periodic report names its period once, on the cover ("2018 年第一季度报告",
# "2020年年度报告"); its tables then say only 本报告期 / 上年同期.
_REPORT_YEAR = re.compile(
    r"(" + YEAR + r")\s*年\s*(?:第\s*([一二三四1-4])\s*季度|(前三季度)|(半年度)|年度|年)?\s*报告"
)
_QUARTERS = {"一": 1, "二": 2, "三": 3, "四": 4}


def report_year(text: str) -> int | None:
    """The year a Chinese periodic report covers, from its title; None if none is named."""
    m = _REPORT_YEAR.search(text)
    return int(m.group(1)) if m else None


def report_months(text: str) -> int | None:
    """How many months of its year a Chinese periodic report covers, from its title
    (第三季度报告: 9, 半年度报告: 6, 年度报告: 12); None if no title names it."""
    m = _REPORT_YEAR.search(text)
    if m is None:
        return None
    if m.group(2):
        return 3 * _QUARTERS.get(m.group(2), int(m.group(2)) if m.group(2).isdigit() else 0)
    return 9 if m.group(3) else 6 if m.group(4) else 12


def with_report_year(grid: Grid, year: int, months: int | None = None) -> Grid:
    """A table whose columns say only 本期 / 上年同期, dated by the report's year: the
    current period is that year, the prior one the year before; a change column (it
    names both) stays undated. With the ``months`` the report covers, a period column is
    as long as it says: the year to date (年初至报告期末, or a table so titled) those
    months, the quarter's own (本报告期, and the 上年同期 after it) three; a first
    quarter's report covers just its quarter. Balance columns (期末) are dates."""
    if any(c.year is not None for c in grid.columns):
        return grid
    # a header opening with the words (a title column's "利润表（年初至报告期末）" is no period)
    to_date = any(_TO_DATE.match(c.text.strip()) for c in grid.columns)
    # a statement titled so ("利润表（年初至报告期末）", in its header or its first column's)
    heads = [
        grid.passage.section,
        grid.passage.columns.split("|")[0],
        *(c.text for c in grid.columns),
    ]
    titled = any(_TO_DATE.search(h) and not _TO_DATE.match(h.strip()) for h in heads)
    dated, kind = [], ""  # the kind of the last current period's column: a prior one's too
    for c in grid.columns:
        now, before = bool(CURRENT.search(c.text)), bool(PRIOR.search(c.text))
        # the label column's header ("3、合并利润表（年初至报告期末） 项目") is no period
        now = now and not _LABEL_HEADER.search(c.text)
        at = year if now and not before else year - 1 if before and not now else None
        if now and not before:
            kind = "to_date" if _TO_DATE.match(c.text.strip()) else ""
            kind = kind or ("flow" if _QUARTER_COLUMN.search(c.text) else "")
        length = c.months
        if at is not None and months and kind == "to_date":
            length = months
        elif at is not None and months and kind == "flow":
            length = 3 if to_date or months == 3 else months if titled else c.months
        dated.append(Column(c.text, at, length))
    grid.columns = dated
    grid.to_date = months
    return grid


def asks_to_date(question: str) -> bool:
    """Does a question name the year to date (年初至今, 年初至报告期末)?"""
    return bool(_TO_DATE.search(question))


_TO_DATE = lexicon.pattern("zh_periods.year_to_date", template="{}")
_LABEL_HEADER = re.compile(r"项目\s*$|[表]\s*[（(]")
_QUARTER_COLUMN = lexicon.pattern("zh_periods.quarter", template="(?:{})(?!末)")


@dataclass(frozen=True)
class Column:
    text: str  # the header as printed ("December 31, 2017", "2021")
    year: int | None
    months: int | None = None  # the period's length when the header names it


@dataclass(frozen=True)
class Row:
    label: str
    values: tuple[float | None, ...]  # one per column, None for an empty cell
    raws: tuple[str, ...]  # the figures as printed
    start: int  # the row's span in the passage text
    end: int


@dataclass
class Grid:
    passage: Passage
    columns: list[Column]
    rows: list[Row] = field(default_factory=list)
    scale: str = ""  # "millions", "万元", … as the table states it
    currency: str = ""
    naming: int = 0  # −1 when the document names fiscal years by the year before their end
    to_date: int | None = None  # a Chinese report's months from its year's start to its end
    # rows of figures without a label: the total closing the rows above them ("| | 2,146 |")
    unlabelled: list[Row] = field(default_factory=list)

    def years(self, into: int | None = None, months: int | None = None) -> list[int | None]:
        """Each column's year: its fiscal year when the period asked (``months`` long)
        closes ``into`` months into a fiscal year, or when the document names its years
        off the calendar; else the year printed. The latest dated column of the asked
        length is the period asked: it tells the month the fiscal year ends in."""
        if (into is None or into == 12) and not self.naming:
            return [c.year for c in self.columns]
        if not any(c.year is not None and closing_month(c.text) for c in self.columns):
            return [c.year for c in self.columns]
        ends = ends_month(self.columns, into, months)
        out: list[int | None] = []
        for c in self.columns:
            closed = closing_month(c.text) if c.year is not None else None
            if closed is None:
                out.append(c.year)
            elif ends and (closed[0] - ends - 1) % 12 + 1 != into:
                out.append(None)  # closes another part of its year (the year end before)
            else:
                out.append(fiscal_year(c.text, ends or closed[0], self.naming))
        return out

    def column_for(
        self,
        year: int | None,
        *,
        offset: int = 0,
        months: int | None = None,
        into: int | None = None,
    ) -> int | None:
        """The column of a year (``offset`` years earlier); without a year, the latest.
        With ``months``, only a column of that period length or of an unnamed one ("Three
        Months Ended" for a quarter, never "Six Months Ended"); without, a full-year or
        unnamed column before a part of a year. With ``into`` (see ``years``), years are
        fiscal years."""
        years = self.years(into, months)
        if year is None:
            known = [y for y in years if y is not None]
            if not known:
                return 0 if self.columns and offset == 0 else None
            year = max(known)
        want = year - offset
        at = [i for i, y in enumerate(years) if y == want]
        if months is not None:
            exact = [i for i in at if self.columns[i].months == months]
            at = exact or [i for i in at if self.columns[i].months is None]
            if months == 3 and into in (3, 6, 9, 12):  # a year's quarters: the one asked
                at = asked_quarter(self.columns, at, into // 3)
            elif months == 6 and into in (6, 12):  # its halves: the one asked
                at = asked_half(self.columns, at, into)
        else:
            whole = [i for i in at if self.columns[i].months in (None, 12)]
            at = whole or at
        if into == 12 and months in (None, 12):  # a fiscal year: its end, not a later date
            at = _year_end_first(self.columns, at)
        return at[0] if at else None

    def cell(
        self,
        row: Row,
        col: int,
        *,
        item: str = "",
        value: float | None = None,
        years: list[int | None] | None = None,
    ) -> Cell:
        """The figure at ``row`` and ``col`` as a cited cell. ``value`` when the caller reads
        the printed figure otherwise (an outflow's sign, its size), ``years`` when the
        columns' years are read for the period asked."""
        return Cell(
            item=item,
            label=row.label,
            value=(row.values[col] or 0.0) if value is None else value,
            raw=row.raws[col],
            year=(self.years() if years is None else years)[col],
            period=self.columns[col].text,
            chunk_id=self.passage.chunk_id,
            page=self.passage.page,
            scale=self.unit(row),
        )

    def unit(self, row: Row) -> str:
        """The unit a row's figures are in: the table's, unless the row is per share or a
        ratio ("Diluted earnings per share" in a table "in millions")."""
        own = LABEL_UNIT.search(row.label)  # "营业收入（元）": the row names its own unit
        if own:
            return own.group(1)
        return "" if self.unscaled(row) else self.scale

    def unscaled(self, row: Row) -> bool:
        """Are the row's figures no amounts in a scale (per share, a ratio), by its label
        or by the heading of its group ("Diluted" under "Earnings per share")?"""
        return bool(_UNSCALED.search(row.label) or _UNSCALED.search(self._heading(row)))

    def _heading(self, row: Row) -> str:
        """The figure-less line heading a short group the row is in ("Earnings per share"
        over "Basic" and "Diluted": a "Diluted" row is per share, not in the table's
        thousands), a few lines up at most; "" when none. A unit note ("except per share
        data") heads no group."""
        above = self.passage.text[: row.start].splitlines()[-_GROUP_LINES:]
        for line in reversed(above):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not line.strip().startswith("|") or set("".join(cells)) <= set("-: "):
                continue
            if cells[0] and not any(cells[1:]):
                return "" if _UNIT_NOTE.search(cells[0]) else cells[0]
        return ""


def _year_end_first(columns: list[Column], at: list[int]) -> list[int]:
    """Columns of one calendar year dated on different days ("December 31, 2022 | June
    30, 2022": a 10-Q's balance and the year end before it), the earliest first: a fiscal
    year named closes on the earlier, and the later date opens the next fiscal year.
    Unchanged unless every column is dated and the dates differ."""
    closes = [closing_month(columns[i].text) for i in at]
    if None in closes or len(set(closes)) < 2:
        return at
    return sorted(at, key=lambda i: (closing_month(columns[i].text) or (0, 0))[::-1])


# a row's own unit in its label ("营业收入（元）"; not "每股收益（元/股）", a per-share figure)
LABEL_UNIT = re.compile(r"[（(](千元|万元|亿元|百万元|元)[)）]")


def stated_scale(texts: list[str]) -> str:
    """The one scale a document's passages state ("in millions", "单位：万元"), for a
    table of it that states none (its caption sat in another chunk); "" when they state
    none or several."""
    found = {_scale_of(m) for t in texts for m in _SCALE.finditer(t)}
    return next(iter(found)) if len(found) == 1 else ""


def _scale_of(m: re.Match[str]) -> str:
    """The scale a match names, in the plural the factors are keyed by ("million" → "millions")."""
    word = next(g for g in m.groups() if g).lower()
    return f"{word}s" if word in ("million", "thousand", "billion") else word


def scale_named(text: str) -> str:
    """The scale the text states first ("in millions" → "millions"); "" when none."""
    m = _SCALE.search(text)
    return _scale_of(m) if m else ""


def unscaled_label(label: str) -> bool:
    """Does a row's label say its figures are no amounts in the table's unit (per share,
    a ratio, a percentage)?"""
    return bool(_UNSCALED.search(label))


_LEADER = re.compile(r"(?:\s*[.…·_]){3,}[\s$]*$|[\s$]+$")


def clean_label(text: str) -> str:
    """A row label without the dot leaders and currency sign that run to its figures
    ("Other assets ............ $" → "Other assets")."""
    return _LEADER.sub("", text.strip())


def figure(raw: str) -> float | None:
    """A printed figure as a number: "(1,501)" and "$(1,501)" → -1501, "—" → None."""
    s = raw.strip()
    s = s[1:].lstrip() if s.startswith(("$", "¥", "€", "£")) else s
    if not re.search(r"\d", s):
        return None
    bare = s.rstrip("% ")  # "(0.6)%" is a decline, as "(0.6%)" is
    negative = (s.startswith("(") and bare.endswith(")")) or s.lstrip("($ ").startswith("-")
    digits = re.sub(r"[^\d.]", "", s)
    try:
        value = float(digits)
    except ValueError:
        return None
    return -value if negative else value
