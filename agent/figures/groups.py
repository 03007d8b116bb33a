"""Which member of a table's group is the extreme one: "Which … had the largest … among
the short-term investments?" over a table whose rows are grouped under headings.

The groups are the rows under a heading line and the row closing them with their total
(``headings``). A question that names the group and asks for an extreme is answered by the
group's member with the extreme figure for the period asked, with its share of the
group's total: "Corporate bonds were the largest of short-term investments: 416 of 508
(82.0%) at June 30, 2023 [id]." Every figure is a cell of the cited table.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence
from agent.figures.headings import MIN_MEMBERS, Group, groups
from agent.figures.items import years
from agent.figures.periods import into_year, months_of
from agent.figures.render import number, scale_word, signed
from agent.figures.turn_tables import grids
from agent.question.compare import asks_extreme, wants_minimum, what_is_compared
from agent.rewrite import content_terms
from agent.scope import stem, word_set
from pipeline.text.normalise import single_spaces
from pipeline.text.periods import DATED_RE

_PAREN = re.compile(r"\([^)]*\)")
MIN_NAMED = 0.5  # share of the heading's words the question must use


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
    when = (
        f"at {period}" if DATED_RE.search(period) else f"in FY{column.year}" if column.year else ""
    )
    head = grp.heading[:1].lower() + grp.heading[1:]
    tail = f"; its share of {head} = {share}" if share else ""
    figure = f"{signed(value, bool(money))}{unit}"
    line = f"{row.label} was the {word} of {head} {when}: {figure}{tail} [{cid}]."
    return single_spaces(line), [cid]
