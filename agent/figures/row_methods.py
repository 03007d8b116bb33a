"""The row methods, a registry tried in order before the cells method's item lookup
(``cells.cells_answer``): rows the question asks of by their own words, not by an item of
the vocabulary. The first that answers wins; None from each passes to the next.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from agent import prompts
from agent.evidence import Evidence
from agent.figures.asking import Ask
from agent.figures.candidate import FigureAnswer
from agent.figures.grid import Grid
from agent.figures.label_counts import label_count_line
from agent.figures.named_rows import named_row_answer
from agent.figures.row_shares import row_share
from agent.figures.turn_tables import document_scales

RowMethod = Callable[
    [Ask | None, str, Sequence[Evidence], list[Grid], prompts.Lang], list[FigureAnswer] | None
]


def _counted(
    ask: Ask | None,
    question: str,
    evidence: Sequence[Evidence],
    tables: list[Grid],
    lang: prompts.Lang,
) -> list[FigureAnswer] | None:
    """Shares outstanding a row's label states."""
    line = label_count_line(question, tables)
    return [FigureAnswer([line])] if line is not None else None


def _shared(
    ask: Ask | None,
    question: str,
    evidence: Sequence[Evidence],
    tables: list[Grid],
    lang: prompts.Lang,
) -> list[FigureAnswer] | None:
    """A row no item names, as a share of one (a quotient of two items is the ask's own)."""
    if ask is not None and not ask.single:
        return None
    out = row_share(question, tables, lang)
    return [out] if out is not None else None


def _named(
    ask: Ask | None,
    question: str,
    evidence: Sequence[Evidence],
    tables: list[Grid],
    lang: prompts.Lang,
) -> list[FigureAnswer] | None:
    """A row asked by its own name."""
    return named_row_answer(ask, question, tables, lang, document_scales(evidence))


ROW_METHODS: tuple[RowMethod, ...] = (_counted, _shared, _named)


def row_answer(
    ask: Ask | None,
    question: str,
    evidence: Sequence[Evidence],
    tables: list[Grid],
    lang: prompts.Lang,
) -> list[FigureAnswer] | None:
    """The first row method's answer, or None when none answers."""
    for method in ROW_METHODS:
        out = method(ask, question, evidence, tables, lang)
        if out is not None:
            return out
    return None
