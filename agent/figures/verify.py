"""The verifier: a figure answer is shown only when what it computes makes sense.

Every figure of an answer is a cited cell or computed from cited cells (the composer's
methods only ever read cells; the reflection re-computes each working). What no check of
the arithmetic catches is a computation that is right but senseless: a "margin" of
130,900%, a "percentage" of a sum never divided by anything, an average outside its
operands, a growth whose sign its two figures contradict, a figure of another period than
the one asked. Such an answer is never shown: its method gives way to the next one, or to
an answer that says which figures were found and why none was worked from them. No
answer names a line item by its internal key ("operating_income").
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent import prompts
from agent.figures.formula import Cell
from agent.figures.lookup import Finder
from agent.figures.render import cell_sentence
from pipeline.text import lexicon
from pipeline.text.finance import vocabulary

# What is a part of a whole, so lies between −100% and 100%: a margin, a share, one
# figure as a percent of another, 利润率 / 毛利率 / 占比.
_BOUNDED = lexicon.pattern(
    "asked_figures.bounded_zh",
    template=r"margin|\bshare\b|proportion|percent(?:age)? of|% of|\bas an? (?:percent|share)|{}",
    flags=re.I,
)
# "Operating margin FY2021 = … = 130900.0%": the name before the first "=", the result
# after the last one.
_RESULT = re.compile(r"=\s*([−-]?[\d,]+(?:\.\d+)?)\s*%")
# a line item's key as the vocabulary writes it: lower-case words joined by "_"
_KEY = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
_SLACK = 1e-6


@dataclass(frozen=True)
class Computed:
    """A figure an answer computes, as it shows it (a percentage in percent)."""

    name: str
    value: float
    kind: str  # "ratio", "average", "growth", "cagr" or "amount"
    percent: bool = False
    divides: bool = True  # does the formula divide one figure by another?
    operands: tuple[float, ...] = ()  # an average's terms; a growth's (before, now)
    bound: str = ""  # what its metric's values must be (``Metric.bound``)


def bounded(name: str) -> bool:
    """Is a figure so named a part of a whole (a margin, a share)?"""
    return bool(_BOUNDED.search(name))


def insane(c: Computed) -> str:
    """Why a computed figure cannot be what it is called, or "" when it can be."""
    if not math.isfinite(c.value):
        return "it is not a number"
    if c.percent and not c.divides and c.kind != "growth":
        return "a percentage needs one figure divided by another"
    if c.percent and bounded(c.name) and abs(c.value) > 100 + _SLACK:
        return "a margin or share lies between −100% and 100%"
    why = _out_of_bound(c)
    if why:
        return why
    if c.kind == "average" and c.operands:
        low, high = min(c.operands), max(c.operands)
        if not low - _slack(low) <= c.value <= high + _slack(high):
            return "an average lies between its smallest and largest terms"
    if c.kind == "cagr":
        return _compound_problem(c)
    if c.kind == "growth" and len(c.operands) == 2:
        before, now = c.operands
        if before == 0:
            return "a growth from nothing is no percentage"
        expected = (now - before) / abs(before) * 100
        if abs(expected - c.value) > 0.05 + abs(expected) * 0.01:
            return "the growth does not follow from its two figures"
    return ""


def _compound_problem(c: Computed) -> str:
    """Why a compound annual growth rate cannot be what it is called, or ""."""
    if len(c.operands) != 3:
        return "a compound growth rate needs its first and last figures and its years"
    before, now, n = c.operands
    if before <= 0 or now <= 0 or n < 1:
        return "a compound growth rate needs two positive figures a year or more apart"
    expected = ((now / before) ** (1 / n) - 1) * 100
    if abs(expected - c.value) > 0.05 + abs(expected) * 0.01:
        return "the compound growth rate does not follow from its two figures"
    return ""


# a metric's bound (``finance_terms.json`` "bound"): why a value outside it is senseless
_BOUNDS = {
    "share": "a margin or share lies between −100% and 100%",
    "positive": "a turnover, cover or ratio of two balances is above zero",
    "days": "a number of days is above zero and below 1,000",
    # a tax rate or a payout far above its base: a per-share figure read for an amount
    "rate": "a rate of tax or payout is not ten times its base",
}
_MAX_DAYS = 1000
_MAX_RATE = 10  # times the base: 1,000%


def _out_of_bound(c: Computed) -> str:
    """Why a metric's value lies outside its bound, or "" (growths and moves aside: a
    turnover may fall, a margin move by any number of points)."""
    if c.kind not in ("ratio", "amount", "average") or c.bound not in _BOUNDS:
        return ""
    whole = 100.0 if c.percent else 1.0
    fails = {
        "share": abs(c.value) > whole + _SLACK,
        "positive": c.value <= 0,
        "days": not 0 < c.value < _MAX_DAYS,
        "rate": abs(c.value) > _MAX_RATE * whole,
    }
    return _BOUNDS[c.bound] if fails[c.bound] else ""


def _slack(x: float) -> float:
    return max(_SLACK, abs(x) * 1e-3)


def line_problem(line: str) -> str:
    """Why a written answer line cannot stand, or "": a margin or share outside ±100%
    ("Gross margin FY2021 = … = 130.5%"). This reads what any method wrote, so it guards
    the methods that record no ``Computed``. (A key in a line is renamed, not refused:
    ``said_names``.)"""
    head = line.split("=", 1)[0]
    results = list(_RESULT.finditer(line))
    m = results[-1] if results else None
    if m is not None and "=" in line and bounded(head) and not _growth_named(head):
        value = float(m.group(1).replace(",", "").replace("−", "-"))
        if abs(value) > 100 + _SLACK:
            return "a margin or share lies between −100% and 100%"
    return ""


_GROWTH = lexicon.pattern("change_words.growth_words", template=r"\b{}", flags=re.I)


def _growth_named(head: str) -> bool:
    """ "Change in gross margin …": a move of a margin, in percent or points, is no
    margin."""
    return bool(_GROWTH.search(head))


def identifiers(text: str) -> list[str]:
    """The vocabulary keys written in a text ("operating_income"), citation ids aside."""
    keys = set(vocabulary().items) | {m.key for m in vocabulary().metrics}
    bare = re.sub(r"\[[^\]]*\]", " ", text)  # [doc#12] markers are no prose
    return [k for k in _KEY.findall(bare) if k in keys]


def period_problem(cells: Sequence[Cell], asked: Sequence[int]) -> str:
    """A cell of a year neither asked nor needed: the question names years, and every
    figure worked from must be of them or of the year before one (a change, an average
    balance), never of a year the question does not reach."""
    if not asked:
        return ""
    allowed = {y - k for y in asked for k in (0, 1, 2)}
    wrong = [c for c in cells if c.year is not None and c.year not in allowed]
    return f"a figure of {wrong[0].year} answers no year asked" if wrong else ""


def found_note(name: str, why: str, lang: prompts.Lang) -> str:
    """The lead of an answer whose computed figure failed a check: what was not given and
    why, worded as a statement about the documents (no figure of its own to check)."""
    if lang == "zh":
        return f"根据找到的数字，依据不足以算出合理的{name}（{why}）；找到的数字如下。"
    return (
        f"The figures found are insufficient for a sensible {name} ({why}); "
        "the figures found are these."
    )


def said_names(text: str) -> str:
    """The text with any line item's key replaced by its name (a last guard: no key is
    ever shown)."""
    items = vocabulary().items

    def name(m: re.Match[str]) -> str:
        if m.group(0).startswith("["):  # a citation id stays as it is
            return m.group(0)
        known = items.get(m.group(0))
        return known.names[0] if known else m.group(0).replace("_", " ")

    return _KEY_OR_MARK.sub(name, text)


_KEY_OR_MARK = re.compile(r"\[[^\]]*\]|" + _KEY.pattern)


def problem(
    computed: Sequence[Computed], lines: Sequence[str], cells: Sequence[Cell], asked: Sequence[int]
) -> tuple[str, str]:
    """(what, why) of the first check an answer fails, or ("", "") when it passes all:
    each computed figure for its kind, each line as written, each cell's period."""
    for c in computed:
        why = insane(c)
        if why:
            return c.name, why
    for line in lines:
        why = line_problem(line)
        if why:
            return line.split("=", 1)[0].strip(" :：") or "figure", why
    why = period_problem(cells, asked)
    return ("figure", why) if why else ("", "")


def found_lines(
    what: str, why: str, cells: Sequence[Cell], finder: Finder, lang: prompts.Lang
) -> list[str]:
    """The answer to give instead of a figure that failed its check: why none is given,
    then each figure found, cited, as a sentence (at most four)."""
    seen: set[tuple[str, str, str]] = set()
    said = []
    for c in cells:
        key = (c.chunk_id, c.label, c.period)
        if key in seen or c.item not in vocabulary().items:
            continue
        seen.add(key)
        said.append(cell_sentence(c, finder, lang))
    name = said_names(what)
    if lang == "en" and name[1:2].islower():  # "Operating margin" inside a sentence
        name = name[:1].lower() + name[1:]
    return [found_note(name, why, lang), *said[:4]]
