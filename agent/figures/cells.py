"""The cells method (``methods.METHODS``): the line item's cell, or the metric worked from
cells, in the turn's tables, for the operation the question asks; else the figure not
given (its note, its statement's pages) or the part's row still to search for. A row the
question asks of by its own words is tried first (``row_methods``).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence
from agent.figures.asked_length import other_length
from agent.figures.asking import Ask, what_is_asked
from agent.figures.cagr import cagr_span, compounded
from agent.figures.candidate import FigureAnswer
from agent.figures.formula import MissingFigure, without_definition
from agent.figures.grid import asks_to_date
from agent.figures.items import years
from agent.figures.lookup import Finder
from agent.figures.part_shares import part_in_whole
from agent.figures.parts import PART_SEARCH_K, PartMissing, asked_parts, item_word, part_queries
from agent.figures.pending import also_missing, unsure_part
from agent.figures.periods import into_year, months_of, year_table_search
from agent.figures.points_asked import asks_points
from agent.figures.prose_verdicts import verdict_sentence
from agent.figures.quarter_columns import quarter_table_search
from agent.figures.rejected import off_statement
from agent.figures.render import follow_ups, missing_note
from agent.figures.row_methods import RowQuestion, row_answer
from agent.figures.shares import share_check, share_of_whole
from agent.figures.statements import asked_words, named_statements
from agent.figures.turn_tables import document_scales, grids
from agent.figures.verdicts import trend, verdict
from agent.figures.verify import found_lines
from agent.figures.worked import average_answer, change_answer, evaluated, one_figure
from agent.figures.working import Turn, working
from agent.question.parsed import Operation, parse
from pipeline.text.finance import vocabulary

# the operations the cells method computes (a change between two named periods is the
# between method's: it reads each period's own column)
CELL_OPERATIONS: frozenset[Operation] = frozenset(
    {"lookup", "change", "growth", "average", "ratio", "share", "comparison"}
)
# the operations a figure answers with its change between two periods
_CHANGES = frozenset({"change", "growth", "comparison"})


def cells_answer(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[FigureAnswer]:
    """The line item's cell, or the metric worked from cells, in the turn's tables; the
    figure not given (its note, its statement's pages) or the part's row to search for."""
    ask = what_is_asked(question)
    tables = grids(evidence)
    by_row = row_answer(RowQuestion(ask, question, evidence, tables, lang))
    if by_row is not None and not other_length(question, by_row):
        return by_row
    if ask is None or not tables:
        return []
    asked = without_definition(question)
    months = months_of(asked)
    if months is None and asks_to_date(asked):  # 年初至今: as long as the report's period
        months = max((g.to_date for g in tables if g.to_date), default=None)
    words = asked_words(question)
    finder = Finder(
        tables,
        months=months,
        into=into_year(asked, months),
        statements=named_statements(question),
        asked=words,
        parts=asked_parts(question, evidence, words),
    )
    finder.doc_scales, finder.lang = document_scales(evidence), lang
    finder.question = question
    turn = Turn(finder, question, lang)
    try:
        out = _answer(ask, turn)
    except PartMissing as gone:  # no table of the turn has the part's row: search for it
        wanted = part_queries(gone.parts, question, gone.item)
        return [FigureAnswer(searches=wanted, search_k=PART_SEARCH_K)]
    except MissingFigure as gone:
        return [_missing(ask, turn, gone)]
    except ZeroDivisionError:
        return []
    unsure = unsure_part(finder, out, question, evidence)
    if unsure is not None:
        return [unsure]
    if ask.judged is not None and out.cells:  # the prose saying what the cell decides
        out.lines += filter(None, [verdict_sentence(ask.judged, question, out.cells[0], evidence)])
    out.asked = years(asked)
    what, why = out.problem()
    if why:  # what to say instead when the verifier rejects it: the figures found
        out.nearest = found_lines(what or ask.name, why, out.cells, finder, lang)
        # a senseless figure worked from a row of no statement (a five-year summary's
        # per-share "Net earnings", a pension note's "Current liabilities"): its statement's
        # row is still to be found
        finder.weak += off_statement(finder, out.cells)
    out.wanted = list(dict.fromkeys([*out.wanted, *turn.finder.weak]))
    weak = [p for key, _ in turn.finder.weak for p in turn.finder.statement_pages(key)]
    out.pages = list(dict.fromkeys([*out.pages, *weak]))
    out.searches += year_table_search(out.cells, months) + quarter_table_search(out.cells, months)
    named = item_word(finder.parts, question, out.cells[0]) if out.cells else ""
    out.follow = follow_ups(finder, out.cells[:1], lang, named=named) if out.cells else []
    return [out]


def _missing(ask: Ask, turn: Turn, gone: MissingFigure) -> FigureAnswer:
    """The note naming a figure the tables lack, with where it should be."""
    finder = turn.finder
    lacking = [(gone.item, gone.year), *also_missing(ask, finder, gone)]
    known = [key for key, _ in lacking if key in vocabulary().items]
    # a part's row read unsure beside the whole's missing: its search runs meanwhile
    parts = part_queries(finder.parts, turn.question, gone.item) if finder.part_unsure else []
    return FigureAnswer(
        missing=[missing_note(gone.item, gone.year, turn.lang)],
        searches=parts,
        search_k=PART_SEARCH_K,
        wanted=lacking,
        pages=list(dict.fromkeys(p for k in known for p in finder.statement_pages(k))),
    )


def _answer(ask: Ask, turn: Turn) -> FigureAnswer:
    """The figure answer for the operation the question asks (``Question.operation``, read
    from the question without its definition: the words defining a metric ask nothing)."""
    ys = years(turn.question)
    operation = parse(without_definition(turn.question)).operation
    span = cagr_span(without_definition(turn.question))
    if span is not None:  # a compound annual rate: its two ends, never a simple growth
        return compounded(ask, turn, span, evaluated(ask, turn, list(span)))
    if ask.percent and not ask.single and asks_points(turn.question):
        return change_answer(ask, turn, max(ys) if ys else None)  # a margin's move in points
    if operation == "average" and len(ys) >= 2:
        return average_answer(ask, turn, range(min(ys), max(ys) + 1))
    if operation == "average" and len(ys) == 1 and _balance(ask):
        # a balance's average over a year is the mean of its two year-end balances
        return average_answer(ask, turn, range(ys[0] - 1, ys[0] + 1))
    year = max(ys) if ys else None
    if ask.judged is not None:
        return _judged(ask, turn, year)
    # "what % of MedTech sales were in the US": MedTech is the whole, no share of sales
    parts = turn.finder.parts
    if (
        operation == "share"
        and ask.single
        and parts
        and not part_in_whole(turn.question, parts.shown)
    ):
        line, cells = share_of_whole(ask, turn, year)
        return FigureAnswer([line], cells=cells, computed=[share_check(cells)])
    # "Did the gross profit rate slip in FY23 from FY22?": a move between the two years
    moved = parse(without_definition(turn.question)).move.direction and len(set(ys)) >= 2
    if operation in _CHANGES or moved:
        return change_answer(ask, turn, year)
    return one_figure(ask, turn, year)


def _balance(ask: Ask) -> bool:
    """Is the figure asked one balance-sheet line item's, a level at a date?"""
    item = vocabulary().items.get(ast.unparse(ask.formula)) if ask.single else None
    return item is not None and item.statement == "balance"


def _judged(ask: Ask, turn: Turn, year: int | None) -> FigureAnswer:
    """The figure deciding a judgement, its working, and the verdict said first."""
    j = ask.judged
    assert j is not None
    if j.trend and ask.single:
        first = one_figure(ask, turn, year)
        lines, cells = trend(j, first.cells[0].item, turn.finder, first.cells[0], turn.lang)
        return FigureAnswer(lines, cells=cells) if lines else first
    if j.growth:
        out = change_answer(ask, turn, year)
        if len(out.cells) < 2:
            return out
        now, before = out.cells[:2]
        if before.value == 0:
            raise ZeroDivisionError
        value = (now.value - before.value) / abs(before.value) * 100
    elif ask.single:  # a line item's own cell: "Dividends paid were $4 million …"
        out = one_figure(ask, turn, year)
        value = out.cells[0].value
    else:
        result = evaluated(ask, turn, [year])[0]
        out = FigureAnswer([working(ask, result, year, turn)], cells=result.cells)
        value = result.value * 100 if j.percent else result.value
    # the line working the deciding figure out becomes the verdict's, said first
    out.lines.insert(0, verdict(j, value, out.lines.pop(), turn.lang))
    return out
