"""A figure asked of the turn's tables, worked from its cells: one row's cell in a
sentence, a metric with its working (and by its other common convention), a change
between two years, an average over a span. Every operand is a cell of one unit, from one
table when one holds them all; a figure the tables lack raises ``MissingFigure``.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from agent.figures.asking import Ask
from agent.figures.averages import averaged
from agent.figures.candidate import FigureAnswer
from agent.figures.cell_scales import common_scale, rescaled
from agent.figures.change_columns import basis_lead
from agent.figures.differences import difference_line
from agent.figures.en_said import chinese_row
from agent.figures.formula import Cell, MissingFigure, Result, evaluate, names
from agent.figures.lengths import at_length_of
from agent.figures.lookup import Finder
from agent.figures.move_verdicts import opened
from agent.figures.parts import PartMissing, item_word
from agent.figures.printed_rates import printed_lead
from agent.figures.render import cell_sentence, change_line, decimals, ids
from agent.figures.verify import Computed
from agent.figures.working import (
    Turn,
    amount_growth,
    is_percent,
    points,
    ratio_change,
    working,
)
from agent.figures.zh_said import zh_difference
from agent.question.units import asked_scale
from pipeline.text.finance import vocabulary


def evaluated(ask: Ask, turn: Turn, years: Sequence[int | None]) -> list[Result]:
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


def one_figure(ask: Ask, turn: Turn, year: int | None) -> FigureAnswer:
    try:
        result = evaluated(ask, turn, [year])[0]
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
        lines = [cell_sentence(cell, turn.finder, turn.lang, scale, named=named, before=before)]
        if before is not None:  # the year before's figure is said: its move, when asked
            if turn.lang == "en":
                lines += difference_line(before, cell, turn.question, ids([before, cell]), named)
            lines = opened(lines, turn.question, before.value, cell.value, turn.lang)
        return FigureAnswer(lines, cells=result.cells)
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
        r = evaluated(alt, turn, [year])[0]
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


def change_answer(ask: Ask, turn: Turn, year: int | None) -> FigureAnswer:
    now = evaluate(ask.formula, turn.finder, year)
    ref = now.cells[0].year if now.cells else year
    if ref is None:  # 本期 beside 上年同期, undated: the row's two cells, by period name
        return _undated_change(ask, turn, now.cells, year)
    turn = at_length_of(turn, now.cells)  # a quarter against a quarter, not nine months
    now, before = evaluated(ask, turn, [year, ref - 1])
    if not (_read(ask, now) and _read(ask, before)):  # a metric over two years: each working
        lines = [working(ask, now, ref, turn), working(ask, before, ref - 1, turn)]
        computed = [_kind(ask, r, turn) for r in (now, before)]
        if is_percent(ask, turn):
            lines.append(points(ask, (before, now), ref, turn))
        elif computed[0].divides:  # a ratio in its own unit: its move in that unit
            lines.append(ratio_change(ask, (before, now), ref, turn))
        elif before.value > 0 and not computed[0].divides:  # an amount (free cash flow)
            line, pct = amount_growth(ask, (before, now), ref, turn)
            lines.append(line)
            operands = (before.value, now.value)
            computed.append(Computed(ask.name, pct, "growth", True, True, operands))
        lines = opened(lines, turn.question, before.value, now.value, turn.lang)
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
    # the change on the basis asked ("operational") as printed, else the printed rate
    lead = basis_lead(turn.finder.tables, turn.question, b, turn.lang) or printed_lead(
        turn.finder.tables, turn.question, a, b, turn.lang
    )
    lines = opened(
        _ordered(lead, sentences, moved, line, turn.lang),
        turn.question,
        a.value,
        b.value,
        turn.lang,
    )
    return FigureAnswer(lines, cells=[b, a], computed=[growth])


def _undated_change(ask: Ask, turn: Turn, cells: list[Cell], year: int | None) -> FigureAnswer:
    """The change between a row's 本期 and 上期 cells when no year dates them; the
    current figure alone when the table has no prior period."""
    prior = turn.finder.prior(cells[0]) if ask.single and cells else None
    if prior is None or prior.value == 0:
        return one_figure(ask, turn, year)
    now = cells[0]
    sentences = [cell_sentence(c, turn.finder, turn.lang) for c in (now, prior)]
    line = change_line(prior, now, decimals(turn.question, 2), turn.lang)
    moved = zh_difference(prior, now, turn.question, ids([prior, now])) if turn.lang == "zh" else []
    lead = printed_lead(turn.finder.tables, turn.question, prior, now, turn.lang)
    return FigureAnswer(_ordered(lead, sentences, moved, line, turn.lang), cells=[now, prior])


def _ordered(
    lead: list[str], sentences: list[str], moved: list[str], line: str, lang: str
) -> list[str]:
    """A change's lines, the figure asked first: a Chinese change asked as an amount (its
    增减额, ``moved``) before the two figures it is worked from; else the printed rate,
    the figures, the amount and the rate's working (an English working names a Chinese
    report's rows by their labels: it follows the sentences naming them in English)."""
    if moved and lang == "zh":
        return [*lead, *moved, *sentences, line]
    return [*lead, *sentences, *moved, line]


def average_answer(ask: Ask, turn: Turn, span: range) -> FigureAnswer:
    return averaged(ask, turn, span, evaluated(ask, turn, list(span)))
