"""Verdicts on judgement questions ("Is X a high-growth company?", "Is X
capital-intensive?"): the figure that decides it against the rule of thumb the vocabulary
states (``finance_terms.json`` "judgements"), said first and plainly, so the reader sees
both the answer and what it rests on."""

from __future__ import annotations

import ast
import itertools
import re

from agent import prompts
from agent.figures.formula import Cell, MissingFigure, parse
from agent.figures.items import shown_label
from agent.figures.lookup import Finder
from agent.figures.render import ids, number, scale_word
from agent.figures.zh_said import with_label_unit, zh_label, zh_value, zh_year
from pipeline.text.finance import Judgement, vocabulary
from pipeline.text.script import HAN_RE

TREND_YEARS = 3  # the years a trend is read over, the latest included


def judgement(question: str, formula: ast.expr | None) -> Judgement | None:
    """The judgement a question asks, when the figure asked (``formula``; None when the
    question names none) is the one deciding it."""
    for j in vocabulary().judgements:
        if j.find(question) is None:
            continue
        # compared as written: a node the question's words built carries no load context
        if formula is None or ast.unparse(formula) == ast.unparse(parse(j.formula)):
            return j
    return None


def measure_name(j: Judgement, question: str) -> str:
    """How an answer names the judgement's figure, in the question's language."""
    name = j.measure["zh" if HAN_RE.search(question) else "en"]
    return name[:1].upper() + name[1:]


def verdict(j: Judgement, value: float, working: str, lang: prompts.Lang) -> str:
    """The verdict, said first, on the working line that decides it: "No: change in net
    sales FY2021 → FY2022 = (…) ÷ … = 8.7%, below the 15% a year commonly taken as high
    growth [ids]." ``value`` is in percent when the judgement is."""
    bar = f"{j.above:g}%" if j.percent else f"{j.above:.1f}"
    met = value >= j.above
    m = _MARKS.search(working)
    body, marks = (working[: m.start()], m.group(1)) if m else (working.rstrip(".。"), "")
    if body[:1].isupper() and not body[:2].isupper():  # "No: change in …", "No: EBITDA …"
        body = body[0].lower() + body[1:]
    if not j.above:  # the sign alone: "Yes: dividends paid were $4 million in FY2025."
        if lang == "zh":
            return f"{'是' if met and value else '否'}：{body} {marks}。"
        return f"{'Yes' if met and value else 'No'}: {body} {marks}."
    if lang == "zh":
        side = "达到" if met else "低于"
        return f"{'是' if met else '否'}：{body}，{side}{j.rule['zh']}的{bar} {marks}。"
    side = "at or above" if met else "below"
    return f"{'Yes' if met else 'No'}: {body}, {side} the {bar} {j.rule['en']} {marks}."


# a line's closing citation markers and full stop
_MARKS = re.compile(r"\s*((?:\[[^\]]+\])+)\s*[.。]?\s*$")


def trend(
    j: Judgement, key: str, finder: Finder, latest: Cell, lang: prompts.Lang
) -> tuple[list[str], list[Cell]]:
    """A line item over the years before the latest (``TREND_YEARS``, as far as the tables
    go), and the verdict on its trend said first: "Yes: dividends paid rose or held every
    year: FY2020 $5,509 million; FY2021 $5,815 million (+5.6%); … [ids]." Empty when the
    tables give no earlier year."""
    cells = [latest]
    for year in range(latest.year - 1, latest.year - TREND_YEARS, -1) if latest.year else ():
        try:
            cells.append(finder(key, year))
        except MissingFigure:
            break
    cells.reverse()  # oldest first
    if len(cells) < 2:
        return [], []
    held = all(b.value >= a.value for a, b in itertools.pairwise(cells))
    money = finder.currency(latest.chunk_id) == "$"
    steps = [_step(c, cells[i - 1] if i else None, money, lang) for i, c in enumerate(cells)]
    label = shown_label(latest.label)
    if lang == "zh":
        side = "逐年持平或增长" if held else "并非逐年增长"
        said = "；".join(steps)
        return [
            f"{'是' if held else '否'}：{zh_label(latest, label)}{side}：{said} {ids(cells)}。"
        ], cells
    side = "rose or held every year" if held else "fell in at least one year"
    low = label[:1].lower() + label[1:] if not label[:2].isupper() else label
    return [f"{'Yes' if held else 'No'}: {low} {side}: {'; '.join(steps)} {ids(cells)}."], cells


def _step(c: Cell, before: Cell | None, money: bool, lang: prompts.Lang) -> str:
    shown = f"{'$' if money and lang == 'en' else ''}{number(c.value)}{scale_word(c.scale, lang)}"
    if lang == "zh":  # 亿/万 of its currency, as every Chinese figure (``zh_said.py``)
        shown = with_label_unit(zh_value(c.value, c.scale, "$" if money else "", c.raw), c)
    when = zh_year(c, c.year) if lang == "zh" and c.year else f"FY{c.year}"
    if before is None or not before.value:
        return f"{when} {shown}"
    pct = (c.value - before.value) / abs(before.value) * 100
    return f"{when} {shown} ({pct:+.1f}%)".replace("-", "−")
