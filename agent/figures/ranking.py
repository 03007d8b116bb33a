"""Which member of a group did best or worst: "Which region had the worst topline
performance in FY2025?", "Which segment had the biggest drop in revenue (on a percentage
basis)?", "Which category had the highest contribution to net sales?".

The extremes of ``groups.py`` ranked by what the question measures rather than by the
figure itself: performance by top line is revenue growth over the comparable prior period
(each member's worked from its two cells), a contribution is a member's share of the
group's total. The group is a table's rows under a heading naming the measure ("Net
sales:"), or the rows of a table titled by it ("Revenue by geographic area"); a table
titled by the kind of member the question asks for ("which region": a geographic table)
is read before another. Every member's working is shown and cited: "EMEA had the lowest
net sales growth in FY2025 against FY2024: EMEA = (4,100 − 4,300) ÷ 4,300 = −4.7% [id].
Others: Americas = (9,000 − 8,500) ÷ 8,500 = 5.9%; … [id]." The words (top line,
contribution, region …) are in ``finance_terms.json``'s "rankings".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from agent import prompts
from agent.evidence import Evidence
from agent.figures.grid import SCALES, Row
from agent.figures.items import asked_items, norm, years
from agent.figures.member_kinds import WHICH, asked_kind, kind_words, of_another_kind
from agent.figures.member_levels import Levelled, members_of, named_by
from agent.figures.partitions import adds_up, is_item
from agent.figures.periods import into_year, months_of
from agent.figures.rank_columns import (
    MIN_MEMBERS,
    candidate_groups,
    figured,
    measure_columns,
    named_in,
)
from agent.figures.ranked_lines import Found, Member, Mode, lines, pct
from agent.figures.render import number, subtrahend
from agent.figures.stated_ranks import prose_search, stated_lines, stated_moves
from agent.figures.turn_tables import grids
from agent.question.compare import asks_change, asks_extreme, wants_minimum
from agent.rewrite import content_terms
from agent.scope import stem
from pipeline.text.finance import LineItem, vocabulary
from pipeline.text.script import HAN_RE

_PAREN = re.compile(r"\([^)]*\)")
_NOTE = re.compile(r"\s*\((?:\d|[a-z])\)")
_KIND_WORDS = 4  # words of the kind of member a search for their table names


@dataclass
class Ranked:
    lines: list[str] = field(default_factory=list)
    searches: list[str] = field(default_factory=list)  # for the table of the kind asked
    read: list[int] = field(default_factory=list)  # pages of a table cut off its members
    read_doc: str = ""  # the document of those pages, when one is known


def ranked_answer(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> Ranked | None:
    """The member with the extreme growth or share, and every member's working, with a
    search for a table of the kind of member asked when none of the turn is one; None
    when the question ranks no members by a change or a share."""

    mode = _mode(question)
    measure = _measure(question)
    if mode is None or measure is None or not asks_extreme(question):
        return None
    found, titled, partial, opened = _group(question, evidence, measure, mode)
    if opened:  # a table of members under headings goes on past the chunks read
        page, doc = opened[0]
        return Ranked(read=[page], read_doc=doc)
    # no table titled by the kind asked ("which region"): search for one, answering
    # meanwhile from the group found (a table of segments that are regions)
    search = [] if titled else [_search(question, measure)]
    if found is None:
        stated = stated_moves(question, evidence, measure) if mode == "growth" else []
        if stated:  # no table ranks them, the sentences stating each one's change do
            return Ranked(stated_lines(stated, measure, low=wants_minimum(question), lang=lang))
        # nothing to answer from yet: a company whose segments are its regions ("Las
        # Vegas / Regional / China") titles no table by regions, so its segment table
        # next, then the sentences stating each segment's change
        segments = _search(question, measure, kind=_SEGMENT)
        search += [segments] if segments not in search else []
        search += [prose_search(question, measure)] if mode == "growth" else []
        return Ranked(searches=search, read=partial) if grids(evidence) else None
    members = list(found.members)
    low = wants_minimum(question)
    best = (min if low else max)(members, key=lambda m: m.value)
    others = [m for m in members if m is not best]
    return Ranked(lines(found, best, others, mode, low=low, lang=lang), search)


_SEGMENT = "segment"  # the kind of member every filing's segment note lists


def _search(question: str, measure: LineItem, *, kind: str | None = None) -> str:
    """Keywords for the table of the kind of member asked (or of ``kind``), by the
    measure: "sales by region 2025"."""
    groups = vocabulary().member_kinds
    m = WHICH.search(question)
    said = [w.lower() for text in (m.groups() if m else ()) if text for w in text.split()]
    if kind is not None:
        said = [kind]
    asked = [w for w in said if any(w in words for words in groups.values())][:1]
    # and the kind's other words: a "segment" may be titled a "division"
    kin = next((words for words in groups.values() if asked and asked[0] in words), ())
    stems = {stem(w): w for w in reversed([*asked, *(w for w in kin if w.isascii())])}
    asked = list(dict.fromkeys([*asked, *list(reversed(stems.values()))]))[:_KIND_WORDS]
    # tables are titled "<measure> by <kind>" ("Net revenue by division"), by the
    # measure's shortest names
    names = sorted((n for n in measure.names if n.isascii()), key=len)[:2] or [measure.key]
    ys = years(question)
    kind = " ".join(dict.fromkeys(asked))
    return " ".join(x for x in (*names, "by" if kind else "", kind, *map(str, ys[-1:])) if x)


def _said(question: str, words: Sequence[str]) -> bool:
    low = question.lower()
    # Chinese words have no spaces around them: a Chinese word is said wherever it is
    return any(
        w in low if HAN_RE.search(w) else re.search(rf"(?<!\w){re.escape(w)}(?!\w)", low)
        for w in words
    )


def _mode(question: str) -> Mode | None:

    vocab = vocabulary()
    if _said(question, vocab.share_words):
        return "share"
    if asks_change(question) or _said(question, vocab.top_line):
        return "growth"
    if kind_words(question) and asked_items(question):  # "which segment … most revenue"
        return "level"
    return None


def _measure(question: str) -> LineItem | None:
    """What members are measured by: the one line item the question names; revenue when
    it names none (the top line; a contribution or a growth of a business unnamed)."""
    items = {a.item.key: a.item for a in asked_items(question)}
    if len(items) > 1:
        return None
    return next(iter(items.values())) if items else vocabulary().items.get("revenue")


# the words after "which", past a company's name ("which of Velmor Resorts' reportable
# segments", "which J&J business segment"): the kind of member is among them
def _group(
    question: str, evidence: Sequence[Evidence], measure: LineItem, mode: Mode
) -> tuple[Found | None, bool, list[int], list[tuple[int, str]]]:
    """The group ranked (a table titled by the kind of member the question asks for
    first), whether its table is so titled (or the question names no kind), and the
    pages of tables naming the measure whose members are in another chunk (a table cut
    after its first rows), and the pages where a table of members under headings goes on
    (``subtotals.py``)."""
    kinds = kind_words(question)
    which = _qualifier(question)
    year = max(years(question), default=None)
    months = months_of(question)
    into = into_year(question, months)
    best: tuple[tuple[int, int, int, int, float, int, int], Found] | None = None
    partial: list[int] = []
    opened: list[tuple[int, str]] = []
    cut: list[tuple[int, str]] = []  # unread pages of tables whose members are cut short
    tables = grids(evidence)
    read = _pages_read(evidence)
    for g in tables:
        cols = measure_columns(g, measure, mode, year=year, months=months, into=into)
        if cols is None:
            continue
        col, before = cols
        p = g.passage
        # the table's title and the headings it sits under, its rows' labels ("Total
        # division")
        title = f"{p.section} {p.columns} {p.text.lstrip().split(chr(10))[0]}"
        rows = " ".join(r.label for r in g.rows)
        context = {stem(t) for t in content_terms(f"{title} {rows}")}
        candidates = candidate_groups(g, tables, measure, read, opened)
        for grp, sources in candidates:
            if any(is_item(r.label) for r in grp.members):
                continue  # line items ("Net sales", "Operating expenses") are no members
            # the measure named by the group's heading (the table's title for a table
            # without headings) or by its column; members named twice are nested rows
            # ("Oral Care: U.S. / International"), no partition
            name = named_in(grp.heading, measure) or named_in(g.columns[col].text, measure)
            # (rows with no figure in the column, "Percentage of total revenue" under each
            # member, are no members)
            labels = [norm(r.label) for r in grp.members if figured(r, col)]
            if not name or len(set(labels)) < len(labels):
                continue
            found = Found(grp, name, col, before, (), sources)
            members, levels = _members(found, mode, question)
            kind = 1 if kinds & (context | {stem(t) for t in content_terms(grp.heading)}) else 0
            if len(members) < MIN_MEMBERS:
                partial.append(p.page)
                if kind and _unread(p.page, p.doc_id, read):  # a piece of the kind asked
                    cut.append((p.page, p.doc_id))
                continue
            if of_another_kind(question, grp, levels.rows, totalled=levels.totalled):
                continue  # "US / Intl" of one product, a geographic table: not the kind asked
            if which and any(named_by(which, m.row.label) for m in members):
                # the parent the question names is among them ("Which Oncology product":
                # "Oncology" beside "DARZALEX", "Which Domestic category": "Domestic /
                # International"): they are not its children; its page may hold them
                if _unread(p.page, p.doc_id, read):
                    cut.append((p.page, p.doc_id))
                continue
            # a table whose columns are of the length asked (a quarter's) before one
            # whose columns name no length
            length = int(months is None or g.columns[col].months == months)
            # then members adding up to their group's total (a partition, not rows of
            # several levels: "Health / Primary Care / Vaccine X"), then the whole's
            # partition (the largest total) over a part's
            size = sum(m.now for m in members) * SCALES.get(g.scale, 1.0)
            # and of two partitions of one whole, the finer ("U.S. / Europe / Asia" over
            # "U.S. / International")
            parts = int(levels.nested or adds_up(grp, col) == 1)  # levels that add up
            # the children of the parent the question names over any other rows
            under = int(levels.under)
            score = (kind, length, under, parts, size, len(members), -(p.rank or 0))
            if best is None or score > best[0]:
                best = (score, replace(found, members=tuple(members)))
    # before ranking, the page of a table of the kind asked cut off its other members
    # ("… by geographic area / International / Worldwide") or of a named parent's is read
    opened = list(dict.fromkeys([*opened, *cut]))
    if best is None:
        return None, not kinds, list(dict.fromkeys(partial)), opened
    return best[1], best[0][0] == 1 or not kinds, [], opened


def _pages_read(evidence: Sequence[Evidence]) -> set[tuple[str, str]]:
    """The pages read, with their documents: page 8 of one document is not another's (a
    page read of no document's, an empty one, with "")."""
    read = {(e.query, p.doc_id) for e in evidence if e.reads == "page" for p in e.passages}
    return read | {(e.query, "") for e in evidence if e.reads == "page" and not e.passages}


