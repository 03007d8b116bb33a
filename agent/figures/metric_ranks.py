"""Which member did best by a metric computed for each: "Which segment had the highest
operating margin in 2025?" over a segment note printing each segment's items under its
heading ("Retail / Net sales / Operating income", "Cloud / Net sales / Operating income").

The metric's formula (``finance_terms.json`` metrics, or "A as a percent of B") is worked
for every member from the rows under its heading, and every working is shown and cited:
"Cloud had the highest operating margin in FY2025: operating income 880 ÷ net sales 2,700
= 32.6% [id]. Others: Retail = 9.3%; Marine = 3.9% [id]." A member lacking an operand is
left out; a table with fewer than two members answers nothing.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence
from agent.figures.asking import what_is_asked
from agent.figures.formula import Cell, MissingFigure, Result, evaluate
from agent.figures.grid import Grid, Row
from agent.figures.headings import groups
from agent.figures.items import MIN_ROW_MATCH, row_match, years
from agent.figures.member_kinds import kind_words
from agent.figures.partitions import MIN_MEMBERS
from agent.figures.periods import into_year, months_of
from agent.figures.render import number
from agent.figures.turn_tables import grids
from agent.question.compare import asks_extreme, wants_minimum
from pipeline.text.finance import vocabulary

_WHOLE = ("total", "consolidated", "worldwide", "合计", "总计", "合并")


def metric_ranking(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[str] | None:
    """The member with the extreme metric and every member's working; None when the
    question ranks no members by a computed metric or no table of the turn gives two."""

    ask = what_is_asked(question)
    if ask is None or ask.single or not asks_extreme(question) or not kind_words(question):
        return None
    ys = years(question)
    year = max(ys) if ys else None
    best: tuple[int, int, Grid, list[tuple[str, Result]]] | None = None
    for g in grids(evidence):
        members = _members(g, ask.formula, question, year)
        if len(members) >= MIN_MEMBERS:
            key = (len(members), -(g.passage.rank or 0))
            if best is None or key > best[:2]:
                best = (*key, g, members)
    if best is None:
        return None
    _, _, g, members = best
    low = wants_minimum(question)
    top = (min if low else max)(members, key=lambda m: m[1].value)
    others = [m for m in members if m is not top]

    def shown(r: Result) -> str:
        v = r.value * 100 if ask.percent else r.value
        text = f"{v:.1f}%" if ask.percent else number(round(v, 2))
        return text.replace("-", "−")

    cid = f"[{g.passage.chunk_id}]"
    name = ask.name[:1].lower() + ask.name[1:] if not ask.name.isupper() else ask.name
    col = g.column_for(year, months=months_of(question), into=into_year(question, None))
    when = f"FY{g.columns[col].year}" if col is not None and g.columns[col].year else ""
    rest = "; ".join(f"{h} = {shown(r)}" for h, r in others)
    if lang == "zh":
        word = "最低" if low else "最高"
        return [
            f"{top[0]}的{ask.name}{word}：{top[1].working} = {shown(top[1])} {cid}。",
            f"其他：{rest} {cid}。",
        ]
    word = "lowest" if low else "highest"
    lead = f"{top[0]} had the {word} {name} {('in ' + when) if when else ''}".strip()
    return [f"{lead}: {top[1].working} = {shown(top[1])} {cid}.", f"Others: {rest} {cid}."]


def _members(
    g: Grid, formula: ast.expr, question: str, year: int | None
) -> list[tuple[str, Result]]:
    """Each heading's metric, worked from the rows under it, for the period asked."""
    months = months_of(question)
    into = into_year(question, months)
    out: list[tuple[str, Result]] = []
    for grp in groups(g):
        if grp.heading.lower().startswith(_WHOLE):
            continue  # "Consolidated": the whole, not a member
        rows = list(grp.members) + ([grp.total] if grp.total else [])

        def lookup(key: str, y: int | None, rows: list[Row] = rows) -> Cell:
            col = g.column_for(y, months=months, into=into)
            item = vocabulary().items.get(key)
            row = None
            if item is not None and col is not None:
                row = max(rows, key=lambda r: row_match(r.label, item), default=None)
            if row is None or item is None or row_match(row.label, item) < MIN_ROW_MATCH:
                raise MissingFigure(key, y)
            value = row.values[col] if col is not None and col < len(row.values) else None
            if value is None or col is None:
                raise MissingFigure(key, y)
            c = g.columns[col]
            p = g.passage
            return Cell(
                key, row.label, value, row.raws[col], c.year, c.text, p.chunk_id, p.page, g.scale
            )

        try:
            out.append((grp.heading, evaluate(formula, lookup, year)))
        except (MissingFigure, ZeroDivisionError):
            continue
    return out
