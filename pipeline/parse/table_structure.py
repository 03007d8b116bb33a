"""What a reader sees in a table: title, unit, column periods, row labels and their hierarchy.

Works on any ``Table`` whose first column holds the row labels (ruled tables from
``find_tables`` and whitespace tables from word positions alike). The words
statements print (titles, units, totals, period phrases) live in
``data/statements.json``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pipeline.models import Table, parse_figure
from pipeline.parse.subtotal_rows import label_subtotals
from pipeline.text.lexicon import pattern as words_pattern
from pipeline.text.normalise import single_spaces
from pipeline.text.periods import CAPTURED_YEAR_RE, FY_SHORT_RE, YEAR
from pipeline.text.wrapping import join_wrapped

_DATA = Path(__file__).with_name("data") / "statements.json"
_MONTHS = {
    m: i + 1
    for i, m in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
    )
}
_DATE_EN = re.compile(
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2}),?\s*("
    + YEAR
    + r")\b",
    re.I,
)
_DATE_ZH = re.compile(r"(" + YEAR + r")\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日")
_QUARTER = re.compile(r"\bq([1-4])\b|\b(first|second|third|fourth) quarter\b", re.I)
_QUARTER_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
# (aliased: this module has a `lexicon()` of its own, reading data/statements.json)
_CHANGE = words_pattern("table_headings.change_columns", template="%|{}", flags=re.I)
_TOTAL_SKIP = 2.0  # points of indentation that still count as the same level


@dataclass(frozen=True)
class Lexicon:
    titles: re.Pattern[str]
    units: list[tuple[re.Pattern[str], float]]
    totals: re.Pattern[str]
    durations: list[tuple[re.Pattern[str], str]]
    zh_periods: list[tuple[re.Pattern[str], str]]


@cache
def lexicon() -> Lexicon:
    data = json.loads(_DATA.read_text(encoding="utf-8"))
    return Lexicon(
        titles=re.compile("|".join(data["titles"]), re.I),
        units=[(re.compile(p, re.I), float(s)) for p, s in data["units"]],
        totals=re.compile("|".join(data["totals"]), re.I),
        durations=[(re.compile(p, re.I), label) for p, label in data["durations"]],
        zh_periods=[(re.compile(p), label) for p, label in data["zh_periods"]],
    )


def is_statement_title(text: str) -> bool:
    return bool(lexicon().titles.search(text))


def find_unit(texts: list[str]) -> tuple[str, float]:
    """The unit phrase as printed and the multiplier it implies; ('', 1.0) when none."""
    for text in texts:
        for pattern, scale in lexicon().units:
            m = pattern.search(text)
            if m:
                return _unit_phrase(text, m), scale
    return "", 1.0


def _unit_phrase(text: str, m: re.Match[str]) -> str:
    """The parenthesised phrase around the match ('(In millions, except per share data)')."""
    lo = text.rfind("(", 0, m.start())
    hi = text.find(")", m.end())
    if lo >= 0 and hi > 0:
        return text[lo + 1 : hi].strip()
    if "单位" in m.group(0):
        return m.group(0).strip()
    return text.strip()


def period_of(header: str, context_year: int | None = None) -> tuple[str, int | None]:
    """A column header as a normalised period label and its year: 'FY2021', '2021-05-31',
    '3M 2023-06-30', 'Q2 2023', '本期'; ('', None) for a change or non-period column."""
    text = single_spaces(header)
    if not text or _CHANGE.search(text):
        return "", None
    for pattern, label in lexicon().zh_periods:
        if pattern.search(text):
            year = _zh_year(text, label, context_year)
            return label, year
    date = _date(text)
    duration = next((lab for p, lab in lexicon().durations if p.search(text)), "")
    q = _QUARTER.search(text)
    if date is not None:
        iso = f"{date[0]:04d}-{date[1]:02d}-{date[2]:02d}"
        if duration == "FY":
            return f"FY{date[0]}", date[0]
        return (f"{duration} {iso}" if duration else iso), date[0]
    year = _year(text)
    if year is None:
        return "", None
    if q is not None:
        n = int(q.group(1)) if q.group(1) else _QUARTER_WORDS[q.group(2).lower()]
        return f"Q{n} {year}", year
    if duration and duration != "FY":
        return f"{duration} {year}", year
    return f"FY{year}", year


def _zh_year(text: str, label: str, context_year: int | None) -> int | None:
    year = _year(text)
    if year is not None:
        return year
    if context_year is None:
        return None
    return context_year if label in ("本期", "期末") else context_year - 1


def _date(text: str) -> tuple[int, int, int] | None:
    m = _DATE_EN.search(text)
    if m:
        return int(m.group(3)), _MONTHS[m.group(1).lower()[:3]], int(m.group(2))
    z = _DATE_ZH.search(text)
    if z:
        return int(z.group(1)), int(z.group(2)), int(z.group(3))
    return None


def _year(text: str) -> int | None:
    m = CAPTURED_YEAR_RE.search(text)
    if m:
        return int(m.group(1))
    s = FY_SHORT_RE.search(text)
    return 2000 + int(s.group(1)) if s else None


def context_year(texts: list[str]) -> int | None:
    """The report date's year printed near a table ('2018 年03 月31 日')."""
    for t in texts:
        d = _date(t)
        if d is not None:
            return d[0]
    return None


