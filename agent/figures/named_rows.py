"""Rows a question asks for by their own name, not as a line item of the vocabulary:
"sales and marketing" (whose name holds the item "sales", but is another thing), or
"fulfillment", "technology and content" (no item names them). The row's sentence, from
the table best fitting the item's statement, is the answer (``row_said.named_row``)."""

from __future__ import annotations

import ast

from agent import prompts
from agent.figures.asking import Ask
from agent.figures.candidate import FigureAnswer
from agent.figures.grid import Grid
from agent.figures.items import longer_row, named_row_label
from agent.figures.row_said import named_row
from agent.figures.stated_rows import stated_row_label
from agent.figures.worded_rows import worded_row_label
from agent.question.parsed import parse
from pipeline.text.finance import vocabulary

# what no figure answers, though the question names a row: a cause, a list, a definition
_NOT_AMOUNTS = frozenset({"explanation", "list", "definition", "person", "date", "place"})


def named_row_answer(
    ask: Ask | None,
    question: str,
    tables: list[Grid],
    lang: prompts.Lang,
    scales: dict[str, str] | None = None,
) -> list[FigureAnswer] | None:
    """The answer from the row the question names, when it asks for a row by its own name
    (empty when that row dates no figure); None when it asks for an item or a metric."""
    if not tables:
        return None
    stated = stated_row_label(question, tables) if ask is not None and not ask.single else ""
    if stated:  # a measure asked plainly that a row states: the row, not a recomputation
        line = named_row(question, tables, stated, "", lang, scales=scales)
        if line:
            return [FigureAnswer([line])]
    if ask is None:
        if not _row_asked(question):
            return None
        label = worded_row_label(question, tables) or named_row_label(
            question, (r.label for g in tables for r in g.rows)
        )
        statement = ""
    else:
        label, statement = _longer_row(ask, question, tables), _statement(ask)
    if not label:
        return None
    line = named_row(question, tables, label, statement, lang, scales=scales)
    return [FigureAnswer([line])] if line else []


def _row_asked(question: str) -> bool:
    """Does the question ask a figure of a period ("What was X's technology and content
    spending in 2019?"), not what a row holds ("What is included in …?")?"""
    q = parse(question)
    return q.operation == "lookup" and not q.kinds & _NOT_AMOUNTS and bool(q.periods)


def _longer_row(ask: Ask, question: str, tables: list[Grid]) -> str:
    """The row the question names whose name holds the item's and goes on after it
    ("sales and marketing" of "sales"), or ""."""
    if not ask.single or not isinstance(ask.formula, ast.Name):
        return ""
    item = vocabulary().items.get(ask.formula.id)
    labels = (r.label for g in tables for r in g.rows)
    return longer_row(question, labels, item) if item is not None else ""


def _statement(ask: Ask) -> str:
    """The statement the item asked is printed in ("income"), or ""."""
    item = vocabulary().items.get(ask.formula.id) if isinstance(ask.formula, ast.Name) else None
    return item.statement if item is not None else ""
