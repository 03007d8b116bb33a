"""The computed metric a question asks (a formula over other figures: EBITDA, a quick
ratio), and which table rows print it.

A filing that prints the metric states it in a row of its own, under its name or under a
heading naming it ("Adjusted EBITDAR"; a segment's "Regional Operations" under "Adjusted
Property EBITDAR"): that row is the metric asked, as the company reports it. A row of one
of its operands ("Depreciation and amortization" of EBITDA) is not, even when the
vocabulary lists it among the lines that stand in for the metric in a search. Read so
only for a part of the company the question names; the whole company's own row of the
metric is the stated and named rows' methods' (``stated_rows``, ``named_rows``).
"""

from __future__ import annotations

import ast
import re

from agent.figures.grid import Grid, Row
from agent.figures.row_context import framing
from agent.figures.statements import head_of
from agent.scope import word_set
from pipeline.text.finance import Metric, vocabulary

_OPERATOR = re.compile(r"[-+*/]")


def computed_metric(question: str) -> Metric | None:
    """The longest computed metric the question names (a formula over other figures)."""
    q = question.lower()
    found: list[tuple[int, Metric]] = []
    for m in vocabulary().metrics:
        hit = m.find(q)
        if hit and m.formula and _OPERATOR.search(m.formula):
            found.append((hit.end() - hit.start(), m))
    return max(found, key=lambda f: f[0])[1] if found else None


def operand_names(metric: Metric) -> frozenset[str]:
    """The names of the line items the metric's formula is worked from, lower-cased."""
    tree = ast.parse(metric.formula, mode="eval")
    keys = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    items = vocabulary().items
    return frozenset(name.lower() for k in keys if k in items for name in items[k].names)


def standing_lines(metric: Metric) -> tuple[str, ...]:
    """The lines standing in for the metric that are none of its operands."""
    operands = operand_names(metric)
    return tuple(line for line in metric.lines if line.lower() not in operands)


def prints_metric(metric: Metric, g: Grid, r: Row) -> bool:
    """Does the row print the metric: its label, its heading or parent row, or its
    table's title names it?"""
    heading, parent = framing(g.passage.text, r.start)
    return metric.find(f"{r.label}\n{heading}\n{parent}\n{head_of(g)}".lower()) is not None


def of_part_asked(metric: Metric, question: str, label: str) -> bool:
    """Does the row's label say words of the question beyond the metric's own name (the
    segment asked: "Regional Operations", "MGM China")? A label naming the metric alone
    ("Effective tax rate", "Non-GAAP effective tax rate") is the whole company's, read by
    the stated and named rows' methods."""
    low = label.lower()
    hit = metric.find(low)
    rest = f"{low[: hit.start()]} {low[hit.end() :]}" if hit is not None else low
    return bool(word_set(rest) & word_set(question))
