"""The row whose qualifiers the question says, before a like-named neighbour: the
selector reads a row's own words, and a note's "Current" under "U.S. Federal:" shares
as many of them with "the current international tax" as the "Current" under
"International:" does. When the first-ranked table row says a qualifier against the
question's, or less of them, a row of the same table (its passage or its page) that
says more of them takes its place (``figures.row_context``); rows labelled alike are told by
their headings' words. Only rows move, and only among the candidates."""

from __future__ import annotations

import re

from agent.evidence import Unit
from agent.figures.row_context import (
    agreement,
    asked_qualifiers,
    context,
    framed_share,
    row_qualifiers,
)
from agent.models.statement_rows import C, Ranked
from agent.question.parsed import parse
from pipeline.text.lexicon import pattern

# a question asking a rate ("percent", "rate"), which a row of percentages answers
_RATE_ASKED = pattern("change_words.rate_asked", template="(?<![a-z])(?:{})", flags=re.I)
_FIGURE = re.compile(r"\d")


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


def _figures(u: Unit) -> list[str]:
    return [c.strip() for c in u.text.strip().strip("|").split("|")[1:] if _FIGURE.search(c)]


def _percentages(u: Unit) -> bool:
    """Is the row's every figure a percentage ("Interest cost | 1.2 % | 1.5 %")?"""
    figures = _figures(u)
    return bool(figures) and all(f.replace(" ", "").endswith("%") for f in figures)


def amounts_first(found: list[C], question: str) -> list[C]:
    """The candidates in their order, but a first-ranked row of percentages (a plan's
    assumed rate labelled as its cost, "Interest cost | 1.2 %") replaced by a row of the
    same label and document printing amounts, when the question asks a figure plainly,
    no rate: the amount is the answer, the rate beside it another thing."""
    if _RATE_ASKED.search(question) or parse(question).operation != "lookup":
        return found
    first = next((i for i, c in enumerate(found) if c.unit.kind == "row"), None)
    if first is None or not _percentages(found[first].unit):
        return found
    top = found[first]
    label = _label(top.unit).lower()
    for j in range(first + 1, len(found)):
        c = found[j]
        same = c.passage.doc_id == top.passage.doc_id and _label(c.unit).lower() == label
        if c.unit.kind == "row" and same and _figures(c.unit) and not _percentages(c.unit):
            out = list(found)
            out.insert(first, out.pop(j))
            return out
    return found


# what a rate's row adds to its amount's label: "Table games win %", "Win rate"
_RATE_TAIL = re.compile(r"^\s*(?:%|percent(?:age)?|rate|margin)\s*$", re.I)


def rates_first(found: list[C], question: str) -> list[C]:
    """The candidates in their order, but a first-ranked row of amounts ("Table games win
    | $1,149") replaced by the row of its rate just labelled so ("Table games win % |
    22.8 %"), of the same document, when the question asks a rate: the percentage is the
    answer, the amount beside it another thing (``amounts_first`` the other way round)."""
    if not _RATE_ASKED.search(question) or parse(question).operation != "lookup":
        return found
    first = next((i for i, c in enumerate(found) if c.unit.kind == "row"), None)
    if first is None or _percentages(found[first].unit):
        return found
    top = found[first]
    label = _label(top.unit).lower()
    for j in range(first + 1, len(found)):
        c = found[j]
        own = _label(c.unit).lower()
        tail = own[len(label) :] if own.startswith(label) else ""
        same = c.passage.doc_id == top.passage.doc_id and bool(_RATE_TAIL.match(tail))
        if c.unit.kind == "row" and same and _percentages(c.unit):
            out = list(found)
            out.insert(first, out.pop(j))
            return out
    return found
