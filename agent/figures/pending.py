"""What a figure answer still needs before it can be given: the other operands a formula's
tables lack, and the searches still to run for a part's row."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from agent.evidence import Evidence
from agent.figures.asking import Ask
from agent.figures.candidate import FigureAnswer
from agent.figures.formula import MissingFigure, evaluate, names
from agent.figures.lookup import Finder
from agent.figures.parts import PART_SEARCH_K, part_queries
from pipeline.text.finance import vocabulary


def also_missing(ask: Ask, finder: Finder, gone: MissingFigure) -> list[tuple[str, int | None]]:
    """The formula's other operands the tables lack for the year one went missing in: all
    of them are searched for at once (a search round per operand would run out)."""
    out: list[tuple[str, int | None]] = []
    for key in dict.fromkeys(names(ask.formula)):
        if key == gone.item or key not in vocabulary().items:
            continue
        try:  # an item no row names may be worked from its parts (``formula._derived``)
            evaluate(ast.Name(key), finder, gone.year)
        except MissingFigure:
            out.append((key, gone.year))
    return out


def unsure_part(
    finder: Finder, out: FigureAnswer, question: str, evidence: Sequence[Evidence]
) -> FigureAnswer | None:
    """The searches still to run for a part's row when the row found names the part but
    not the item (a row naming both may be elsewhere); None once they have run."""
    if not finder.part_unsure:
        return None
    asked = {ev.query for ev in evidence}
    key = out.cells[0].item if out.cells else ""
    wanted = [q for q in part_queries(finder.parts, question, key) if q not in asked]
    return FigureAnswer(searches=wanted, search_k=PART_SEARCH_K) if wanted else None
