"""How a figure of a Chinese report reads in an English answer.

An English question asked of a Chinese report is answered in English: the row by the
English name of its line item with the Chinese label quoted beside it, so the reader
finds the row ("“营业总收入” (total revenue)"); a sum of yuan as an English reader says it,
in millions of RMB with the printed figure in its unit beside it ("RMB 4.76 million
(4,755,785.11 yuan)"); a period the table names only in Chinese quoted as printed
("(“本期发生额”)"), never translated into a date the cited row does not print.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.figures.formula import Cell
from agent.figures.grid import SCALES, figure, unscaled_label
from agent.figures.items import shown_label
from agent.figures.numerals import ZH_UNITS, printed, two_places, zh_amount
from agent.figures.zh_said import label_unit
from pipeline.text.finance import vocabulary
from pipeline.text.script import HAN_RE

# a Chinese table's unit in English words, for the printed figure beside the RMB sum
_UNIT_EN = {
    "元": "yuan",
    "千元": "thousand yuan",
    "万元": "ten-thousand yuan",
    "百万元": "million yuan",
    "亿元": "hundred-million yuan",
}
_BIG = ((1e9, "billion"), (1e6, "million"), (1e3, "thousand"))


def chinese_row(c: Cell) -> bool:
    """Is the cell's row labelled in Chinese (a Chinese report's table)?"""
    return bool(HAN_RE.search(c.label))


def en_label(c: Cell, label: str, *, lead: bool = False) -> str:
    """The line item's English name, then the Chinese label quoted so the reader finds the
    row: "total revenue (“营业总收入”)" ("Total revenue …" to ``lead`` a sentence); the quoted
    label alone for a row no line item names."""
    bare = label_unit(shown_label(label))[0]
    english = _english_name(c.item)
    if english and lead:
        english = english[:1].upper() + english[1:]
    return f"{english} (“{bare}”)" if english else f"“{bare}”"


def _english_name(item: str) -> str:
    line = vocabulary().items.get(item)
    names = [n for n in line.names if not HAN_RE.search(n)] if line is not None else []
    return names[0] if names else ""


def en_value(c: Cell, scale: str) -> str:
    """A figure of a Chinese table as an English reader says it: a sum in RMB millions
    (or billions) with the printed figure in its unit beside it, a per-share figure in
    yuan per share, a percentage as printed."""
    shown = printed(c.value, c.raw)
    if c.raw.strip().endswith("%"):
        return f"{shown}%" if not shown.endswith("%") else shown
    unit = scale if scale in ZH_UNITS else label_unit(shown_label(c.label))[1]
    if "每股" in c.label:
        return f"RMB {shown} per share"
    if unit not in ZH_UNITS or unscaled_label(c.label):
        return shown
    yuan = c.value * SCALES[unit]
    said = f"{shown} {_UNIT_EN[unit]}"
    for big, word in _BIG:
        if abs(yuan) >= big:
            return f"RMB {two_places(yuan / big)} {word} ({said})"
    return f"RMB {said}"


def en_period(c: Cell) -> str:
    """A column the table names only in Chinese, quoted as printed: "(“本期发生额”)"."""
    return f"(“{c.period}”)" if HAN_RE.search(c.period) else f"({c.period})"


def en_working(working: str, cells: Sequence[Cell]) -> str:
    """A formula's working over a Chinese report's rows with each operand named in English
    and its label quoted ("货币资金 40,962,331.62 ÷ …" → "cash and cash equivalents
    (“货币资金”) 40,962,331.62 ÷ …"): the names ``formula.evaluate`` wrote are the labels."""
    for c in cells:
        bare = shown_label(c.label).lower()
        if bare and chinese_row(c):
            working = working.replace(f"{bare} ", f"{en_label(c, c.label)} ", 1)
    return working


# a cell holding one printed sum and nothing else ("3,240,868.82", "-1,250.00")
_SUM = re.compile(r"\(?[-−]?\d{1,3}(?:,\d{3})+(?:\.\d+)?\)?|\(?[-−]?\d{5,}(?:\.\d+)?\)?")


def scaled_cell(raw: str, unit: str, lang: str) -> str:
    """A cell of a Chinese table stated in yuan (``unit``: 元, 万元 …), said at a reader's
    scale with the printed figure beside it ("324.09万元（3,240,868.82元）", "RMB 3.24
    million (3,240,868.82 yuan)"); "" for a cell that is no sum (text, a rate, a count)."""
    value = figure(raw.replace("−", "-"))
    if unit not in ZH_UNITS or value is None or not _SUM.fullmatch(raw.strip()):
        return ""
    if lang == "zh":
        return zh_amount(value, unit, raw)
    yuan, said = value * SCALES[unit], f"{printed(value, raw)} {_UNIT_EN[unit]}"
    big = next(((b, w) for b, w in _BIG if abs(yuan) >= b), None)
    return f"RMB {two_places(yuan / big[0])} {big[1]} ({said})" if big else f"RMB {said}"
