"""Members a question names, set against each other: "Which grew faster in FY22, PEP's QFNA
or LatAm?", "Did Rigid Packaging outpace Flexibles in net sales growth in 1H FY23?", "How
did Adobe's Digital Media revenue growth compare with Digital Marketing's in FY16?".

Only the members named are compared, never every member of their table: one group of one
table (rows under a heading, or the table's rows) must print a row for each name, in the
column of the period asked and, for a growth, of the period before. A row is the name's
when the name says most of the row's own words ("Consumer Health", "Third-party seller
services"; a cut word meets its whole, "Pharma" "Pharmaceutical"; initials meet the
words they stand for, "UK" "United Kingdom"), or when a word of the name is printed in
that row's label and in no other ("the Strip": "Las Vegas Strip Resorts"). Line items
("Net sales") are no members. Each member's figure is shown with its period and, for a
growth, its two cells worked (the table's printed change when it agrees); the answer opens
with a Yes or No only for a yes-or-no question whose comparative these figures decide.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent import prompts
from agent.evidence import Evidence
from agent.figures.candidate import FigureAnswer
from agent.figures.formula import Cell
from agent.figures.grid import Grid, Row, figure
from agent.figures.headings import Group, groups
from agent.figures.items import asked_items, shown_label, years
from agent.figures.markdown_tables import row_cells
from agent.figures.member_names import POSSESSIVE, member_rows, named_context
from agent.figures.partitions import whole
from agent.figures.periods import into_year, months_of
from agent.figures.rank_columns import measure_columns, named_in
from agent.figures.ranked_lines import Mode
from agent.figures.render import ids, number, when
from agent.figures.table_head import head_line
from agent.figures.turn_tables import grids
from agent.figures.versus import same_length
from agent.figures.versus import sides as versus_sides
from agent.figures.worded_rows import terms
from agent.question.compare import asks_change
from agent.question.named_members import Named, asks_verdict, named_members
from pipeline.text.finance import LineItem, vocabulary

_GROWTH = re.compile(r"\b(?:grow|grew|grown|growth|faster|slower|outpac|outgr)\w*", re.I)
_FALLS = re.compile(r"\b(?:fall|fell|fallen|drop|declin|decreas|shr[ai]nk|slid|slump)\w*", re.I)
_INTRO = 300  # characters of the sentence leading into a table read as its title
AGREE = 0.01  # beyond its rounding, how far a printed change may be from the computed one
_CHANGE_HEAD = re.compile(r"\bchange\b|%", re.I)


@dataclass(frozen=True)
class _Member:
    row: Row
    now: Cell
    before: Cell | None
    value: float  # the growth in percent, or the figure
    said: str  # "(9,779 − 8,108) ÷ 8,108 = 20.6%", or "$6,135 million"


def named_members_answer(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> FigureAnswer | None:
    """The named members' figures (or growths) side by side, the leader first; None when
    the question names no members or no group of one table prints them all."""
    named = named_members(question) if lang == "en" else None
    # a ratio is worked from its formula (``metric_ranks``); two sides sharing their
    # measure's words ("U.K. revenue growth" and "Continental Europe revenue growth") are
    # ``versus``'s
    if named is None or _ratio_named(question) or versus_sides(question) is not None:
        return None
    growth = bool(_GROWTH.search(question)) or asks_change(question)
    measure = _measure(question)
    if measure is None:
        return None
    found = _found(question, named, evidence, measure, growth)
    if found is None:
        return None
    members, measured = found
    falls = bool(_FALLS.search(question))
    ranked = _ranked(members, falls)
    lead = _lead(ranked, growth, falls)
    said = _verdict(question, named, members, falls)
    first = f"{said}: {lead}" if said else lead
    first += f" in {measured}," if measured else ""
    rest = "; ".join(f"{_label(m.row)} {m.said}" for m in ranked)
    cells = [c for m in members for c in (m.now, m.before) if c is not None]
    period = when(members[0].now, False)
    if members[0].before is not None:
        period += f" against {when(members[0].before, False).removeprefix('in ')}"
    return FigureAnswer([f"{first} {period}: {rest} {ids(cells)}."], cells=cells)


def _ratio_named(question: str) -> bool:
    """A margin or another ratio is worked from its formula (``metric_ranks``)."""
    from agent.question.parsed import parse

    named = set(parse(question).metrics)
    return any(m.percent or "/" in m.formula for m in vocabulary().metrics if m.key in named)


def _measure(question: str) -> LineItem | None:
    items = {a.item.key: a.item for a in asked_items(question)}
    if len(items) > 1:
        return None
    return next(iter(items.values())) if items else vocabulary().items.get("revenue")


def _found(
    question: str, named: Named, evidence: Sequence[Evidence], measure: LineItem, growth: bool
) -> tuple[list[_Member], str] | None:
    asked = years(question)
    year = asked[-1] if asked else None
    months = months_of(question)
    into = into_year(question, months)
    mode: Mode = "growth" if growth else "level"
    best: tuple[tuple[int, ...], list[_Member], str] | None = None
    item = bool(asked_items(question))
    for g in grids(evidence):
        cols = _columns(g, measure, mode, year=year, months=months, into=into)
        if cols is None:
            continue
        col, before = cols
        # the table's title: its section, columns, head line and the sentence leading in
        # ("Net sales attributed to countries … are as follows:")
        intro = g.passage.text.split("\n|", 1)[0][-_INTRO:] if "\n|" in g.passage.text else ""
        title = f"{g.passage.section} {g.passage.columns} {head_line(g.passage.text)} {intro}"
        for grp, headed in _groups(g):
            rows = member_rows(grp, named.members, col, measure)
            if rows is None:
                continue
            members = [_member(g, r, col, before if growth else None) for r in rows]
            if any(m is None for m in members):
                continue
            # a group's own heading says what its rows measure ("Adjusted EBIT"): one
            # saying nothing the question says measures something else
            words = (
                f"{grp.heading} {g.columns[col].text}"
                if headed
                else f"{title} {g.columns[col].text}"
            )
            labels = " ".join(r.label for r in grp.grid.rows)
            measured = _measure_said(
                grp, headed, words, labels=labels, question=question, measure=measure
            )
            if not measured and not item:
                continue  # the table never says the measure asked ("comps")
            other = int(headed and not terms(grp.heading) & terms(question))
            qualified = _qualified(words, measure, question)
            # a line item asked: a table saying it before one that does not (a note's
            # table of countries titled only by its note)
            said = int(bool(measured))
            # the names' words no row says ("US pharma sales": "pharma") said by the
            # group's heading or title: the U.S. of the Pharmaceutical segment
            context = named_context(named.members, rows, f"{grp.heading} {title}")
            score = (said, context, -other, -qualified, -len(grp.members), -(g.passage.rank or 0))
            if best is None or score > best[0]:
                kept = [m for m in members if m is not None]
                best = (score, kept, measured)
    return (best[1], best[2]) if best else None


def _columns(
    g: Grid,
    measure: LineItem,
    mode: Mode,
    *,
    year: int | None,
    months: int | None,
    into: int | None,
) -> tuple[int, int] | None:
    """The ranking's columns; else, in a table printing one period over two measures'
    columns whose titles were lost ("2021 | Net Revenue 2020 | 2019 | 2021 | 2020"), the
    first of the period asked and the one before."""
    cols = measure_columns(g, measure, mode, year=year, months=months, into=into)
    if cols is not None or (months in (None, 12) and not same_length(g, months)):
        return cols
    if year is None:
        return None
    col, before = _filled(g, year), _filled(g, year - 1)
    if col is None or (mode == "growth" and before is None):
        return None
    return col, before if before is not None and mode == "growth" else col


def _filled(g: Grid, year: int) -> int | None:
    """The first full-year column of a year holding figures (a heading cell that caught
    a sentence's "In 2021" holds none)."""
    for i, c in enumerate(g.columns):
        filled = any(i < len(r.values) and r.values[i] is not None for r in g.rows)
        if c.year == year and c.months in (None, 12) and filled:
            return i
    return None


def _groups(g: Grid) -> list[tuple[Group, bool]]:
    """The table's groups under headings, the rows above its first heading (a table's
    first block, "Net sales", printed before "Adjusted EBIT:"), and its rows as one."""
    headed = groups(g)
    out = [(grp, True) for grp in headed]
    if headed:
        first = min(r.start for r in headed[0].members)
        lead = tuple(r for r in g.rows if r.end < first)
        out.append((Group(g, "", lead, None), False))
    return [*out, (whole(g), False)]


def _measure_said(
    grp: Group, headed: bool, text: str, *, labels: str, question: str, measure: LineItem
) -> str:
    """What the members are measured by, as the table says it: the line item the question
    names, by the table's title, heading, column or rows ("Net sales"); for a measure no
    line item names, the group's heading ("Adjusted Property EBITDAR") or the longest run
    of the title's words the question says, its owner's name aside. "" when the table
    says nothing of it."""
    if asked_items(question):
        return named_in(f"{text} {labels}", measure)
    if headed and terms(grp.heading) & terms(question):
        return grp.heading.strip().rstrip(":")
    owners = terms(" ".join(POSSESSIVE.findall(question)))
    asked = terms(question) - owners
    best: list[str] = []
    run: list[str] = []
    for w in re.findall(r"[A-Za-z][\w&'’-]*", text):
        said = terms(w)
        if said and said <= asked:
            run.append(w)
            best = run[:] if len(run) > len(best) else best
        elif said:
            run = []
    return " ".join(best)


def _qualified(text: str, measure: LineItem, question: str) -> int:
    """Does the text name the measure with a word before it the question does not say
    ("Subscription revenue" for a question on revenue)?"""
    name = named_in(text, measure)
    if not name:
        return 0
    low = text.lower()
    at = low.find(name)
    before = re.findall(r"[a-z]+", low[:at])[-1:] if at > 0 else []
    said = terms(question)
    qualifier = terms(before[0]) - {"total", "net"} if before else frozenset()
    return int(bool(qualifier) and not qualifier & said)


def _member(g: Grid, r: Row, col: int, before: int | None) -> _Member | None:
    now = _cell(g, r, col)
    if before is None:
        money = "$" if g.currency == "$" else ""
        return _Member(r, now, None, now.value, f"{money}{number(now.value)}")
    then = r.values[before] if before < len(r.values) else None
    if then is None or then <= 0:
        return None  # a growth needs a positive base
    value = (now.value - then) / then * 100
    printed = _printed(g, r, value)
    diff = now.value - then
    # the sum moved beside the rate: "how did A's growth compare" may ask either
    moved = f"{'up' if diff >= 0 else 'down'} {number(abs(diff))}"
    working = f"({number(now.value)} − {number(then)}) ÷ {number(then)} = {_pct(value)}, {moved}"
    if printed is not None:
        working = (
            f"{_pct(printed)} as printed ({number(now.value)} against {number(then)}, {moved})"
        )
        value = printed
    return _Member(r, now, _cell(g, r, before), value, working)


def _printed(g: Grid, r: Row, computed: float) -> float | None:
    """The row's change as its table prints it in a column headed by a change, when it
    agrees with the one worked from the cells."""
    heads = row_cells(head_line(g.passage.text))
    cells = row_cells(g.passage.text[r.start : r.end])
    if len(cells) != len(heads):
        return None
    for h, cell in zip(heads[1:], cells[1:], strict=False):
        value = figure(cell)
        # agreeing within the printed figure's rounding: a currency-neutral change one
        # point off is another measure
        digits = re.search(r"\.(\d+)", cell)
        within = 0.5 * 10 ** -(len(digits.group(1)) if digits else 0) + AGREE
        if _CHANGE_HEAD.search(h) and value is not None and abs(value - computed) <= within:
            return value
    return None


def _cell(g: Grid, r: Row, col: int) -> Cell:
    return g.cell(r, col)


def _pct(value: float) -> str:
    return f"{'−' if value < 0 else ''}{abs(value):.1f}%"


def _label(r: Row) -> str:
    return shown_label(r.label)


def _ranked(members: list[_Member], falls: bool) -> list[_Member]:
    """The leader first: the largest growth or figure, or the steepest fall asked."""
    return sorted(members, key=lambda m: m.value, reverse=not falls)


def _lead(ranked: list[_Member], growth: bool, falls: bool) -> str:
    """ "LatAm grew faster than QFNA", "Trauma grew the fastest, ahead of Spine, …"."""
    top, rest = ranked[0], [_label(m.row) for m in ranked[1:]]
    many = len(ranked) > 2
    if growth and falls and top.value < 0:
        word = "fell the most" if many else "fell more than"
    elif growth:
        word = "grew the fastest" if many else "grew faster than"
    else:
        word = "was the largest" if many else "was larger than"
    others = ", ".join(rest[:-1]) + f" and {rest[-1]}" if len(rest) > 1 else rest[0]
    return f"{_label(top.row)} {word}{', ahead of ' if many else ' '}{others}"


def _verdict(question: str, named: Named, members: list[_Member], falls: bool) -> str:
    """ "Yes" or "No" on a yes-or-no question's comparative, decided by the two figures."""
    if named.ahead is None or len(members) != 2 or not asks_verdict(question):
        return ""
    a, b = (m.value for m in members)
    if falls:
        a, b = -a, -b  # "fall faster": the larger drop is ahead
    if a == b:
        return ""
    return "Yes" if (a > b) == named.ahead else "No"
