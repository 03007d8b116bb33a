"""A table row chosen as the answer, said as a person says it: one sentence with the
figure, its unit and scale, its period, and the period before when the table gives it.

"Current portion of long-term debt was $5,247 million at June 30, 2023, up from $2,749
million a year earlier [1]." and "2023年营业收入为12.35亿元（123,456.78万元），2022年为
10.00亿元（100,000.00万元） [1]。" The scale is the table's ("(In millions)", "单位：万元"),
the periods its column headers, read with the table's title ("June 30" above "2023 |
2022"); the row's figures stay as printed, so the quote the citation marks is the row.
"""

from __future__ import annotations

import re

from agent import prompts
from agent.evidence import Passage
from agent.figures.grid import MONTH_DAY, Column, Grid, Row, read_grids
from agent.figures.items import shown_label, years
from agent.figures.render import (
    ZH_UNITS,
    asked_scale,
    copula,
    in_scale,
    number,
    scale_word,
    signed,
    zh_amount,
)
from pipeline.text.lang import script_language

_ENDED = re.compile(r"\b(?:(three|six|nine|twelve) months|years?|quarters?) ended\b", re.I)
_BALANCE = re.compile(r"balance sheets?|financial position|\bas of\b|资产负债表", re.I)
_PART = (3, 6, 9)
# a column that is no period of its own: a change between two, a share of a total
_NOT_PERIOD = re.compile(r"%|change|variance|增减|变动|比例|占", re.I)


def row_said(
    passage: Passage, span: tuple[int, int], question: str, lang: prompts.Lang
) -> str | None:
    """The sentence for the row at ``span`` of the passage, or None when the passage's
    table does not date its figures (the row is then read as printed)."""
    start, end = span
    for g in read_grids(passage):
        row = next((r for r in g.rows if r.start < end and start < r.end), None)
        if row is None:
            continue
        doc_lang = "zh" if script_language(row.label) == "zh" else "en"
        if doc_lang != lang:
            return None
        return _said(g, row, question, lang)
    return None


def _said(g: Grid, row: Row, question: str, lang: prompts.Lang) -> str | None:
    cols = [
        i
        for i, c in enumerate(g.columns)
        if i < len(row.values) and row.values[i] is not None and not _NOT_PERIOD.search(c.text)
    ]
    if not cols:
        return None
    lead = _lead(g, cols, question)
    before = _before(g, cols, lead)
    label = shown_label(row.label).rstrip(":： ")
    if not label:
        return None
    title = f"{g.passage.columns}\n{g.passage.section}\n{g.passage.text[: row.start]}"
    unit = g.unit(row)
    cid = g.passage.chunk_id
    percent = row.raws[lead].strip().endswith("%")
    now = _amount(row.values[lead], unit, g.currency, percent, lang)
    if lang == "zh":
        said = f"{_zh_when(g.columns[lead])}{label}为{now}"
        if before is not None:
            then = _amount(row.values[before], unit, g.currency, percent, lang)
            said += f"，{_zh_when(g.columns[before])}为{then}"
        return f"{said} [{cid}]。"
    if not percent:  # in the unit the question asks for too ("… ($302.58 million)")
        now += in_scale(row.values[lead] or 0.0, unit, asked_scale(question), g.currency == "$")
    said = f"{label} {copula(label)} {now} {_when(g.columns[lead], title)}"
    if before is not None:
        a, b = row.values[before], row.values[lead]
        assert a is not None and b is not None
        move = "up from" if b > a else "down from" if b < a else "unchanged from"
        then = _amount(a, unit, g.currency, percent, lang)
        gap = (g.columns[lead].year or 0) - (g.columns[before].year or 0)
        same = g.columns[lead].months == g.columns[before].months
        ago = "a year earlier" if gap == 1 and same else _when(g.columns[before], title)
        said += f", {move} {then} {ago}"
    return f"{said} [{cid}]."


def _lead(g: Grid, cols: list[int], question: str) -> int:
    """The column the question asks for (a year it names), else the latest period's; an
    undated table's current period (本期) before its prior one."""
    asked = years(question)
    for y in asked:
        hit = [i for i in cols if g.columns[i].year == y]
        if hit:
            return _whole_year(g, hit)
    dated = [i for i in cols if g.columns[i].year is not None]
    if dated:
        latest = max(g.columns[i].year or 0 for i in dated)
        return _whole_year(g, [i for i in dated if g.columns[i].year == latest])
    return cols[0]


def _whole_year(g: Grid, cols: list[int]) -> int:
    """Of a year's columns, a full year's before a quarter's."""
    whole = [i for i in cols if g.columns[i].months in (None, 12)]
    return (whole or cols)[0]


def _before(g: Grid, cols: list[int], lead: int) -> int | None:
    """The column of the period a year before the lead's, of the same length; for an
    undated current period, the prior one (上年同期)."""
    now = g.columns[lead]
    if now.year is None:
        rest = [i for i in cols if i != lead and g.columns[i].year is None]
        return rest[0] if rest else None
    for i in cols:
        c = g.columns[i]
        if c.year == now.year - 1 and c.months == now.months:
            return i
    return None


def _amount(value: float | None, unit: str, currency: str, percent: bool, lang: str) -> str:
    v = value or 0.0
    if percent:
        return f"{number(v)}%"
    if lang == "zh":
        return zh_amount(v, unit) if unit in ZH_UNITS else number(v)
    return f"{signed(v, currency == '$')}{scale_word(unit, 'en')}"


def _when(c: Column, title: str) -> str:
    """When a column's figure is: "at June 30, 2023" for a balance sheet's date, "in the
    year ended June 30, 2023" for a flow over a period ending on one, "in 2023" when the
    table names only years."""
    text = " ".join(c.text.split())
    dated = MONTH_DAY.search(text)
    named = list(MONTH_DAY.finditer(title))
    if dated is None and named and c.year is not None and c.months not in _PART:
        dated = named[-1]  # "June 30" over year columns
    if c.year is None:
        return f"({text})"
    if dated is None:  # a quarter as printed ("Q2 2023"), else the year
        return f"in {text}" if c.months in _PART else f"in {c.year}"
    day = dated.group(0).rstrip(",")
    ended = _ENDED.search(text) or _over(title)
    if ended:
        return f"in the {_ended(ended)} {day}, {c.year}"
    return f"in the year ended {day}, {c.year}" if c.months == 12 else f"at {day}, {c.year}"


def _over(title: str) -> re.Match[str] | None:
    """The last "Year(s) Ended" of a table's title, unless a balance sheet's title follows."""
    over = list(_ENDED.finditer(title))
    if not over or _BALANCE.search(title[over[-1].start() :]):
        return None
    return over[-1]


def _ended(m: re.Match[str]) -> str:
    """ "Years Ended" → "year ended", "Three Months Ended" → "three months ended"."""
    said = m.group(0).lower()
    return re.sub(r"\byears\b", "year", re.sub(r"\bquarters\b", "quarter", said))


def _zh_when(c: Column) -> str:
    """A Chinese column's period as printed ("2023年12月31日", "本期"), or its year."""
    text = "".join(c.text.split())
    if c.year is not None and "年" not in text:
        return f"{c.year}年"
    return text
