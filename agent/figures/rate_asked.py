"""A rate asked ("adjusted EBIT as a percentage of net sales", "what percent of sales")
is not answered by an amount: a row method's answer stating no percentage gives way to
the methods after it (the row printing the rate, or the quotient worked from cells)."""

from __future__ import annotations

from agent.figures.candidate import FigureAnswer
from agent.figures.ratios import PERCENT


def amount_for_rate(question: str, answers: list[FigureAnswer] | None) -> bool:
    """Does the question ask a percentage while the answer's first line states none?"""
    if not answers or not answers[0].lines or PERCENT.search(question) is None:
        return False
    return "%" not in answers[0].lines[0]