def header_rows(rows: list[list[str]]) -> int:
    """Leading rows with words over the value columns but no figure there (years alone
    are headers); a row with a label alone ('流动资产：') is the body's first section."""
    n = 0
    for row in rows:
        if _has_value(row[1:]) or not any(c.strip() for c in row[1:]):
            break
        n += 1
    return min(n, max(0, len(rows) - 1))


def _has_value(cells: list[str]) -> bool:
    for c in cells:
        v = parse_figure(c)
        if v is not None and not (v == int(v) and 1900 <= v <= 2100 and "," not in c):
            return True
    return False


def row_parents(
    labels: list[str], indents: list[float | None], values: list[bool]
) -> list[int | None]:
    """Per row, the row it sits under. A figure-less label opens a section; the rows after
    it belong to it while they are indented deeper than it, or, when its first row is level
    with it (Chinese statements do not indent), until a total closes it."""
    totals = lexicon().totals
    parents: list[int | None] = []
    stack: list[list[float]] = []  # [row, indent, 1 if its rows are indented else 0 / -1 unknown]
    x = 0.0
    for i, (label, indent, has_value) in enumerate(zip(labels, indents, values, strict=True)):
        x = indent if indent is not None else x  # unknown (a wrapped label): as the row before
        if not label:
            parents.append(None)
            continue
        while stack and (
            x < stack[-1][1] - _TOTAL_SKIP
            or (stack[-1][2] == 1 and x <= stack[-1][1] + _TOTAL_SKIP)
        ):
            stack.pop()
        is_section = not has_value and label.rstrip().endswith((":", "："))
        if is_section and stack and abs(x - stack[-1][1]) <= _TOTAL_SKIP:
            stack.pop()  # a sibling section at the same level
        if stack and stack[-1][2] == -1:
            stack[-1][2] = 1 if x > stack[-1][1] + _TOTAL_SKIP else 0
        parents.append(int(stack[-1][0]) if stack else None)
        if is_section or (not has_value and _indented_next(i, indents, x)):
            stack.append([i, x, -1])
        elif has_value and stack and totals.search(label.strip()):
            stack.pop()  # 'Total current assets' closes 'Current assets:'
    return parents


def _indented_next(i: int, indents: list[float | None], x: float) -> bool:
    nxt = indents[i + 1] if i + 1 < len(indents) else None
    return nxt is not None and nxt > x + _TOTAL_SKIP


def annotate(
    table: Table, *, indents: list[float | None], above: list[str], head: int | None = None
) -> Table:
    """Fill the reader's view of ``table`` in place: header rows, columns, periods, years,
    row labels and parents, title and unit (from ``above``: the lines printed over it)."""
    rows = table.rows
    width = max(len(r) for r in rows)
    head = header_rows(rows) if head is None else head
    table.header_rows = head
    columns = [
        join_wrapped(single_spaces(r[j]) for r in rows[:head] if j < len(r) and r[j].strip())
        for j in range(width)
    ]
    table.columns = columns
    near = [*reversed(above), *columns]
    year = context_year(near)
    # The label column's header often says what the years are ('As of December 31,').
    lead = columns[0] if columns else ""
    resolved = [
        period_of(f"{lead} {c}" if c else "", year) if j > 0 else ("", None)
        for j, c in enumerate(columns)
    ]
    table.periods = [p for p, _ in resolved]
    table.years = [y for _, y in resolved]
    table.derived_rows = sorted({*table.derived_rows, *label_subtotals(table, head)})
    table.row_labels = [("" if i < head else single_spaces(r[0])) for i, r in enumerate(rows)]
    values = [i >= head and _has_value(r[1:]) for i, r in enumerate(rows)]
    parents = row_parents(table.row_labels, indents, values)
    table.row_parent = [None if i < head else p for i, p in enumerate(parents)]
    table.title = next((single_spaces(t) for t in reversed(above) if is_statement_title(t)), "")
    table.unit, table.scale = find_unit([*reversed(above), *columns, *(r[0] for r in rows[:head])])
    return table


def annotate_text_table(table: Table, above: list[str] | None = None) -> Table:
    """The reader's view of a table a text format marks up itself (a Markdown or Word
    table): its first row is the header, so its rows carry column headers, periods and
    labels like a PDF table's."""
    if not table.rows or not any(table.rows):
        return table
    return annotate(table, indents=[None] * len(table.rows), above=above or [], head=1)
