"""Which member had the most (or least) of a line item, each member's figure read from a
segment table that lists its members under headings: "Which segment earned the most
revenue in 2025?" over "Revenue / Harbor Resorts / Casino … / Total Harbor Resorts / Inland
Operations / … / Total Inland Operations", or "Which segment had the highest operating
income?" over "Retail / Net sales / Operating income / Cloud / … / Consolidated".

A member is a heading line; its figure is the row under it naming the item, or, under a
heading naming the item, the row totalling the member ("Total Harbor Resorts").
The table is read over all its chunks in order (one statement split over chunks on a
page), never a member's own lines (a casino's revenue is no segment's). A heading of the
whole ("Consolidated", "Total") is no member.
"""

from __future__ import annotations

from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence
from agent.figures.candidate import FigureAnswer
from agent.figures.grid import Grid, Row, clean_label
from agent.figures.headings import HEADING
from agent.figures.items import MIN_ROW_MATCH, asked_items, norm, row_match, years
from agent.figures.member_kinds import kind_words
from agent.figures.periods import into_year, months_of
from agent.figures.ranked_lines import _period
from agent.figures.render import number, scale_word
from agent.figures.turn_tables import grids
from agent.question.compare import asks_change, asks_extreme, wants_minimum, what_is_compared
from pipeline.text.finance import LineItem

MIN_MEMBERS = 2
_WHOLE = ("total", "consolidated", "worldwide", "reportable segment")

Member = tuple[str, float, Grid]


def segment_levels(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> FigureAnswer | None:
    """The member with the extreme figure of the item asked and every other member's,
    cited; the page to read when a table of the turn shows one member of several; None
    when the question ranks no kind of member by one line item's level, or no table of
    the turn lists a member with it."""
    if lang != "en" or not asks_extreme(question) or asks_change(question):
        return None
    compared = what_is_compared(question)
    found = asked_items(compared)
    if len({a.item.key for a in found}) != 1 or not kind_words(question):
        return None
    item, name = found[0].item, compared[found[0].start : found[0].end]
    ys = years(question)
    months = months_of(question)
    into = into_year(question, months)
    best: list[Member] = []
    for table in statement_tables(grids(evidence)):
        col = table[0].column_for(max(ys) if ys else None, months=months, into=into)
        members = _members(table, item, col) if col is not None else []
        if len(members) > len(best):
            best = members
    if not best:
        return None
    g = best[0][2]
    if len(best) < MIN_MEMBERS:  # the statement goes on in chunks the turn has not read
        return FigureAnswer(read=[g.passage.page], read_doc=g.passage.doc_id)
    col = g.column_for(max(ys) if ys else None, months=months, into=into)
    when = _period(g.columns[col].text, g.columns[col].year) if col is not None else ""
    return FigureAnswer(_lines(best, name, question, when))


def statement_tables(tables: Sequence[Grid]) -> list[list[Grid]]:
    """The turn's tables as statements: the chunks of one page under one column header,
    in their order in the document."""
    out: dict[tuple[str, int, tuple[str, ...]], list[Grid]] = {}
    for g in tables:
        key = (g.passage.doc_id, g.passage.page, tuple(c.text for c in g.columns))
        out.setdefault(key, []).append(g)
    return [sorted(v, key=_order) for v in out.values()]


def _order(g: Grid) -> int:
    tail = g.passage.chunk_id.rsplit("#", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def statement_lines(g: Grid) -> list[tuple[str, Row | None]]:
    """The table's lines in order: a heading's text (no row), or a row of figures."""
    out: list[tuple[str, Row | None]] = []
    pos = 0
    for line in g.passage.text.split("\n"):
        start, pos = pos, pos + len(line) + 1
        row = next((r for r in g.rows if start <= r.start <= start + 1), None)
        if row is not None:
            out.append((row.label, row))
            continue
        m = HEADING.match(line.strip())
        if m and not line.strip().startswith("|---"):
            out.append((clean_label(m.group(1)), None))
    return out


def _members(table: list[Grid], item: LineItem, col: int) -> list[Member]:
    """Each member heading's figure of the item: the row under it naming the item, or the
    row totalling it when the list is the item's (a heading naming the item above the
    members, or the members' total naming it below them)."""
    out: dict[str, Member] = {}
    totals: dict[str, Member] = {}  # members' totals, the item's once the list is known
    measure = False  # a heading naming the item is above the members
    member = ""
    for g in table:
        for text, row in statement_lines(g):
            if row is None:
                if row_match(text, item) >= MIN_ROW_MATCH:  # a list of the item begins
                    measure, member, totals = True, "", {}
                else:
                    member = "" if norm(text).startswith(_WHOLE) else text
                continue
            label = norm(row.label)
            value = row.values[col] if col < len(row.values) else None
            if label.startswith(_WHOLE) and label != norm(f"total {member}"):
                if measure or _names(label, item):
                    out.update({k: v for k, v in totals.items() if k not in out})
                measure, member, totals = False, "", {}  # the members' total closes the list
                continue
            if value is None or not member or member in out or member in totals:
                continue
            if label == norm(f"total {member}"):
                totals[member] = (member, value, g)
            elif row_match(row.label, item) >= MIN_ROW_MATCH:
                out[member] = (member, value, g)
    if measure:  # the list's own heading named the item; no total row closed it
        out.update({k: v for k, v in totals.items() if k not in out})
    return list(out.values())


def _names(label: str, item: LineItem) -> bool:
    """Does a total's label name the item ("Reportable segment net revenues")?"""
    return row_match(label, item) >= MIN_ROW_MATCH or any(
        norm(n) in label for n in item.names if n.isascii()
    )


def _lines(members: list[Member], name: str, question: str, when: str) -> list[str]:
    low = wants_minimum(question)
    top = (min if low else max)(members, key=lambda m: m[1])
    g = top[2]
    unit = scale_word(g.scale, "en")
    money = "$" if g.currency == "$" else ""
    ids = "".join(f"[{cid}]" for cid in dict.fromkeys(m[2].passage.chunk_id for m in members))

    def said(m: Member) -> str:
        sign = "−" if m[1] < 0 else ""
        return f"{sign}{money}{number(abs(m[1]))}{unit}"

    word = "lowest" if low else "highest"
    lead = f"{top[0]} had the {word} {name}{' in ' + when if when else ''}: {said(top)} {ids}."
    rest = "; ".join(f"{m[0]} = {said(m)}" for m in members if m is not top)
    return [lead, f"Others: {rest} {ids}."]
