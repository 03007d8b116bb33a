"""Is a table row an answer to a computed metric? A question asking a metric worked from
other figures ("EBITDA less capex", "quick ratio") that the figure methods could not work
is not answered by a row of the statement its operands come from: the row must name the
metric itself, or one of the lines that stand in for it in a sentence."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.models.judge import Candidate
from pipeline.text.finance import Metric, vocabulary

_OPERATOR = re.compile(r"[-+*/]")


def _computed_metric(question: str) -> Metric | None:
    """The longest computed metric the question names (a formula over other figures)."""
    q = question.lower()
    found: list[tuple[int, Metric]] = []
    for m in vocabulary().metrics:
        hit = m.find(q)
        if hit and m.formula and _OPERATOR.search(m.formula):
            found.append((hit.end() - hit.start(), m))
    return max(found, key=lambda f: f[0])[1] if found else None


def rows_miss_metric(question: str, chosen: Sequence[Candidate]) -> bool:
    """Every chosen unit is a table row, and none names the computed metric asked (by
    its own words or a standing-in line): the rows are the metric's neighbours, not it."""
    metric = _computed_metric(question)
    if metric is None or not chosen or not all("|" in c.unit.text for c in chosen):
        return False
    for c in chosen:
        label = c.unit.text.strip().strip("|").split("|", 1)[0].lower()
        if metric.find(label) or any(line in label for line in metric.lines):
            return False
    return True
