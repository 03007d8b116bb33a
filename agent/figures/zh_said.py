"""How a figure reads in a Chinese answer, whatever the language of its document.

A Chinese question asked of an English filing is answered in Chinese: the line item by its
Chinese name ("营业收入", not "Total revenue"), the fiscal year as "2023财年", a sum of
dollars as a Chinese reader says it ("2,119.15亿美元（211,915百万美元）": 亿 or 万, the
printed figure in its table's unit beside it so the row is found by it). The row itself,
as printed, is quoted after the answer as its evidence (``answering/figures.py``). A
Chinese report's own labels are kept, and its sums in 元 read as before
("12.35亿元（123,456.78万元）").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.figures.formula import Cell
from agent.figures.grid import SCALES
from agent.figures.items import shown_label
from agent.figures.numerals import ZH_UNITS, number, printed, subtrahend, two_places, zh_amount
from pipeline.text import lexicon
from pipeline.text.finance import vocabulary
from pipeline.text.script import HAN_RE

# A table's scale in Chinese words, before the currency: "7,301,505千美元".
_SCALE_ZH = {"thousands": "千", "millions": "百万", "billions": "十亿"}
_CURRENCY_ZH = {"$": "美元", "€": "欧元", "£": "英镑", "¥": "元"}
_YI, _WAN = 1e8, 1e4


def english_source(c: Cell) -> bool:
    """Is the cell's row labelled in a language other than Chinese (an English filing)?"""
    return not HAN_RE.search(c.label)


# a unit a Chinese row's label ends with: "营业收入（元）", "基本每股收益（元/股）", "（%）"
_LABEL_UNIT = re.compile(
    r"\s*[（(]\s*((?:千|万|百万|亿)?元(?:/[股人户])?|%|％|[股人户家个次倍天])\s*[)）]\s*$"
)


def label_unit(label: str) -> tuple[str, str]:
    """A Chinese row label without the unit it names, and that unit as a figure is said
    with it ("基本每股收益（元/股）" → ("基本每股收益", "元"): the label already says 每股);
    ("label", "") when it names none."""
    m = _LABEL_UNIT.search(label)
    if m is None or not HAN_RE.search(label[: m.start()]):
        return label, ""
    bare, unit = label[: m.start()], m.group(1).replace("％", "%")
    head, _, per = unit.partition("/")
    return bare, head if per and f"每{per}" in bare else unit


def with_label_unit(shown: str, c: Cell) -> str:
    """A Chinese figure followed by the unit its row's label names, once: not again when
    the figure already says it ("12.35亿元（1,234,567,890.12元）", "12.5%")."""
    unit = label_unit(shown_label(c.label))[1]
    return shown if not unit or unit[-1] in shown else f"{shown}{unit}"


def zh_label(c: Cell, label: str = "") -> str:
    """The row as a Chinese sentence names it: its own label when Chinese (without the
    unit it names, which the figure says: ``with_label_unit``), else the line item's
    Chinese name (``finance_terms.json``); a label no item names stays as printed (a
    segment's or product's name)."""
    label = label or shown_label(c.label)
    if HAN_RE.search(label):
        return label_unit(label)[0]
    item = vocabulary().items.get(c.item)
    zh = next((n for n in item.names if HAN_RE.search(n)), "") if item else ""
    return zh or label


def zh_year(c: Cell, year: int) -> str:
    """ "2023财年" for an English filing's fiscal year (its columns say "Fiscal 2023"),
    "截至2023年6月30日止六个月" for its column of a part of the year ("Six Months Ended
    June 30, 2023": no fiscal year), "2022年第四季度" for a quarter it names ("Fourth
    Quarter 2022"), "2023年" for a Chinese report's."""
    if not english_source(c):
        return f"{year}年"
    quarter = _QUARTER.search(c.period)
    if quarter is not None:  # a release's "FOURTH QUARTER 2022" column: no fiscal year
        n = _ORDINALS.get((quarter.group(1) or "").lower()) or int(quarter.group(2))
        return f"{year}年第{'一二三四'[n - 1]}季度"
    part = _PART_OF_YEAR.search(c.period)
    if part is None or part.group(2).lower() not in _MONTHS:
        # a column dated without a length (a balance "December 31, 2022" of a quarterly
        # report) is that day, no fiscal year: "2022年12月31日", never "2022财年"
        return zh_date(c.period, year) or f"{year}财年"
    length, month, day = part.group(1).lower(), _MONTHS[part.group(2).lower()], part.group(3)
    return f"截至{year}年{month}月{day}日止{_LENGTHS[length]}个月"