def _qualifier(question: str) -> str:
    """The words after "which" ("which Oncology product"): a member they name is the
    parent of those asked; a member named elsewhere in the question is one asked about."""
    m = WHICH.search(question)
    return " ".join(w for w in m.groups() if w) if m else ""


def _unread(page: int, doc: str, read: set[tuple[str, str]]) -> bool:
    return (str(page), doc) not in read and (str(page), "") not in read


def _members(found: Found, mode: Mode, question: str) -> tuple[list[Member], Levelled]:
    """Each member's figure ranked by (its growth, share or level), of the level the
    question asks, and how the group's rows were levelled (``member_levels.py``)."""
    col, before = found.col, found.before
    if any(r.raws[col].strip().endswith("%") for r in found.group.members if col < len(r.raws)):
        # a column of percentages ("Volume 6.9 % / Price (0.8)"): no amounts
        return [], Levelled([], totalled=False, nested=False)
    # "Total …" rows stay for the levelling: a total over some rows is their parent
    rows = [
        r
        for r in found.group.members
        if max(col, before) < len(r.values)
        and r.values[col] is not None
        and not r.raws[col].strip().endswith("%")
    ]
    levels = members_of(rows, col, question, leaves=asked_kind(question) == "region")
    return _measured(found, levels.rows, mode), levels


