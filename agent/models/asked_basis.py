"""An adjusted (non-GAAP) figure asked, answered by a unit stating a reported one.

"What was the adjusted EPS in Q2?" of a scope where one report prints its adjusted EPS
and another only its basic and diluted EPS: the second report's "Basic earnings per share"
row shares the question's item and period, and the selector may choose it, but it states
the reported measure. A chosen row or sentence answers an adjusted figure only when it,
its heading or parent row, or its table's column heads say the adjusted basis
(``figures/basis.py``; a figure method's cells are held to the same in
``figures/answer.py``)."""

from __future__ import annotations

from agent.figures.basis import asks_adjusted, stated_adjusted
from agent.models.answering.candidate import AnswerCandidate
from agent.question import Question


def basis_misfit(q: Question, c: AnswerCandidate) -> str:
    """Why the chosen unit does not state the adjusted figure asked, or ""."""
    if c.form != "sentence" or not q.numeric or not c.quoted or not c.cited:
        return ""
    if not asks_adjusted(q.text):
        return ""
    lead, p = c.quoted[0], c.cited[0]
    return "" if stated_adjusted(p.text, lead, p.columns) else "it states the reported figure"