def zh_date(period: str, year: int) -> str:
    """ "2022年12月31日" of a column dated "December 31, 2022" (a day, not a period
    "ended" on it) when ``year`` is the date's own (a fiscal year named by the calendar
    year before is not), else ""."""
    m = _DATED.search(period)
    # "Year Ended December 31, 2022" is a year's flow, not that day's balance
    if m is None or re.search(r"\bended\b", period, re.I) or int(m.group(3)) != year:
        return ""
    return f"{year}年{_MONTHS[m.group(1).lower()]}月{int(m.group(2))}日"


_LENGTHS = {"three": "三", "six": "六", "nine": "九"}
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_QUARTER = re.compile(r"\b(first|second|third|fourth)\s+quarter\b|\bQ([1-4])\b", re.I)
_MONTH_NAMES = (
    "january february march april may june july august september october november december"
)
_MONTHS = {m: i + 1 for i, m in enumerate(_MONTH_NAMES.split())}
_DATED = re.compile(r"\b(" + _MONTH_NAMES.replace(" ", "|") + r")\W+(\d{1,2}),?\s+(\d{4})\b", re.I)
_PART_OF_YEAR = re.compile(r"\b(three|six|nine)\s+months\s+ended\W+([a-z]+)\W+(\d{1,2})\b", re.I)


def zh_value(value: float, scale: str, currency: str, raw: str) -> str:
    """A cell's figure in Chinese: a percentage as printed, a sum of money in 亿 or 万 of
    its currency with the printed figure beside it, anything else in its table's unit."""
    if raw.strip().endswith("%"):
        return f"{printed(value, raw)}%"
    if scale in ZH_UNITS:
        return zh_amount(value, scale, raw)
    money = _CURRENCY_ZH.get(currency, "")
    shown = f"{printed(value, raw)}{_SCALE_ZH.get(scale, '')}{money}"
    if not money:
        return shown
    whole = value * SCALES.get(scale, 1.0)
    for big, word in ((_YI, "亿"), (_WAN, "万")):
        if abs(whole) >= big:
            return f"{two_places(whole / big)}{word}{money}（{shown}）"
    return shown


def zh_working(working: str, cells: Sequence[Cell]) -> str:
    """A formula's working with each operand named in Chinese ("total revenue 7,301,505"
    → "营业收入 7,301,505"): the names ``formula.evaluate`` wrote are the rows' labels."""
    for c in cells:
        printed = shown_label(c.label).lower()
        name = zh_label(c)
        if printed and name != shown_label(c.label):
            working = working.replace(f"{printed} ", f"{name} ")
    return working


_RATE = lexicon.pattern("zh_periods.rate_asked", template="{}")


def zh_difference(a: Cell, b: Cell, question: str, ids: str) -> list[str]:
    """The change from ``a`` to ``b`` as an amount, for a Chinese question asking how much
    a sum grew (比年初增加了多少, 减少了多少) and not a rate: "货币资金（期初余额→期末余额）
    增减额 = 1,520,000,000 − 1,380,000,000 = 140,000,000元（1.4亿元）", the working first
    (the reflection re-computes it), then the sum as a reader says it. None for a
    percentage, a per-share figure or cells in two units."""
    unit = a.scale
    if _RATE.search(question) or unit != b.scale or unit not in ZH_UNITS or unit not in SCALES:
        return []
    if any(c.raw.strip().endswith("%") for c in (a, b)):
        return []
    diff = round(b.value - a.value, 2)
    said = ""
    for big, word in ((_YI, "亿元"), (_WAN, "万元")):
        if abs(diff * SCALES[unit]) >= big and word != unit:
            said = f"（{two_places(diff * SCALES[unit] / big)}{word}）"
            break
    label = zh_label(b)
    span = f"（{a.period}→{b.period}）" if a.period != b.period else ""
    working = f"{number(b.value)} − {subtrahend(a.value)} = {number(diff)}{unit}"
    return [f"{label}{span}增减额 = {working}{said} {ids}。"]
