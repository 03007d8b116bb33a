"""The row whose qualifiers the question says, before a like-named neighbour: the
selector reads a row's own words, and a note's "Current" under "U.S. Federal:" shares
as many of them with "the current international tax" as the "Current" under
"International:" does. When the first-ranked table row says a qualifier against the
question's, or less of them, a row of the same table (its passage or its page) that
says more of them takes its place (``figures.row_context``); rows labelled alike are told by
their headings' words. Only rows move, and only among the candidates."""

from __future__ import annotations

from agent.evidence import Unit
from agent.figures.row_context import (
    agreement,
    asked_qualifiers,
    context,
    framed_share,
    row_qualifiers,
)
from agent.models.statement_rows import C, Ranked


def _label(u: Unit) -> str:
    return u.text.strip().strip("|").split("|")[0].strip()


def _fit(c: Ranked, question: str) -> tuple[float, float]:
    asked = asked_qualifiers(question)
    row = row_qualifiers(question, context(c.passage.text, c.unit.start, _label(c.unit)))
    return agreement(asked, row), framed_share(question, c.passage.text, c.unit.start)


def _same_table(a: Ranked, b: Ranked) -> bool:
    pa, pb = a.passage, b.passage
    return pa.doc_id == pb.doc_id and (pa.chunk_id == pb.chunk_id or pa.page == pb.page)


def qualified_first(found: list[C], question: str) -> list[C]:
    """The candidates in their order, but the first-ranked row replaced by the row of
    its table agreeing more with the question's qualifiers (or, labelled alike, whose
    heading says more of the question), moved up to its place."""
    if not asked_qualifiers(question):
        return found
    out = list(found)
    first = next((i for i, c in enumerate(out) if c.unit.kind == "row"), None)
    if first is None:
        return out
    top = out[first]
    agree, share = _fit(top, question)
    best, best_key = None, (agree, share)
    for j in range(first + 1, len(out)):
        c = out[j]
        if c.unit.kind != "row" or not _same_table(top, c):
            continue
        a, s = _fit(c, question)
        alike = _label(c.unit).lower() == _label(top.unit).lower()
        key = (a, s if alike else share)
        # a row saying none of the qualifiers asked is no better a guess than the first
        if key > best_key and (a > 0 or (alike and a == agree)):
            best, best_key = j, key
    if best is not None:
        out.insert(first, out.pop(best))
    return out
