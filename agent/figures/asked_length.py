"""A row read for a period of another length than the one asked: "What was the gross
margin for the three months ended …" is not answered by the six months' margin a table of
year-to-date figures prints. The rows asked by their own words (``row_methods``) are
read by their labels, not by the period the question names; an answer whose lines say
another length gives way to the figure worked from the cells of the length asked."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.figures.candidate import FigureAnswer
from agent.figures.formula import without_definition
from agent.figures.periods import months_of

_MARK = re.compile(r"\[[^\]]+\]")


def other_length(question: str, answers: Sequence[FigureAnswer]) -> bool:
    """Does the question ask a quarter's, a half's or nine months' figure and every answer
    say a period of another length?"""
    asked = months_of(without_definition(question))
    if asked is None or asked == 12:
        return False
    said = [months_of(_MARK.sub(" ", line)) for fa in answers for line in fa.lines[:1]]
    return bool(said) and all(m is not None and m != asked for m in said)
