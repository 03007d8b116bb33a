"""The row of the table printing the period length asked, before its like-labelled twin.

A 10-Q's discussion prints the same row in one table per period ("Adjusted EBIT as a
percentage of net sales" under "Three Months Ended December 31," and again under "Six
Months Ended December 31,"); the selector reads a row's words, which are the same. When
the question names a length (a quarter, the first half, nine months, a full year) and the
first-ranked table row's table has no column of it, the best-ranked row labelled alike
whose table has one takes its place (``figures.period_tables.length_fit``); among several,
the one whose passage says more of the question's words (the segment its caption names).
Only rows move, and only among the candidates."""

from __future__ import annotations

import re

from agent.evidence import Passage, Unit
from agent.figures.period_tables import length_fit
from agent.figures.periods import months_of
from agent.figures.tables import read_grids
from agent.models.statement_rows import C, Ranked
from agent.scope import stem

_WORD = re.compile(r"[a-z]{3,}")


def _label(u: Unit) -> str:
    return u.text.strip().strip("|").split("|")[0].strip().lower()


def _of_length(p: Passage, question: str) -> bool:
    """Does a table of the passage print a column of the length the question names?"""
    return any(length_fit(g, question) for g in read_grids(p))


def _said(c: Ranked, asked: frozenset[str]) -> int:
    """How many of the question's words the row's passage says before the row."""
    before = f"{c.passage.section} {c.passage.text[: c.unit.start]}".lower()
    return len(asked & {stem(w) for w in _WORD.findall(before)})


def length_first(found: list[C], question: str) -> list[C]:
    """The candidates in their order, but the first-ranked row replaced by its like-labelled
    twin of a table of the period length asked, moved up to its place."""
    if months_of(question) is None:
        return found
    out = list(found)
    first = next((i for i, c in enumerate(out) if c.unit.kind == "row"), None)
    if first is None or _of_length(out[first].passage, question):
        return out
    label = _label(out[first].unit)
    twins = [
        j
        for j in range(first + 1, len(out))
        if out[j].unit.kind == "row"
        and _label(out[j].unit) == label
        and _of_length(out[j].passage, question)
    ]
    if not twins:
        return out
    asked = frozenset(stem(w) for w in _WORD.findall(question.lower()))
    best = max(twins, key=lambda j: (_said(out[j], asked), -j))
    out.insert(first, out.pop(best))
    return out
