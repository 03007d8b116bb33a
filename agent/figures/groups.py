"""Which member of a table's group is the extreme one: "Which … had the largest … among
the short-term investments?" over a table whose rows are grouped under headings.

Statements and notes list the parts of a total under a heading line without figures
("Short-term investments:") and close the group with its total ("Short-term investments",
"Total …"). A question that names the group and asks for an extreme is answered by the
group's member with the extreme figure for the period asked, with its share of the
group's total: "Corporate bonds were the largest of short-term investments: 416 of 508
(82.0%) at June 30, 2023 [id]." Every figure is a cell of the cited table.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent import prompts
from agent.evidence import Evidence
from agent.figures.grid import Grid, Row, clean_label
from agent.figures.items import years
from agent.figures.lookup import grids
from agent.figures.periods import into_year, months_of
from agent.figures.render import number, scale_word, signed
from agent.question.compare import asks_extreme, wants_minimum, what_is_compared
from agent.rewrite import content_terms
from agent.scope import stem, word_set

# a label over empty cells, with or without its colon ("Net sales:", "| Cloud |  |  |"):
# words, not a table's "|---|---|" rule
HEADING = re.compile(r"^\|?\s*((?=[^|\d]*[^\W\d_])[^|\d]{3,80}?):?\s*(?:\|[\s|]*)?$")
_TOTAL = re.compile(r"^\W*total\b", re.I)
_PAREN = re.compile(r"\([^)]*\)")
_MONTH = re.compile(r"[A-Z][a-z]+ \d{1,2}, \d{4}")
MIN_MEMBERS = 2
MIN_NAMED = 0.5  # share of the heading's words the question must use


@dataclass(frozen=True)
class Group:
    grid: Grid
    heading: str
    members: tuple[Row, ...]
    total: Row | None


def groups(g: Grid) -> list[Group]:
    """The grid's rows grouped under the heading lines above them, each group with the
    row that totals it when there is one (its heading's words again, or "Total …")."""
    text = g.passage.text
    out: list[Group] = []
    heading = ""
    members: list[Row] = []
    for r in g.rows:
        above = _heading_above(text, r.start, g.rows)
        if above is not None and above != heading:
            out.append(Group(g, heading, tuple(members), None))
            heading, members = above, []
        if not heading:
            continue
        if _TOTAL.match(r.label) or word_set(r.label) >= word_set(heading):
            out.append(Group(g, heading, tuple(members), r))  # the row closing the group
            heading, members = "", []
            continue
        members.append(r)
    out.append(Group(g, heading, tuple(members), None))
    return [x for x in out if x.heading and len(x.members) >= MIN_MEMBERS]


def _heading_above(text: str, start: int, rows: Sequence[Row]) -> str | None:
    """The heading line right above the row at ``start``, if the line above is one."""
    before = text[: max(0, start - 1)].rsplit("\n", 1)[-1]
    if any(r.end == start - 1 for r in rows):
        return None  # the line above is another row of figures
    m = HEADING.match(before.strip())
    return clean_label(m.group(1)) if m else None


def group_answer(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> tuple[str, list[str]] | None:
    """The sentence naming the extreme member of the group the question names, and its
    citation ids; None when the question is no such comparison or no group fits."""

    if not asks_extreme(question):
        return None
    asked = {stem(t) for t in content_terms(what_is_compared(question))}
    best: tuple[float, Group] | None = None
    for g in grids(evidence):
        for grp in groups(g):
            words = word_set(grp.heading)
            named = len(words & asked) / len(words) if words else 0.0
            if named >= MIN_NAMED and (best is None or named > best[0]):
                best = (named, grp)
    if best is None:
        return None
    return _sentence(best[1], question, lang)


def _sentence(grp: Group, question: str, lang: prompts.Lang) -> tuple[str, list[str]] | None:
    ys = years(question)
    months = months_of(question)
    year = max(ys) if ys else None
    col = grp.grid.column_for(year, months=months, into=into_year(question, months))
    if col is None:
        return None
    valued = [(r.values[col], r) for r in grp.members if col < len(r.values)]
    present = [(v, r) for v, r in valued if v is not None]
    if len(present) < MIN_MEMBERS:
        return None

    pick = min if wants_minimum(question) else max
    value, row = pick(present, key=lambda vr: vr[0])
    g = grp.grid
    unit = scale_word(g.scale, lang)
    cid = g.passage.chunk_id
    column = g.columns[col]
    period = _PAREN.sub("", column.text).strip()
    total = grp.total.values[col] if grp.total and col < len(grp.total.values) else None
    # the share is written as its working, so the reflection checks it like any other
    share = (
        f"{number(value)} ÷ {number(total)} = {value / total * 100:.1f}%"
        if total and total > 0 and value >= 0
        else ""
    )
    if lang == "zh":
        word = "最少" if pick is min else "最多"
        tail = f"，占{grp.heading}的 {share}" if share else ""
        return (
            f"{grp.heading}中{row.label}{word}：{period}为{number(value)}{unit}{tail} [{cid}]。",
            [cid],
        )
    word = "smallest" if pick is min else "largest"
    money = "$" if g.currency == "$" else ""
    when = f"at {period}" if _MONTH.search(period) else f"in FY{column.year}" if column.year else ""
    head = grp.heading[:1].lower() + grp.heading[1:]
    tail = f"; its share of {head} = {share}" if share else ""
    figure = f"{signed(value, bool(money))}{unit}"
    line = f"{row.label} was the {word} of {head} {when}: {figure}{tail} [{cid}]."
    return " ".join(line.split()), [cid]
