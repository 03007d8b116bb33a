"""A line item's change between two periods the question names: "Was there any drop in
cash and cash equivalents between FY2023 and Q2 of fiscal 2024?", "Did the number of stores
grow between FY20 and FY21?", "How much did inventories change from P1 to P2?".

Each period is read from the row's own cells (``periods.asked_periods``): a balance at a
fiscal year's end or at a quarter's close (a 10-Q's balance sheet prints the year end
before beside the quarter's close), a flow over periods of one length. One table holding
the row at both periods is read before two, the item's statement before another (a cash
flow statement's "decrease in cash" over six months is no balance's change). A quantity
the vocabulary does not name ("the number of stores") is the row naming it, or the total
row of a table titled by it. The answer states both figures and the change with its
working: "Yes, cash and cash equivalents fell from $1,874 million at January 28, 2023 to
$1,093 million at July 29, 2023, a decrease of $781 million: (1,093 − 1,874) ÷ 1,874 =
−41.7% [id]."
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from agent import prompts
from agent.evidence import Evidence
from agent.figures.asking import what_is_asked
from agent.figures.basis import adjusted_unasked
from agent.figures.cagr import asks_cagr
from agent.figures.formula import Cell
from agent.figures.grid import Grid, Row
from agent.figures.items import MIN_ROW_MATCH, asked_items, norm, row_match, shown_label
from agent.figures.lookup import Finder
from agent.figures.outflows import as_amount, is_outflow
from agent.figures.periods import Period, asked_periods, closing_month, ends_month, position
from agent.figures.render import decimals, ids, number, scale_word, signed, subtrahend, when
from agent.figures.row_shares import share_asked
from agent.figures.statements import table_fit
from agent.figures.table_head import head_line
from agent.figures.turn_tables import grids
from agent.figures.zh_said import with_label_unit, zh_label, zh_value, zh_year
from agent.question.asked_move import direction, verdict
from agent.rewrite import content_terms
from agent.scope import stem
from pipeline.text.finance import vocabulary
from pipeline.text.totals import TOTAL_WORD


@dataclass
class Between:
    lines: list[str] = field(default_factory=list)
    cells: list[Cell] = field(default_factory=list)
    wanted: list[tuple[str, int | None]] = field(default_factory=list)  # not found
    pages: list[int] = field(default_factory=list)  # where the item's statement is


@dataclass(frozen=True)
class _Quantity:
    key: str  # the vocabulary's item, or "" for a quantity named in the question's words
    words: frozenset[str]  # stems naming a quantity the vocabulary does not know
    balance: bool  # a balance or a count: at a date, not over a period


Hit = tuple[float, Grid, Row, int, int]  # score, table, row, column from, column to


def moved(question: str) -> str:
    """The direction a question asks a change in: "up", "down", "any", or "" for none."""
    return direction(question)


def between_answer(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> Between | None:
    """The change of one quantity between the two periods a question names, worked from
    its cells; the item and period not found (the planner reads its statement); None when
    the question asks no such change."""
    periods = asked_periods(question)
    if len(periods) != 2 or not moved(question) or asks_cagr(question):
        return None  # a compound annual rate is the cells method's (``cagr``), not a change
    what = _quantity(question)
    tables = grids(evidence)
    if what is None or not tables:
        return None
    first, second = sorted(periods, key=_order)
    hit = _best(tables, what, first, second, question)
    if hit is None:
        if not what.key:
            return None
        finder = Finder(tables)
        return Between(wanted=[(what.key, second.year)], pages=finder.statement_pages(what.key))
    return _answer(hit, what, question, lang)


def _order(p: Period) -> tuple[int, int]:
    if p.date is not None:
        return p.date[1] * 12 + p.date[0], 0
    return (p.year or 0) * 12 + p.into, 1


def _quantity(question: str) -> _Quantity | None:
    """What changed: the one line item the question names, else the words naming a
    quantity ("stores" in "the number of stores")."""
    ask = what_is_asked(question)
    if ask is not None and ask.percent and not ask.single:
        return None  # a margin's change is worked in points from its formula, not a row's
    if share_asked(question):
        return None  # nor is a row's share of an item's ("SM&A as a percent of sales")
    items = {a.item.key: a.item for a in asked_items(question)}
    if len(items) == 1:
        item = next(iter(items.values()))
        return _Quantity(item.key, frozenset(), item.statement == "balance")
    if items:
        return None
    vocab = vocabulary()
    moves = {w for said in vocab.moves.values() for w in said}
    content = set(content_terms(question))
    # a capitalised word names the company or a month, not the quantity
    lower = re.findall(r"(?<![\w'’-])[a-z][\w&-]*", question)
    words = [
        w
        for w in lower
        if w in content
        and w not in moves
        and w not in vocab.quantity_words
        and not re.fullmatch(r"(?:fy|q[1-4]|h[12])\d*", w)
    ]
    stems = frozenset(stem(w) for w in words)
    return _Quantity("", stems, True) if stems else None


def _best(
    tables: Sequence[Grid], what: _Quantity, a: Period, b: Period, question: str
) -> Hit | None:
    """The row and its two columns: one table holding both, the surest row first; a row
    on the adjusted basis only when the question asks that basis (``basis``)."""
    best: Hit | None = None
    for g in tables:
        c0, c1 = _column(g, a, (a, b), what), _column(g, b, (a, b), what)
        if c0 is None or c1 is None or c0 == c1:
            continue
        for fit, r in _rows(g, what):
            if max(c0, c1) >= len(r.values) or r.values[c0] is None or r.values[c1] is None:
                continue
            score = fit - 0.01 * (g.passage.rank or 0)
            score -= adjusted_unasked(question, g.passage.text, r.start, r.label)
            if best is None or score > best[0] + 1e-9:
                best = (score, g, r, c0, c1)
    return best


def _rows(g: Grid, what: _Quantity) -> list[tuple[float, Row]]:
    """The table's rows that are the quantity, each with how surely."""
    if what.key:
        item = vocabulary().items[what.key]
        fit = table_fit(g, item.statement)
        scored = [(row_match(r.label, item), r) for r in g.rows]
        return [(s + fit, r) for s, r in scored if s >= MIN_ROW_MATCH]
    out = []
    generic = {stem(w) for w in vocabulary().quantity_words}
    p = g.passage
    title = _words(f"{p.section} {p.columns} {p.text.lstrip().split(chr(10), 1)[0]}")
    titled = what.words <= title
    for r in g.rows:
        label = _words(r.label)
        extra = label - what.words
        # words beyond the quantity's name may only say how much or when ("total …
        # at end of period"): "International segment stores" are a part of them; in a
        # table titled by the quantity, its total row ("Total") is it
        if extra <= generic and (what.words <= label or (titled and TOTAL_WORD.match(r.label))):
            out.append((1.0 - 0.05 * len(extra) - (0.0 if what.words <= label else 0.1), r))
    return out


