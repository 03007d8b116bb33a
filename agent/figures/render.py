"""How figures read in an answer: one sentence per cell, the working of a change, and
the note naming a figure the documents do not give."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent import prompts
from agent.figures.en_said import chinese_row, en_label, en_period, en_value
from agent.figures.follow_rows import follow_label, reader_case
from agent.figures.formula import Cell
from agent.figures.grid import SCALES, unscaled_label
from agent.figures.items import MIN_ROW_MATCH, row_match, shown_label
from agent.figures.lookup import Finder
from agent.figures.numerals import number, subtrahend
from agent.figures.part_periods import PART_NAMED, part_column, part_said
from agent.figures.periods import months_of, zh_period_said
from agent.figures.printed_rates import printed_rate
from agent.figures.report_said import (
    Said,
    en_sentence,
    period_words,
    rate,
    worked_rate,
    zh_sentence,
)
from agent.figures.zh_said import (
    english_source,
    with_label_unit,
    zh_date,
    zh_label,
    zh_value,
    zh_year,
)
from pipeline.text.finance import vocabulary
from pipeline.text.lexicon import pattern
from pipeline.text.periods import DATED_RE
from pipeline.text.script import HAN_RE

_PART_YEAR = (3, 6, 9)


def in_scale(value: float, scale: str, asked: str, money: bool) -> str:
    """ " ($302.6 million)": the figure again in the unit asked, when the table prints
    another one (the reflection checks it as the cell's figure rescaled)."""
    if not asked or asked == scale or scale not in SCALES:
        return ""
    v = value * SCALES[scale] / SCALES[asked]
    shown = f"{abs(v):,.2f}".rstrip("0").rstrip(".") if abs(v) < 1000 else f"{abs(v):,.0f}"
    return f" ({'−' if v < 0 else ''}{'$' if money else ''}{shown}{scale_word(asked, 'en')})"


def cell_sentence(
    c: Cell,
    finder: Finder,
    lang: prompts.Lang,
    asked: str = "",
    *,
    named: str = "",
    before: Cell | None = None,
) -> str:
    """ "Total current liabilities were $57,883 million at December 31, 2017 [doc#276]."
    With ``asked`` (a unit the question wants), the figure follows in that unit too; with
    ``named``, the item after a label that names only a part ("STELARA sales"); with
    ``before``, the same row's figure for the period before, compared ("…, up from
    $51,000 million a year earlier")."""
    scale, currency = c.scale or _shown_scale(c, finder), finder.currency(c.chunk_id)
    # A year the column does not print (本报告期, dated by the report's cover) chose the
    # column; the sentence says the period as printed, which its citation supports.
    year = c.year if c.year and str(c.year) in c.period else None
    label = f"{shown_label(c.label)} {named}".strip()
    if chinese_row(c):  # a Chinese report's row, in either language (``report_said.py``)
        return _report_sentence(c, finder, lang, scale=scale, before=before, label=label)
    if lang == "zh":  # the item by its Chinese name, a sum in 亿/万 (``zh_said.py``)
        at = zh_year(c, year) if year else zh_period_said(c.period)
        shown = with_label_unit(zh_value(c.value, scale, currency, c.raw), c)
        if before is not None:
            dated = before.year and str(before.year) in before.period
            then = (
                zh_year(before, before.year)
                if dated and before.year
                else zh_period_said(before.period)
            )
            was = zh_value(before.value, before.scale or scale, currency, before.raw)
            shown += f"，{then}为{with_label_unit(was, before)}"
        return f"{at}{zh_label(c, label)}为{shown} [{c.chunk_id}]。"
    known = vocabulary().items.get(c.item)
    counted = known is not None and known.counted  # shares: no dollars
    money = currency == "$" and not c.raw.strip().endswith("%") and not counted
    value = f"{_as_printed(c, money)}{scale_word(scale, lang)}"
    value += in_scale(c.value, scale, asked, money)
    balance = vocabulary().items[c.item].statement == "balance"
    said = f"{label} {copula(label)} {value} {when(c, balance)}"
    if before is not None:
        move = "up from" if c.value > before.value else "down from"
        move = "unchanged from" if c.value == before.value else move
        then_scale = scale if before.scale == c.scale else before.scale
        then = f"{_as_printed(before, money)}{scale_word(then_scale, lang)}"
        year_apart = c.year and before.year and c.year - before.year == 1
        # "June 30, 2023" beside "December 31, 2022" is no year apart: said by its date
        same_day = _day(c.period) == _day(before.period)
        ago = "a year earlier" if year_apart and same_day else when(before, balance)
        said += f", {move} {then} {ago}"
    return f"{said} [{c.chunk_id}]."


def _report_sentence(
    c: Cell, finder: Finder, lang: prompts.Lang, *, scale: str, before: Cell | None, label: str
) -> str:
    """A Chinese report's row as a person says it (``report_said.py``): "本期营业总收入为
    475.58万元（…），较上期的569.92万元（…）下降16.55% [id]。", "Total revenue (“营业总收入”)
    was RMB 4.76 million (…) in the current period (“本期发生额”), down 16.55% from …"."""
    currency = finder.currency(c.chunk_id)

    def said(x: Cell, unit: str) -> Said:
        if lang == "zh":
            shown = with_label_unit(zh_value(x.value, unit, currency, x.raw), x)
        else:
            shown = en_value(x, unit)
        return Said(shown, x.value, x.period)

    now = said(c, scale)
    then = said(before, before.scale or scale) if before is not None else None
    change, cited = None, [c.chunk_id]
    if before is not None and not c.raw.strip().endswith("%"):
        worked = worked_rate(c.value, before.value)
        printed = printed_rate(finder.tables, before, c, worked) if worked is not None else None
        change = rate(c.value, before.value, printed.raw if printed else "")
        cited += [printed.chunk_id] if printed else []  # the rate where it is printed
    marks = "".join(f"[{cid}]" for cid in dict.fromkeys(cited))
    if lang == "zh":
        return zh_sentence(zh_label(c, label), now, then, change, marks)
    named = en_label(c, c.label, lead=True)
    return en_sentence(named, now, then, change, ids=marks, verb=copula(named))


def _as_printed(c: Cell, money: bool) -> str:
    """A cell's figure signed, with the digits its table prints ("$2.80", not "$2.8")
    when they are the value's."""
    m = re.search(r"\d[\d,]*(?:\.\d+)?", c.raw)
    if m is None or float(m.group(0).replace(",", "")) != abs(c.value):
        return signed(c.value, money)
    return f"{'−' if c.value < 0 else ''}{'$' if money else ''}{m.group(0)}"


def _shown_scale(c: Cell, finder: Finder) -> str:
    """The scale to say for a cell whose table states none: the one its document's other
    passages state, for an amount (not a per-share figure or a ratio); said, never used in
    a computation."""
    if unscaled_label(c.label) or _CENTS.search(c.raw) or not finder.currency(c.chunk_id):
        return ""
    doc = next((g.passage.doc_id for g in finder.tables if g.passage.chunk_id == c.chunk_id), "")
    return finder.doc_scales.get(doc, "")


_CENTS = re.compile(r"\d\.\d\d(?!\d)")


def _day(period: str) -> str:
    """The month and day a column prints ("June 30"), or ""."""
    m = DATED_RE.search(period)
    return m.group(0).rsplit(",", 1)[0] if m else ""


def when(c: Cell, balance: bool) -> str:
    """When a cell's figure is: "at June 30, 2023" for a balance (a balance is at a date,
    a flow over a period), "in the three months ended …" for a part of a year, else "in
    FY2023" (or the column as printed)."""
    year = c.year if c.year and str(c.year) in c.period else None
    dated = DATED_RE.search(c.period)
    if dated and balance:
        return f"at {dated.group(0)}"
    if dated and months_of(c.period) in _PART_YEAR:  # a quarter is not its fiscal year
        # the words naming the period, not a statement's title printed above them
        before = c.period[: dated.start()]
        named = list(PART_NAMED.finditer(before))
        lead = before[named[-1].start() :] if named else before
        return f"in the {lead.lower()}{dated.group(0)}"
    if not dated and months_of(c.period) in _PART_YEAR:  # "Q2 2023": as printed
        return f"in {part_column(c.period)}"
    if balance and year:
        return f"at the end of FY{year}"
    return f"in FY{year}" if year else f"({c.period})"


def change_line(
    a: Cell, b: Cell, digits: int, lang: prompts.Lang, *, named: str = "", part: bool = False
) -> str:
    """The change from cell ``a`` to cell ``b`` in percent, with the working; ``named``
    as for ``cell_sentence``; a ``part``'s row keeps its label's capitals (a name)."""
    pct = (b.value - a.value) / abs(a.value) * 100
    # over the prior figure's size: a loss narrowing from −9.1 to −8.4 is a rise of 7.7%
    working = (
        f"({number(b.value)} − {subtrahend(a.value)}) ÷ {number(abs(a.value))} = {pct:.{digits}f}%"
    )
    working = working.replace("= -", "= −")  # as reports print a decline
    label = f"{shown_label(b.label)} {named}".strip()
    low = label if part else _lower(label)
    if lang == "zh":
        label = zh_label(b, label)
    # a Chinese year is a figure the citation must print: periods named 本期, 上年同期
    # and dated by the report's cover are said by their names
    printed = all(c.year and str(c.year) in c.period for c in (a, b)) or lang != "zh"
    if lang == "en" and chinese_row(b):  # periods as the Chinese columns print them
        span = f"{en_period(a)[1:-1]} → {en_period(b)[1:-1]}"
        return f"Change in {en_label(b, label)} ({span}) = {working} {ids([a, b])}."
    part = lang == "en" and months_of(b.period) in _PART_YEAR
    if part:  # "Q2 2022 → Q2 2023", "three months ended June 30, 2022 → …": never FY
        return (
            f"Change in {low} ({part_said(a.period)} → {part_said(b.period)}) = {working} "
            f"{ids([a, b])}."
        )
    if a.year is None or b.year is None or not printed:  # undated periods: their names
        if lang == "zh":
            return f"{label}（{a.period}→{b.period}）变化 = {working} {ids([a, b])}。"
        return f"Change in {low} ({a.period} → {b.period}) = {working} {ids([a, b])}."
    if lang == "zh":
        span = f"{zh_year(a, a.year)}→{zh_year(b, b.year)}"
        return f"{label}{span}变化 = {working} {ids([a, b])}。"
    return f"Change in {low} FY{a.year} → FY{b.year} = {working} {ids([a, b])}."


def _lower(label: str) -> str:
    """A label inside a sentence: lower case, but a name in capitals stays ("AWS")."""
    return " ".join(w if len(w) > 1 and w.isupper() else w.lower() for w in label.split(" "))


def amount(value: float, digits: int, scale: tuple[str, str], lang: prompts.Lang) -> str:
    """A computed sum of money: "$9,068 million"."""
    unit, currency = scale
    if lang == "zh":
        return zh_value(round(value, digits), unit, currency, "")
    sign = ("−" if value < 0 else "") + ("$" if currency == "$" and lang == "en" else "")
    return f"{sign}{abs(value):,.{digits}f}{scale_word(unit, lang)}"


def signed(value: float, dollars: bool) -> str:
    """A figure of money with its sign before the currency: "−$1,693", never "$−1,693"."""
    return f"{'−' if value < 0 else ''}{'$' if dollars else ''}{number(abs(value))}"


def scale_word(scale: str, lang: prompts.Lang) -> str:
    words = {"millions": " million", "thousands": " thousand", "billions": " billion"}
    if lang == "zh":
        words = {"millions": "百万", "thousands": "千", "billions": "十亿"}
    return words.get(scale, "")


def ids(cells: Sequence[Cell]) -> str:
    """The citation markers of the cells, each passage once, in order of use."""
    return "".join(f"[{cid}]" for cid in dict.fromkeys(c.chunk_id for c in cells))


def _sum_names(item: str) -> tuple[str, ...]:
    """The names of a sum a formula wants ("total_debt + total_equity"), each item by its
    first English and first Chinese name: a key is never shown to the reader."""
    items = [vocabulary().items.get(p.strip()) for p in item.split(" + ")]
    if not all(items):
        return ()
    en = " and ".join(next((n for n in i.names if not HAN_RE.search(n)), "") for i in items if i)
    zh = "和".join(next((n for n in i.names if HAN_RE.search(n)), "") for i in items if i)
    return (en, zh)


def missing_note(item: str, year: int | None, lang: prompts.Lang) -> str:
    """Names a figure the tables do not give (worded so the reflection reads it as a
    statement about the documents, not a claim needing a source)."""
    known = vocabulary().items.get(item)
    names = [n for n in (known.names if known else _sum_names(item)) if n.strip()]
    # either slot may be empty: each part of the sentence is said only with its word, so
    # no "的" hangs without its year and no "what  was" names nothing
    if lang == "zh":
        zh = next((n for n in names if HAN_RE.search(n)), names[0] if names else "")
        if not zh:
            return f"文档没有提到{f'{year}年' if year else ''}所需的数据。"
        return f"文档没有提到{f'{year}年' if year else ''}{zh}的数据。"
    if not names:
        return f"The documents do not give the figure needed{f' for FY{year}' if year else ''}."
    said = f"{f'FY{year} ' if year else ''}{names[0]}"
    verb = "were" if " and " in names[0] and not known else copula(names[0])  # a sum's items
    return f"The documents do not say what {said} {verb}."


def follow_ups(
    finder: Finder, cells: Sequence[Cell], lang: prompts.Lang, *, named: str = ""
) -> list[str]:
    """Questions about the rows beside the answer's first cell, for the same period as
    the answer says it ("in the three months ended June 30, 2023" of a quarter's column,
    never its fiscal year); for a part's row (``finder.parts``), each row's name as
    printed, with the item ``named`` ("What was International revenue …")."""
    out = []
    for c in cells:
        item = vocabulary().items.get(c.item)
        balance = item is not None and item.statement == "balance"
        # more rows than are asked: some have no name to ask by (``follow_rows.py``)
        for printed in finder.neighbours(c, 2 * _FOLLOW_UPS):
            if item and row_match(printed, item) >= MIN_ROW_MATCH:
                continue  # the same item again ("其中：营业收入" under 营业总收入)
            row = follow_label(printed, lang)
            if not row:
                continue
            row = row if finder.parts else reader_case(row)
            label = f"{row} {named}".strip()
            if lang == "zh":
                out.append(f"{_zh_when(c)}{label}是多少？")
                continue
            said = label if finder.parts else label[:1].lower() + label[1:]
            out.append(f"What {copula(label)} {said}{_asked_when(c, finder, balance)}?")
    return list(dict.fromkeys(out))[:_FOLLOW_UPS]


_FOLLOW_UPS = 3


def _asked_when(c: Cell, finder: Finder, balance: bool) -> str:
    """The period a follow-up asks about: the one the answer's sentence names. A column
    dated without its length ("June 30, 2022") in a document whose tables print parts of
    a year is no fiscal year known to the reader: asked by its date."""
    said = when(c, balance)
    if said.startswith("("):  # the year is not the column's own (a report's cover)
        # a Chinese report's column by its period's English name ("本期发生额": "in the
        # current period"), never as a fiscal year (a first quarter's report is no FY)
        if HAN_RE.search(c.period):
            return f" {period_words(c.period)}" if period_words(c.period) else ""
        return f" in FY{c.year}" if c.year else ""
    dated = DATED_RE.search(c.period)
    if said.startswith("in FY") and dated and _prints_parts(finder, c):
        return f" in the period ended {dated.group(0)}"
    return f" {said}"


def _prints_parts(finder: Finder, c: Cell) -> bool:
    """Does the cell's document print columns of a part of a year (a quarterly report)?"""
    docs = {g.passage.doc_id for g in finder.tables if g.passage.chunk_id == c.chunk_id}
    return any(
        col.months in _PART_YEAR
        for g in finder.tables
        if g.passage.doc_id in docs
        for col in g.columns
    )


def _zh_when(c: Cell) -> str:
    """A Chinese follow-up's period: the year when the column prints it and names no part
    of a year, else the column as printed when short ("本报告期"), else none."""
    part = months_of(c.period) in _PART_YEAR
    if c.year and str(c.year) in c.period and not part:
        # a balance at a quarter's close is asked at its day ("2022年12月31日"), not a year
        return (zh_date(c.period, c.year) if english_source(c) else "") or f"{c.year}年"
    period = zh_period_said(c.period.strip())
    return period if period and len(period) <= _ZH_PERIOD and "|" not in period else ""


_ZH_PERIOD = 12  # a longer header is a table's title run on, not a period to ask by


_QUALIFIED = pattern("row_labels.qualifiers", template=r"(?:,\s*net\b|\s+(?:{})\b).*$", flags=re.I)


_PARTICIPLE = pattern("row_labels.participles", template=r"\w+ed|{}", flags=re.I)


def copula(label: str) -> str:
    """ "were" for a plural line item ("Inventories", "Net sales", "Proceeds from …"), else
    "was" ("Cost of sales", "Net income attributable to shareholders"): by its head noun,
    the last word before what qualifies it."""
    bare = re.sub(r"(?:\s*\([^)]*\)|\d+)+$", "", label.strip())  # footnote marks
    head = _QUALIFIED.sub("", bare) or bare
    # a participle after the noun says what was done with it: "Dividends paid" are paid
    words = head.split()
    while len(words) > 1 and _PARTICIPLE.fullmatch(re.sub(r"[^\w]", "", words[-1])):
        words.pop()
    word = re.sub(r"[^\w]", "", words[-1]) if words else ""
    if word.isupper():  # an acronym ("EPS", "SG&A") is one thing
        return "was"
    return "were" if re.search(r"[^s]s$", word.lower()) else "was"


_ROUND = re.compile(r"(?:round|rounded)[^.?]*?\b(one|two|three|zero|\d)\s+decimal", re.I)
_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3}


# a percentage below this is said with two decimals, not one: three significant digits,
# as a margin of 33.5% has ("1.5%" for 1.477% is 1.5% off, a fiftieth of the figure)
_SMALL_PERCENT = 10.0


def percent_digits(value: float) -> int:
    """The decimals a worked percentage is said with when the question asks none."""
    return 2 if abs(round(value, 1)) < _SMALL_PERCENT else 1


def decimals(question: str, default: int) -> int:
    """The decimals a question asks figures rounded to ("round to one decimal place")."""
    m = _ROUND.search(question)
    if m is None:
        return default
    word = m.group(1).lower()
    return _WORDS[word] if word in _WORDS else int(word)
