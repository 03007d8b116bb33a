"""Figure answers: a line item's cell in one sentence, or a metric with its working.

"Total current liabilities were $57,883 million at December 31, 2017 [doc#276]." and
"Days payable outstanding FY2017 = 365 × ((accounts payable 25,309 + 34,616) ÷ 2) ÷ (…)
= 93.86 [doc#270][doc#276]." Every figure is a cell of a table in this turn's passages,
cited by its chunk id; the result is computed here, never taken from a text. A figure the
tables do not give is named ("The documents do not say what FY2017 inventories were.").
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence
from agent.figures.asking import Ask, what_is_asked
from agent.figures.averages import averaged
from agent.figures.cagr import cagr_span, compounded
from agent.figures.candidate import FigureAnswer
from agent.figures.differences import difference_line
from agent.figures.en_said import chinese_row
from agent.figures.formula import (
    Cell,
    MissingFigure,
    Result,
    evaluate,
    names,
    without_definition,
)
from agent.figures.grid import asks_to_date
from agent.figures.items import years
from agent.figures.label_counts import label_count_line
from agent.figures.lengths import at_length_of
from agent.figures.lookup import Finder, common_scale, document_scales, grids, rescaled
from agent.figures.methods import (
    BETWEEN,
    COMPARISON,
    STATED,
    TOTAL,
    FigureMethod,
    offered,
    single_figures,
)
from agent.figures.named_rows import named_row_answer
from agent.figures.parts import (
    PART_SEARCH_K,
    PartMissing,
    asked_parts,
    item_word,
    part_queries,
)
from agent.figures.pending import also_missing, unsure_part
from agent.figures.per_share_asked import per_share_answers
from agent.figures.periods import into_year, months_of, year_table_search
from agent.figures.points_asked import asks_points
from agent.figures.printed_rates import printed_lead
from agent.figures.prose_verdicts import verdict_sentence
from agent.figures.rejected import nearest, off_statement
from agent.figures.render import (
    cell_sentence,
    change_line,
    decimals,
    follow_ups,
    ids,
    missing_note,
)
from agent.figures.row_shares import row_share
from agent.figures.shares import share_of_whole
from agent.figures.statements import asked_words, named_statements
from agent.figures.verdicts import trend, verdict
from agent.figures.verify import Computed, found_lines, said_names
from agent.figures.versus import versus_search
from agent.figures.working import Turn, amount_growth, is_percent, points, working
from agent.figures.zh_said import zh_difference
from agent.question.kinds import asked_kinds
from agent.question.parsed import Operation, parse
from agent.question.units import asked_scale
from pipeline.text.finance import vocabulary

# A cause ("what drove the margin change?") is a sentence of prose and a list of members
# is names: a figure, even the one the question names, answers neither.
_NOT_FIGURES = frozenset({"reason", "list"})
# the operations the cells method computes (a change between two named periods is the
# between method's: it reads each period's own column)
CELL_OPERATIONS: frozenset[Operation] = frozenset(
    {"lookup", "change", "growth", "average", "ratio", "share", "comparison"}
)
# the operations a figure answers with its change between two periods
_CHANGES = frozenset({"change", "growth", "comparison"})


def figure_answer(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> FigureAnswer | None:
    """The checked answer from table cells (the first candidate the verifier passes, else
    the figures found), or None when the question is not about figures the tables hold.
    The planner reads it for the searches still to run; the composer weighs every
    candidate itself (``figure_candidates``)."""
    found = figure_candidates(question, evidence, lang)
    return next((f for f in found if f.refusal or not f.problem()[1]), found[-1] if found else None)


def figure_candidates(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[FigureAnswer]:
    """The figure methods' answers (``METHODS``), the best scored first, up to the first
    the verifier passes (the composer checks each again); then, for each that fails a
    check, the figures it found (a refusal naming what is nearest). Failing any answer,
    what the best method still needs (searches, pages, a note naming the figure not
    given). Empty when the question is not about figures the tables hold (the sentence
    selector answers it then)."""
    if asked_kinds(question) & _NOT_FIGURES:
        return []
    # an amount asked per share is not its total's cell (``per_share_asked``)
    found = per_share_answers(question, offered(METHODS, question, evidence, lang))
    if not found:
        # a comparison no table of the turn answers: search for the table listing both (a
        # turn with no tables at all is no figures' turn)
        wanted = versus_search(question) if grids(evidence) else ""
        return [FigureAnswer(searches=[wanted])] if wanted else []
    if not found[0].lines:
        return found[:1]
    # the best up to the first the verifier passes: the composer weighs that one against
    # other strategies' answers, never a figure answer the methods' score put below it
    answers: list[FigureAnswer] = []
    for fa in found:
        fa.lines = [said_names(line) for line in fa.lines]  # no key of the vocabulary is shown
        answers.append(fa)
        if not fa.problem()[1]:
            break
    failed = [fa for fa in answers if fa.nearest and fa.problem()[1]]
    # a senseless figure worked from a cell of another statement (a pension table's
    # "Current liabilities") keeps asking for that cell's statement page: the planner reads it
    return [*answers, *(nearest(fa) for fa in failed)]


def _cells(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> list[FigureAnswer]:
    """The line item's cell, or the metric worked from cells, in the turn's tables; the
    figure not given (its note, its statement's pages) or the part's row to search for."""
    ask = what_is_asked(question)
    tables = grids(evidence)
    counted = label_count_line(question, tables)  # shares outstanding a row's label states
    if counted is not None:
        return [FigureAnswer([counted])]
    # a row no item names, as a share of one (a quotient of two items is the ask's own)
    shared = row_share(question, tables, lang) if ask is None or ask.single else None
    if shared is not None:
        return [shared]
    # a row asked by its own name
    by_name = named_row_answer(ask, question, tables, lang, document_scales(evidence))
    if by_name is not None:
        return by_name
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
    out.searches += year_table_search(out.cells, months)
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


# The figure methods (``methods.py``): each offers its scored candidates, the best first.
METHODS: tuple[FigureMethod, ...] = (
    COMPARISON,
    BETWEEN,
    FigureMethod("cells", single_figures, _cells, CELL_OPERATIONS),
    STATED,
    TOTAL,
)


def _answer(ask: Ask, turn: Turn) -> FigureAnswer:
    """The figure answer for the operation the question asks (``Question.operation``, read
    from the question without its definition: the words defining a metric ask nothing)."""
    ys = years(turn.question)
    operation = parse(without_definition(turn.question)).operation
    span = cagr_span(without_definition(turn.question))
    if span is not None:  # a compound annual rate: its two ends, never a simple growth
        return compounded(ask, turn, span, _evaluate(ask, turn, list(span)))
    if ask.percent and not ask.single and asks_points(turn.question):
        return _change(ask, turn, max(ys) if ys else None)  # a margin's move in points
    if operation == "average" and len(ys) >= 2:
        return _average(ask, turn, range(min(ys), max(ys) + 1))
    year = max(ys) if ys else None
    if ask.judged is not None:
        return _judged(ask, turn, year)
    if operation == "share" and ask.single and turn.finder.parts:
        line, cells = share_of_whole(ask, turn, year)
        return FigureAnswer([line], cells=cells)
    if operation in _CHANGES:
        return _change(ask, turn, year)
    return _one(ask, turn, year)


def _judged(ask: Ask, turn: Turn, year: int | None) -> FigureAnswer:
    """The figure deciding a judgement, its working, and the verdict said first."""
    j = ask.judged
    assert j is not None
    if j.trend and ask.single:
        first = _one(ask, turn, year)
        lines, cells = trend(j, first.cells[0].item, turn.finder, first.cells[0], turn.lang)
        return FigureAnswer(lines, cells=cells) if lines else first
    if j.growth:
        out = _change(ask, turn, year)
        if len(out.cells) < 2:
            return out
        now, before = out.cells[:2]
        if before.value == 0:
            raise ZeroDivisionError
        value = (now.value - before.value) / abs(before.value) * 100
    elif ask.single:  # a line item's own cell: "Dividends paid were $4 million …"
        out = _one(ask, turn, year)
        value = out.cells[0].value
    else:
        result = _evaluate(ask, turn, [year])[0]
        out = FigureAnswer([working(ask, result, year, turn)], cells=result.cells)
        value = result.value * 100 if j.percent else result.value
    # the line working the deciding figure out becomes the verdict's, said first
    out.lines.insert(0, verdict(j, value, out.lines.pop(), turn.lang))
    return out


def _evaluate(ask: Ask, turn: Turn, years: Sequence[int | None]) -> list[Result]:
    """The formula for each year, every figure in one unit: cells read from tables in
    different units (thousands beside millions) are converted to the finest of them.
    Operands come from one table when one holds them all (see ``_one_table``)."""
    first = [evaluate(ask.formula, turn.finder, y) for y in years]
    same = _one_table(ask, turn, years, first)
    if same is not None:
        return same
    unit = common_scale([c for r in first for c in r.cells])
    if unit is None:
        return first
    finder = turn.finder

    def lookup(key: str, year: int | None) -> Cell:
        return rescaled(finder(key, year), unit)

    return [evaluate(ask.formula, lookup, y) for y in years]


def _one_table(
    ask: Ask, turn: Turn, years: Sequence[int | None], free: list[Result]
) -> list[Result] | None:
    """The formula from one table, when its operands of one statement were found in several
    and one table holds them all: a margin's profit and revenue from the same statement,
    never a segment's profit over the group's revenue. The table whose cells are surest
    their items wins; None when the free lookup used one table, or no table holds all."""
    keys = set(names(ask.formula))
    if len(keys) < 2:
        return None
    # items of different statements (net income over total assets) are each read from
    # their own statement: a summary table holding both is the statement of neither
    items = vocabulary().items
    if len({items[k].statement for k in keys if k in items}) > 1:
        return None
    statements = turn.finder.tables_by_statement()
    where = {g.passage.chunk_id: i for i, tables in enumerate(statements) for g in tables}
    if len({where.get(c.chunk_id) for r in free for c in r.cells}) < 2:
        return None
    best: tuple[tuple[float, ...], list[Result]] | None = None
    read = {c.item for r in free for c in r.cells}
    for tables in statements:
        sub = turn.finder.within(tables)
        try:
            results = [evaluate(ask.formula, sub, y) for y in years]
        except (MissingFigure, ZeroDivisionError):
            continue
        if {c.item for r in results for c in r.cells} - read:
            continue  # an item another table prints is not worked from this one's parts
        # the surest cells first; then, as for one cell (``Finder``), the table titled by
        # a part the question names, the largest figures (the whole), the best ranked
        score = tuple(round(sum(k[i] for k in sub.scores), 6) for i in range(4))
        if best is None or score > best[0]:
            best = (score, results)
    return best[1] if best else None


def _one(ask: Ask, turn: Turn, year: int | None) -> FigureAnswer:
    try:
        result = _evaluate(ask, turn, [year])[0]
    except MissingFigure as gone:
        other = _by_convention(ask, turn, year)  # no debt row: debt to equity on liabilities
        if other is None:
            raise
        # the rows missing are still searched for: the turn may not have read them yet
        pages = turn.finder.statement_pages(gone.item) if gone.item in vocabulary().items else []
        return FigureAnswer(
            [other[0]],
            cells=other[1].cells,
            computed=[other[2]],
            wanted=[(gone.item, gone.year)],
            pages=pages,
        )
    if _read(ask, result):
        cell, scale = result.cells[0], asked_scale(turn.question)
        named = item_word(turn.finder.parts, turn.question, cell)
        before = _year_before(turn.finder, cell)
        line = cell_sentence(cell, turn.finder, turn.lang, scale, named=named, before=before)
        return FigureAnswer([line], cells=result.cells)
    out = FigureAnswer(
        [working(ask, result, year, turn)], cells=result.cells, computed=[_kind(ask, result, turn)]
    )
    other = _by_convention(ask, turn, year)
    if other is not None:  # the same ratio as the other common convention works it
        out.lines.append(other[0])
        out.cells += [c for c in other[1].cells if c not in out.cells]
        out.computed.append(other[2])
    return out


def _by_convention(ask: Ask, turn: Turn, year: int | None) -> tuple[str, Result, Computed] | None:
    """The figure asked by the metric's other common convention (``Ask.also``): its
    working line, result and check; None when it has none or its operands are missing."""
    if ask.also is None:
        return None
    name, node = ask.also
    alt = Ask(
        f"{ask.name} ({name[:1].lower()}{name[1:]})", node, ask.percent, False, bound=ask.bound
    )
    try:
        r = _evaluate(alt, turn, [year])[0]
    except (MissingFigure, PartMissing, ZeroDivisionError):
        return None
    return working(alt, r, year, turn), r, _kind(alt, r, turn)


def _year_before(finder: Finder, cell: Cell) -> Cell | None:
    """The same row's figure for the period before, to compare the answer with: the year
    before's column of the same table, or its 上年同期; None when the table has neither."""
    if cell.year is None:
        return finder.prior(cell)
    try:  # a lookup of its own: what this one misses is no figure the answer lacks
        before = finder.within(finder.tables)(cell.item, cell.year - 1)
    except (MissingFigure, PartMissing):
        return None
    same = before.chunk_id == cell.chunk_id and before.label == cell.label
    return before if same and before.year == cell.year - 1 else None


def _read(ask: Ask, r: Result) -> bool:
    """Is the figure one row's cell (a line item no row named is worked from its parts)?"""
    return ask.single and len(r.cells) == 1 and ast.unparse(ask.formula) == r.cells[0].item


def _kind(ask: Ask, r: Result, turn: Turn) -> Computed:
    """A formula's result as the verifier checks it: in percent when shown so."""
    percent = is_percent(ask, turn)
    divides = any(isinstance(n, ast.Div) for n in ast.walk(ask.formula))
    value = r.value * 100 if percent else r.value
    kind = "ratio" if divides else "amount"
    return Computed(ask.name, value, kind, percent, divides, bound=ask.bound)


def _change(ask: Ask, turn: Turn, year: int | None) -> FigureAnswer:
    now = evaluate(ask.formula, turn.finder, year)
    ref = now.cells[0].year if now.cells else year
    if ref is None:  # 本期 beside 上年同期, undated: the row's two cells, by period name
        return _undated_change(ask, turn, now.cells, year)
    turn = at_length_of(turn, now.cells)  # a quarter against a quarter, not nine months
    now, before = _evaluate(ask, turn, [year, ref - 1])
    if not (_read(ask, now) and _read(ask, before)):  # a metric over two years: each working
        lines = [working(ask, now, ref, turn), working(ask, before, ref - 1, turn)]
        computed = [_kind(ask, r, turn) for r in (now, before)]
        if is_percent(ask, turn):
            lines.append(points(ask, (before, now), ref, turn))
        elif before.value > 0 and not computed[0].divides:  # an amount (free cash flow)
            line, pct = amount_growth(ask, (before, now), ref, turn)
            lines.append(line)
            operands = (before.value, now.value)
            computed.append(Computed(ask.name, pct, "growth", True, True, operands))
        return FigureAnswer(lines, cells=now.cells + before.cells, computed=computed)
    a, b = before.cells[0], now.cells[0]
    if a.value == 0:
        raise ZeroDivisionError
    # a Chinese report prints its 增减 rates to two decimals (as the undated change says
    # them): its columns dated by the cover are said so too
    digits = decimals(turn.question, 2 if chinese_row(b) else 1)
    named = item_word(turn.finder.parts, turn.question, b)
    sentences = [cell_sentence(c, turn.finder, turn.lang, named=named) for c in (b, a)]
    line = change_line(a, b, digits, turn.lang, named=named, part=bool(turn.finder.parts))
    pct = (b.value - a.value) / abs(a.value) * 100
    growth = Computed(ask.name, pct, "growth", True, True, (a.value, b.value))
    if turn.lang == "zh":
        moved = zh_difference(a, b, turn.question, ids([a, b]))
    else:
        moved = difference_line(a, b, turn.question, ids([a, b]), named)
    lead = printed_lead(turn.finder.tables, turn.question, a, b, turn.lang)
    return FigureAnswer([*lead, *sentences, *moved, line], cells=[b, a], computed=[growth])


def _undated_change(ask: Ask, turn: Turn, cells: list[Cell], year: int | None) -> FigureAnswer:
    """The change between a row's 本期 and 上期 cells when no year dates them; the
    current figure alone when the table has no prior period."""
    prior = turn.finder.prior(cells[0]) if ask.single and cells else None
    if prior is None or prior.value == 0:
        return _one(ask, turn, year)
    now = cells[0]
    sentences = [cell_sentence(c, turn.finder, turn.lang) for c in (now, prior)]
    line = change_line(prior, now, decimals(turn.question, 2), turn.lang)
    moved = zh_difference(prior, now, turn.question, ids([prior, now])) if turn.lang == "zh" else []
    lead = printed_lead(turn.finder.tables, turn.question, prior, now, turn.lang)
    return FigureAnswer([*lead, *sentences, *moved, line], cells=[now, prior])


def _average(ask: Ask, turn: Turn, span: range) -> FigureAnswer:
    return averaged(ask, turn, span, _evaluate(ask, turn, list(span)))
