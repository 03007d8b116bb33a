"""A compound annual growth rate: "What was revenue's CAGR from fiscal 2014 to fiscal
2016?", "the two-year compound annual growth rate of diluted EPS through 2019". The rate
is (last ÷ first)^(1/years) − 1 between the first and the last year, each figure a cell
(or a metric worked from cells) cited as usual; a simple growth over the span would be
another figure. Both ends must be positive: no compound rate leads from a loss."""

from __future__ import annotations

import re

from agent.figures.asking import Ask
from agent.figures.candidate import FigureAnswer
from agent.figures.formula import Result, ungrouped
from agent.figures.items import years
from agent.figures.render import decimals, ids
from agent.figures.verify import Computed
from agent.figures.working import Turn
from pipeline.text.lexicon import alternation

# the words asking a compound rate are data (``asked_changes`` in the lexicon)
_CAGR = re.compile(
    rf"\b(?:{alternation('asked_changes.compound_rate_words')})\b"
    rf"|\b(?:{alternation('asked_changes.compound_rate_openings')})"
    # the item named inside the rate: "compound annual revenue growth rate"
    r"|\bcompound(?:ed)? (?:average )?annual (?:[\w&-]+ ){1,3}growth rate\b",
    re.I,
)
_SPAN = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten|\d{1,2})[- ]years?\b", re.I)
_COUNTS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10,
}  # fmt: skip


def asks_cagr(question: str) -> bool:
    return _CAGR.search(question) is not None


def cagr_span(question: str) -> tuple[int, int] | None:
    """The first and last year of the compound rate asked: the two years the question
    names, or its last year and the span it says ("two-year CAGR through 2019"); None
    when it asks no compound rate or its span is not one year or more."""
    if not asks_cagr(question):
        return None
    ys = years(question)
    if len(set(ys)) >= 2:
        first, last = min(ys), max(ys)
    else:
        m = _SPAN.search(question)
        if not ys or m is None:
            return None
        word = m.group(1).lower()
        length = _COUNTS.get(word) or int(word)
        first, last = max(ys) - length, max(ys)
    return (first, last) if last > first else None


def compounded(ask: Ask, turn: Turn, span: tuple[int, int], ends: list[Result]) -> FigureAnswer:
    """The compound rate between the span's two results, its working written out."""
    first, last = span
    before, now = ends
    n = last - first
    if before.value <= 0 or now.value <= 0:
        raise ZeroDivisionError  # no compound rate from or to a loss: no answer of this kind
    rate = ((now.value / before.value) ** (1 / n) - 1) * 100
    digits = decimals(turn.question, 1)
    cells = [*now.cells, *before.cells]
    name = ask.name.lower() if ask.name.isascii() and not ask.name.isupper() else ask.name
    shown = f"{rate:.{digits}f}%".replace("-", "−")
    working = f"({ungrouped(now.working)} ÷ {ungrouped(before.working)})^(1/{n}) − 1"
    line = (
        f"Compound annual growth rate of {name} FY{first} → FY{last} ({n} years) = "
        f"{working} = {shown} {ids(cells)}."
    )
    check = Computed(ask.name, rate, "cagr", True, True, (before.value, now.value, float(n)))
    return FigureAnswer([line], cells=cells, computed=[check])
