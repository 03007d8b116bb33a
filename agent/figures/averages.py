"""A figure's average over the years a question spans ("the three-year average net revenue
for fiscal 2020 through 2022"): each year's working, their mean, and what the verifier
checks of it (each term, and the mean between the smallest and the largest)."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from agent.figures.asking import Ask
from agent.figures.candidate import FigureAnswer
from agent.figures.formula import Result
from agent.figures.ratios import PERCENT
from agent.figures.render import decimals, ids
from agent.figures.verify import Computed
from agent.figures.working import Turn


def averaged(ask: Ask, turn: Turn, span: range, results: Sequence[Result]) -> FigureAnswer:
    """The mean of a formula's results over the years of ``span``, with each year's working
    and the check of every term and of the mean."""
    percent = ask.percent or bool(PERCENT.search(turn.question))
    value = sum(r.value for r in results) / len(results) * (100 if percent else 1)
    divides = any(isinstance(n, ast.Div) for n in ast.walk(ask.formula))
    terms = tuple(r.value * (100 if percent else 1) for r in results)
    kind = "ratio" if divides else "amount"
    computed = [Computed(ask.name, v, kind, percent, divides, bound=ask.bound) for v in terms]
    computed.append(Computed(ask.name, value, "average", percent, divides, terms, ask.bound))
    # an average of large amounts is said as they are printed ("4,916"), not "4916.00"
    whole = not percent and not divides and abs(value) >= 1000
    digits = decimals(turn.question, 1 if percent else 0 if whole else 2)
    cells = [c for r in results for c in r.cells]
    parts = " + ".join(f"({r.working})" if " " in r.working.strip() else r.working for r in results)
    shown = f"{value:,.{digits}f}{'%' if percent else ''}"
    working = f"({parts}) ÷ {len(results)} = {shown} {ids(cells)}"
    if turn.lang == "zh":
        line = f"{ask.name}{span[0]}–{span[-1]}年平均 = {working}。"
        return FigureAnswer([line], cells=cells, computed=computed)
    name = ask.name.lower() if ask.name.isascii() and not ask.name.isupper() else ask.name
    line = f"Average {name} FY{span[0]}–FY{span[-1]} = {working}."
    return FigureAnswer([line], cells=cells, computed=computed)
