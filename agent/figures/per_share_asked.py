"""An amount asked per share ("What dividends did Velmor declare per common share in
2024?"): the question names an item that is a total ("dividends"), but asks its figure per
share. The total's cell ($11,682 million of dividends paid) answers another question; a
sentence or row stating the amount per share ("Cash dividends paid were $4.45 per share")
answers it, so a figure answer that cites only amounts gives way."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.figures.candidate import FigureAnswer
from agent.figures.grid import unscaled_label
from agent.question.parsed import parse
from pipeline.text.finance import vocabulary

# "per share", "per common share", "per ordinary share", "a share"
_PER_SHARE = re.compile(r"\bper (?:\w+ ){0,2}share\b|\bper-share\b", re.I)


def asks_amount_per_share(question: str) -> bool:
    """Does the question ask per share an item no name of which is per share ("dividends
    per share": yes; "diluted earnings per share", an item of its own: no)?"""
    if not _PER_SHARE.search(question):
        return False
    q = parse(question)
    items = vocabulary().items
    names = [n for key in q.items if key in items for n in items[key].names]
    if any(_PER_SHARE.search(n) for n in names):
        return False  # the per-share item itself ("diluted EPS") is asked
    return bool(q.items) and not q.metrics


def per_share_answers(question: str, found: Sequence[FigureAnswer]) -> list[FigureAnswer]:
    """The figure answers still answering a question asking an amount per share: those
    with a per-share cell, or none of cells (a note, a search); all when it asks none."""
    if not asks_amount_per_share(question):
        return list(found)
    return [fa for fa in found if not fa.cells or any(unscaled_label(c.label) for c in fa.cells)]
