"""How a computed figure is written: a formula's working for a year, and a percentage's
move between two years in points. Every figure carries the markers of its cells."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from agent import prompts
from agent.figures.asking import Ask
from agent.figures.en_said import chinese_row, en_working
from agent.figures.formula import Result, ungrouped
from agent.figures.items import shown_label, years
from agent.figures.lookup import Finder
from agent.figures.numerals import number, subtrahend
from agent.figures.ratios import PERCENT
from agent.figures.render import amount, decimals, ids, percent_digits, when
from agent.figures.report_said import en_period as report_period
from agent.figures.zh_said import zh_label, zh_working, zh_year
from pipeline.text.bilingual import chinese_name
from pipeline.text.finance import vocabulary
from pipeline.text.periods import DATED_RE


@dataclass(frozen=True)
class Turn:
    """What every rendering step needs: the cells found, the question, the language."""

    finder: Finder
    question: str
    lang: prompts.Lang


def is_percent(ask: Ask, turn: Turn) -> bool:
    divides = any(isinstance(n, ast.Div) for n in ast.walk(ask.formula))
    return ask.percent or (bool(PERCENT.search(turn.question)) and divides)


def points(ask: Ask, pair: tuple[Result, Result], year: int, turn: Turn) -> str:
    """How far a percentage moved between two years, in points, from the two results
    ("18.55% − 19.39% = −0.84 percentage points")."""
    # one decimal more than the margins shown: the move between two rounded margins
    # would be off by up to a tenth
    asked = digits = decimals(turn.question, 1) + 1
    exact = round((pair[1].value - pair[0].value) * 100, asked)
    a, b = (round(r.value * 100, digits) for r in pair)
    # a decimal more while the move between the margins shown is not the move itself
    # (13.33% − 14.04% = −0.71 of a true −0.7195): the working still adds up as shown
    while digits < asked + 2 and round(b - a, asked) != exact:
        digits += 1
        a, b = (round(r.value * 100, digits) for r in pair)
    diff = f"{b - a:.{digits}f}".replace("-", "−")
    working = f"{b:.{digits}f}% − {a:.{digits}f}% = {diff}"
    cells = pair[1].cells + pair[0].cells
    # the rows it comes from, named as the statement does: what the reader checks it by
    shown = [shown_label(c.label) for c in cells]
    rows = list(dict.fromkeys(x.lower() if turn.lang == "en" else x for x in shown))
    if turn.lang == "zh":
        source = "、".join(dict.fromkeys(zh_label(c) for c in cells))
        span = f"{zh_year(cells[0], year - 1)}→{zh_year(cells[0], year)}" if cells else f"{year}"
        return f"{chinese_name(ask.name)}{span}变化 = {working}个百分点（{source}）{ids(cells)}。"
    name = ask.name.lower() if ask.name.isascii() and not ask.name.isupper() else ask.name
    source = " and ".join(rows) if len(rows) <= 2 else ", ".join(rows[:-1]) + " and " + rows[-1]
    return (
        f"Change in {name} FY{year - 1} → FY{year} = {working} percentage points "
        f"(from {source}) {ids(cells)}."
    )


def working(ask: Ask, r: Result, year: int | None, turn: Turn) -> str:
    divides = any(isinstance(n, ast.Div) for n in ast.walk(ask.formula))
    percent = is_percent(ask, turn)
    shown_year = year or (r.cells[0].year if r.cells else None)
    if percent:
        value = f"{r.value * 100:.{decimals(turn.question, percent_digits(r.value * 100))}f}%"
    elif divides:
        value = f"{r.value:,.{decimals(turn.question, 2)}f}"
    else:
        first = r.cells[0] if r.cells else None
        unit = (first.scale, turn.finder.currency(first.chunk_id)) if first else ("", "")
        value = amount(r.value, decimals(turn.question, 0), unit, turn.lang)
    value = value.replace("-", "−", 1) if value.startswith("-") else value
    shown = ungrouped(r.working)  # "Total debt = current portion 60 + long-term debt 740"
    if turn.lang == "zh":
        # a year is a figure the citation must print: 期末余额 dated by the cover is not
        printed = shown_year and all(str(shown_year) in c.period for c in r.cells)
        dated = zh_year(r.cells[0], shown_year) if printed and shown_year and r.cells else ""
        said = zh_working(shown, r.cells)
        # a name read from an English reading of the question is said in Chinese
        return f"{dated}{chinese_name(ask.name)} = {said} = {value} {ids(r.cells)}。"
    if r.cells and all(chinese_row(c) for c in r.cells):  # a Chinese report's rows
        # each row named in English with its label quoted, the period as its column names it
        period = f" {report_period(r.cells[0].period)}"
        return f"{ask.name}{period} = {en_working(shown, r.cells)} = {value} {ids(r.cells)}."
    return f"{ask.name}{_period(r, shown_year, turn)} = {shown} = {value} {ids(r.cells)}."


def _period(r: Result, year: int | None, turn: Turn) -> str:
    """When a computed figure is: a quarter as its column says it, balances at the date
    their column prints ("Current ratio at June 30, 2023"), else the fiscal year."""
    items = vocabulary().items
    if r.cells and turn.finder.months in (3, 6, 9):  # a quarter is not its fiscal year
        return " " + when(r.cells[0], balance=False)
    # balances the question dates ("as of June 30, 2023"), or names no year of, are at
    # their column's date; a fiscal year asked is said as asked
    balances = all(c.item in items and items[c.item].statement == "balance" for c in r.cells)
    dated = DATED_RE.search(turn.question) or not years(turn.question)
    if r.cells and balances and dated and DATED_RE.search(r.cells[0].period):
        return " " + when(r.cells[0], balance=True)
    return f" FY{year}" if year else ""


def amount_growth(
    ask: Ask, pair: tuple[Result, Result], year: int, turn: Turn
) -> tuple[str, float]:
    """An amount worked out for two years and its growth in percent, from the two results
    ("Change in free cash flow FY2020 → FY2021 = (9,068 − 8,000) ÷ 8,000 = 13.4%")."""
    before, now = pair
    pct = (now.value - before.value) / abs(before.value) * 100
    digits = decimals(turn.question, 1)
    a, b = number(before.value), number(now.value)
    shown = f"{pct:.{digits}f}".replace("-", "−")
    change = f"({b} − {subtrahend(before.value)}) ÷ {a} = {shown}%"
    cells = now.cells + before.cells
    if turn.lang == "zh":
        line = f"{ask.name}{year - 1}→{year}年变化 = {change} {ids(cells)}。"
        return line, pct
    name = ask.name if ask.name.isupper() or not ask.name.isascii() else ask.name.lower()
    return (
        f"Change in {name} FY{year - 1} → FY{year} = {change} {ids(cells)}.",
        pct,
    )


def ratio_change(ask: Ask, pair: tuple[Result, Result], year: int, turn: Turn) -> str:
    """How far a ratio that is no percentage moved between two years, in its own unit
    (a current ratio, a turnover, days): "2.18 − 1.85 = 0.33". A change in percent of a
    ratio is rarely what a reader means by "how much did it change"."""
    digits = decimals(turn.question, 2)
    a, b = (round(r.value, digits) for r in pair)
    diff = f"{b - a:.{digits}f}".replace("-", "−")
    working = f"{b:,.{digits}f} − {a:,.{digits}f} = {diff}"
    cells = pair[1].cells + pair[0].cells
    if turn.lang == "zh":
        span = f"{zh_year(cells[0], year - 1)}→{zh_year(cells[0], year)}" if cells else f"{year}"
        return f"{ask.name}{span}变化 = {working} {ids(cells)}。"
    name = ask.name if ask.name.isupper() or not ask.name.isascii() else ask.name.lower()
    return f"Change in {name} FY{year - 1} → FY{year} = {working} {ids(cells)}."