def _words(text: str) -> set[str]:
    return {stem(t) for t in content_terms(text) if not t.isdigit()}


def _column(g: Grid, p: Period, both: tuple[Period, Period], what: _Quantity) -> int | None:
    """The column of a period: a date as printed; a balance by the fiscal year and the
    part of it its date closes (years end in the month the part-year period asked tells);
    a flow by the period's length."""
    if p.date is not None:
        at = [i for i, c in enumerate(g.columns) if closing_month(c.text) == p.date]
        return at[0] if at else None
    part = next((x for x in both if x.into < 12), None)
    if not what.balance or part is None:
        if not what.balance and len({x.months for x in both}) > 1:
            return None  # a year's flow beside a quarter's is no change of one thing
        months = None if p.months == 12 else p.months
        into = None if p.into == 12 else p.into
        return g.column_for(p.year, months=months, into=into)
    ends = ends_month(g.columns, part.into, part.months)
    if ends is None:
        return None
    for i, c in enumerate(g.columns):
        if c.year is not None and position(c.text, ends, g.naming) == (p.year, p.into):
            return i
    return None


def _cell(g: Grid, r: Row, col: int, key: str) -> Cell:
    return g.cell(r, col, item=key, value=as_amount(r.values[col] or 0.0, r.label, is_outflow(key)))


def _named(g: Grid, r: Row) -> str:
    """The row as a sentence names it: a bare "Total" by its table's title ("Store count")."""
    label = shown_label(r.label)
    if norm(label) != "total":
        return label
    p = g.passage
    first = head_line(p.text)
    head = first.strip().strip("|").split("|")[0].strip() if first.startswith("|") else ""
    title = head or p.section.split(" > ")[-1]
    return f"Total {title[:1].lower() + title[1:]}" if title else label


def _answer(hit: Hit, what: _Quantity, question: str, lang: str) -> Between:
    _, g, r, c0, c1 = hit
    a, b = _cell(g, r, c0, what.key), _cell(g, r, c1, what.key)
    # a count is no sum of money: a quantity the vocabulary does not know is in dollars
    # only when its own table prints them
    dollars = g.currency == "$" if what.key else "$" in g.passage.text
    money = "$" if dollars and not a.raw.strip().endswith("%") else ""
    unit = scale_word(a.scale, "en")
    diff = b.value - a.value
    pct = f" ({number(b.value)} − {subtrahend(a.value)}) ÷ {number(a.value)}" if a.value else ""
    if pct:
        digits = decimals(question, 1)
        pct += f" = {diff / abs(a.value) * 100:.{digits}f}%".replace("= -", "= −")
    label = _named(g, r)
    if lang == "zh":
        return Between([_zh_line(a, b, label, "$" if money else "", pct)], cells=[a, b])
    went = "rose" if diff > 0 else "fell" if diff < 0 else "was unchanged"
    change = "an increase" if diff > 0 else "a decrease"
    # a yes or no only when these two figures decide it ("more than double" is not)
    said = verdict(question, a.value, b.value)
    lead = f"{said}, " if said else ""
    name = label if not lead else label[:1].lower() + label[1:] if not label.isupper() else label
    line = (
        f"{lead}{name} {went} from {signed(a.value, bool(money))}{unit} {when(a, what.balance)} "
        f"to {signed(b.value, bool(money))}{unit} {when(b, what.balance)}"
    )
    if diff:
        line += f", {change} of {money}{number(abs(diff))}{unit}:{pct}"
    return Between([f"{line} {ids([a, b])}."], cells=[a, b])


def _zh_line(a: Cell, b: Cell, label: str, currency: str, pct: str) -> str:
    """The change in Chinese: the row by its Chinese name, each period as a year (财年 of
    an English filing), sums of money in 亿/万 (``zh_said.py``)."""
    diff = b.value - a.value
    way = "增加" if diff > 0 else "减少" if diff < 0 else "不变"
    then, now = (zh_year(c, c.year) if c.year else c.period for c in (a, b))
    was, became = (with_label_unit(zh_value(c.value, c.scale, currency, c.raw), c) for c in (a, b))
    moved = f"{number(abs(diff))}个百分点" if a.raw.strip().endswith("%") else ""
    moved = moved or with_label_unit(zh_value(abs(diff), a.scale, currency, ""), a)
    return (
        f"{zh_label(b, label)}从{then}的{was}变为{now}的{became}，"
        f"{way}{moved}：{pct.strip()} {ids([a, b])}。"
    )
