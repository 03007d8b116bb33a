"""The row methods, a registry tried in order before the cells method's item lookup
(``cells.cells_answer``): rows the question asks of by their own words, not by an item of
the vocabulary. The first that answers wins; None from each passes to the next.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from agent import prompts
from agent.evidence import Evidence
from agent.figures import zh_rows
from agent.figures.activity_rows import activity_line
from agent.figures.asking import Ask
from agent.figures.book_value import book_value_answer
from agent.figures.candidate import FigureAnswer
from agent.figures.column_shares import column_share
from agent.figures.described_rows import Found, described_row
from agent.figures.grid import Grid
from agent.figures.items import MIN_ROW_MATCH, row_match
from agent.figures.label_counts import label_count_line
from agent.figures.member_rows import member_answer
from agent.figures.metric_asked import computed_metric, of_part_asked, prints_metric
from agent.figures.named_rows import named_row_answer
from agent.figures.note_shares import note_share
from agent.figures.part_shares import part_search, part_share
from agent.figures.parts import PART_SEARCH_K
from agent.figures.rate_asked import amount_for_rate
from agent.figures.row_said import grid_row_said
from agent.figures.row_shares import row_share
from agent.figures.schedule_rows import schedule_answer
from agent.figures.turn_tables import document_scales
from agent.question.parsed import parse
from pipeline.text.finance import vocabulary


@dataclass(frozen=True)
class RowQuestion:
    """What a row method reads: the item asked (None when no item is), the question, the
    turn's evidence and its tables, the answer's language."""

    ask: Ask | None
    question: str
    evidence: Sequence[Evidence]
    tables: list[Grid]
    lang: prompts.Lang


RowMethod = Callable[[RowQuestion], list[FigureAnswer] | None]


def _book_value(q: RowQuestion) -> list[FigureAnswer] | None:
    """Equity over the shares outstanding a label states (no row holds the count)."""
    out = book_value_answer(q.question, q.tables, q.lang, document_scales(q.evidence))
    return [out] if out is not None else None


def _part_share(q: RowQuestion) -> list[FigureAnswer] | None:
    """A part's share of the total its table adds it up into, the part a row
    (``part_shares``) or a column (``column_shares``)."""
    if q.lang != "en":
        return None
    out = part_share(q.question, q.tables) or column_share(q.question, q.tables)
    if out is not None:
        return [out]
    # no table of the turn lists the part: its table is searched for, once
    query = part_search(q.question, q.tables)
    if query and query not in {e.query for e in q.evidence}:
        return [FigureAnswer(searches=[query], search_k=PART_SEARCH_K)]
    return None


def _note_share(q: RowQuestion) -> list[FigureAnswer] | None:
    """A part's share of a total a note prints that no line item names."""
    out = note_share(q.question, q.tables)
    return [out] if out is not None else None


def _counted(q: RowQuestion) -> list[FigureAnswer] | None:
    """Shares outstanding a row's label states."""
    line = label_count_line(q.question, q.tables)
    return [FigureAnswer([line])] if line is not None else None


def _scheduled(q: RowQuestion) -> list[FigureAnswer] | None:
    """The row of a coming year, or after the last, of a schedule by year."""
    out = schedule_answer(q.question, q.evidence, q.lang, document_scales(q.evidence))
    return [out] if out is not None else None


def _shared(q: RowQuestion) -> list[FigureAnswer] | None:
    """A row no item names, as a share of one (a quotient of two items is the ask's own)."""
    if q.ask is not None and not q.ask.single:
        return None
    out = row_share(q.question, q.tables, q.lang)
    return [out] if out is not None else None


def _worded(q: RowQuestion) -> list[FigureAnswer] | None:
    """A Chinese report's row a Chinese question names (``zh_rows.asked_row``)."""
    if q.lang != "zh":
        return None
    out = zh_rows.asked_row(q.ask, q.question, q.tables)
    return [out] if out is not None else None


def _activity(q: RowQuestion) -> list[FigureAnswer] | None:
    """A movement of an activity table, in the year its closing balance row dates."""
    line = activity_line(q.question, q.evidence, q.lang)
    return [FigureAnswer([line])] if line is not None else None


def _member(q: RowQuestion) -> list[FigureAnswer] | None:
    """A member's row under the headings the question names (a segment's rooms revenue);
    never its amount for a rate asked (``rate_asked``)."""
    out = member_answer(q.question, q.evidence, q.lang)
    return None if out is None or amount_for_rate(q.question, [out]) else [out]


# an item asked is read by its item's methods unless the question qualifies it by words
# the row's heading or table says ("the deferred tax liability for D&A": its row under
# "Deferred tax liabilities:", not the cash-flow statement's)
_QUALIFYING = 2


def _described(q: RowQuestion) -> list[FigureAnswer] | None:
    """The row the question describes by its label, heading and table
    (``described_rows``): for a question naming no item, qualifying the item it names, or
    asking a computed metric that the row prints (``metric_asked``: a segment's "Adjusted
    Property EBITDAR" is read as printed, not worked from its operands)."""
    metric = computed_metric(q.question) if q.ask is not None and not q.ask.single else None
    if q.ask is not None and not q.ask.single and metric is None:
        return None
    asked = parse(q.question)
    if "yes/no" in asked.kinds:  # a verdict, judged by its own strategy
        return None
    if q.lang != "en":  # its words are English; a Chinese report's rows are zh_rows' own
        return None
    if q.ask is None and not asked.periods:  # as a row asked by name: a figure of a period
        return None
    found = described_row(q.question, q.tables)
    if found is None:
        return None
    row = found.row
    if metric is not None and not (
        prints_metric(metric, found.grid, row) and of_part_asked(metric, q.question, row.label)
    ):
        return None
    if metric is None and q.ask is not None and not _qualified_item(q.ask, found):
        return None
    scale = document_scales(q.evidence).get(found.grid.passage.doc_id, "")
    line = grid_row_said(found.grid, found.row, q.question, q.lang, scale)
    return [FigureAnswer([line])] if line else None


def _qualified_item(ask: Ask, found: Found) -> bool:
    """Is the row described the item asked's own row ("Depreciation and amortization"),
    under a heading or in a table saying the question's other words?"""
    item = vocabulary().items.get(ask.formula.id) if isinstance(ask.formula, ast.Name) else None
    return (
        item is not None
        and found.framed >= _QUALIFYING
        and row_match(found.row.label, item) >= MIN_ROW_MATCH
    )


def _named(q: RowQuestion) -> list[FigureAnswer] | None:
    """A row asked by its own name."""
    return named_row_answer(q.ask, q.question, q.tables, q.lang, document_scales(q.evidence))


ROW_METHODS: tuple[RowMethod, ...] = (
    _book_value,
    _part_share,
    _note_share,
    _counted,
    _scheduled,
    _shared,
    _worded,
    _activity,
    _member,
    _described,
    _named,
)


def row_answer(q: RowQuestion) -> list[FigureAnswer] | None:
    """The first row method's answer, or None when none answers."""
    for method in ROW_METHODS:
        out = method(q)
        if out is not None:
            return out
    return None