def _measured(found: Found, rows: list[Row], mode: Mode) -> list[Member]:
    col, before = found.col, found.before
    if mode == "growth":
        out = []
        for r in rows:
            now, then = r.values[col] or 0.0, r.values[before]
            if then is not None and then > 0:  # a growth needs a positive base
                growth = (now - then) / abs(then) * 100
                working = f"({number(now)} − {subtrahend(then)}) ÷ {number(then)} = {pct(growth)}"
                out.append(Member(r, now, then, growth, working))
        return out
    if not rows:  # every member's cell is empty or a rate: nothing to rank by
        return []
    total_row = found.group.total
    total = total_row.values[col] if total_row and col < len(total_row.values) else None
    nows = [r.values[col] or 0.0 for r in rows]
    entire = total if total else sum(nows)
    shown = number(entire) if total else "(" + " + ".join(number(v) for v in nows) + ")"
    if mode == "level" and (entire <= 0 or min(nows) < 0):  # a loss has no share: the figures
        return [Member(r, v, None, v, number(v)) for r, v in zip(rows, nows, strict=True)]
    if entire <= 0:
        return []
    return [
        Member(
            r,
            v,
            None,
            v if mode == "level" else v / entire * 100,
            f"{number(v)} ÷ {shown} = {pct(v / entire * 100)}",
        )
        for r, v in zip(rows, nows, strict=True)
    ]
