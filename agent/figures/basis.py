"""Reported or adjusted: which of an earnings release's like-named rows a question asks.

A release prints its income statement and, below it or in a reconciliation, the same rows
again on the company's adjusted basis: "Net earnings" under a heading "Adjusted earnings
before provision for taxes and net earnings", "Adjusted EBIT" beside "EBIT". A question
that does not say "adjusted" (or "non-GAAP") asks the reported figure, so a row whose
label, heading or parent row says the adjusted basis is the wrong one for it; the words
are data (``pipeline/text/data/lexicon/measure_basis.json``). The other way round, a
question that says "adjusted" asks a figure the company states on that basis: a row that
says it nowhere (its label, heading, parent row or its table's column heads) is the
reported figure, however like its name (a 10-Q's "Basic earnings per share" for "adjusted
EPS"), and is no answer (``basis_unsaid``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.evidence import Evidence, passages_by_id
from agent.figures.formula import Cell
from agent.figures.row_context import framing, row_fit
from pipeline.text.lexicon import pattern

# the basis a measure is stated on, not an amount "as adjusted" or "adjusted for" a change
# ("Current portion of long-term debt, carried at historical proceeds, as adjusted")
ADJUSTED = pattern(
    "measure_basis.adjusted",
    template=r"(?<![\w-])(?<!\bas )(?:{})(?![\w-])(?! for\b)",
    flags=re.I,
)


def asks_adjusted(question: str) -> bool:
    """Does the question ask a measure on the adjusted (non-GAAP) basis?"""
    return ADJUSTED.search(question) is not None


def adjusted_unasked(question: str, text: str, start: int, label: str) -> bool:
    """Is the row (its label at ``start`` of a passage's text) on the adjusted basis, by
    its label, heading or parent row, while the question asks the reported figure?"""
    if asks_adjusted(question):
        return False
    heading, parent = framing(text, start)
    return ADJUSTED.search(f"{heading} {parent} {label}") is not None


def framed_fit(
    question: str, text: str, start: int, label: str, *, agreed: float, framed: float
) -> float:
    """What a row's qualifiers (``agreed`` each), its heading's share of the question
    (``framed``) and its basis add to its fit: an adjusted row unasked counts as a
    qualifier said against the question's."""
    if not question:
        return 0.0
    agree, share = row_fit(question, text, start, label)
    return agreed * (agree - adjusted_unasked(question, text, start, label)) + framed * share


def basis_unsaid(question: str, cells: Sequence[Cell], evidence: Sequence[Evidence]) -> bool:
    """Does the question ask the adjusted basis while none of the figure's cells is a row
    stated on it?"""
    if not cells or not asks_adjusted(question):
        return False
    passages = passages_by_id(evidence)
    return not any(
        stated_adjusted(p.text if p else "", c.label, p.columns if p else "")
        for c in cells
        for p in [passages.get(c.chunk_id)]
    )


def stated_adjusted(text: str, label: str, columns: str = "") -> bool:
    """Is the row (or sentence) ``label`` of a passage's ``text`` stated on the adjusted
    basis, by its own words, its heading or parent row, or its table's column heads?"""
    at = text.find(label) if label else -1
    heading, parent = framing(text, at) if at >= 0 else ("", "")
    return ADJUSTED.search(f"{label} {heading} {parent} {columns}") is not None
