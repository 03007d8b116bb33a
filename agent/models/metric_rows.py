"""Is a table row an answer to a computed metric? A question asking a metric worked from
other figures ("EBITDA less capex", "quick ratio") that the figure methods could not work
is not answered by a row of the statement its operands come from: the row must name the
metric itself, or one of the lines that stand in for it in a sentence."""

from __future__ import annotations

from collections.abc import Sequence

from agent.figures.metric_asked import computed_metric, standing_lines
from agent.models.judge import Candidate


def rows_miss_metric(question: str, chosen: Sequence[Candidate]) -> bool:
    """Every chosen unit is a table row, and none names the computed metric asked (by
    its own words or a standing-in line that is none of its operands): the rows are the
    metric's neighbours, not it."""
    metric = computed_metric(question)
    if metric is None or not chosen or not all("|" in c.unit.text for c in chosen):
        return False
    for c in chosen:
        label = c.unit.text.strip().strip("|").split("|", 1)[0].lower()
        # an operand's row ("Depreciation and amortization" of EBITDA) is a neighbour too
        if metric.find(label) or any(line in label for line in standing_lines(metric)):
            return False
    return True
