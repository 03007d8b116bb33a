"""A row the question names by all of its label's words, in any order and with other
words between them: "operating cash outflows on its operating leases" names "Operating
cash outflows from operating leases" as surely as "operating leases" names the short
row "Operating leases" below it. Of the rows so named, the one whose label and framing
heading say the most of the question's words is asked; a one-word label ("Current")
counts only with its heading ("Foreign:" over it) saying a word of the question too.

The verbatim reading (``items.named_row_label``) kept the longest label printed whole
in the question, so a short label quoted inside the question's longer wording won over
the row the question describes word for word."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from agent.figures.grid import Grid, Row
from agent.figures.items import MIN_ONE_WORD_ROW, MIN_ROW_MATCH, norm, row_match, shown_label
from agent.figures.row_context import framing
from agent.scope import word_set
from pipeline.text.finance import vocabulary
from pipeline.text.script import HAN_RE

# words that join a label's terms and name nothing ("from", "of"): a label need not
# share them with the question
_JOINERS = frozenset(
    {"a", "an", "and", "the", "of", "for", "from", "in", "on", "to", "at", "by", "with", "or"}
)


_NUMBER = re.compile(r"\d[\d,.]*\d|\d")


def terms(text: str) -> frozenset[str]:
    """The stemmed content words of a text, without joiners and bare numbers."""
    return frozenset(w for w in word_set(norm(text)) if w not in _JOINERS and not w.isdigit())


def worded_row_label(question: str, tables: Sequence[Grid]) -> str:
    """The label of the row whose own words the question all says and that, with its
    heading, says the most of the question's words; "" when no label is named so, or
    when the best is an item's own row (a question naming an item asks the item)."""
    asked = terms(question)
    best, best_key = "", (0, 0, 0)
    for g in tables:
        for r in g.rows:
            key = _coverage(g, r, asked, question)
            if key > best_key and not _an_items_row(r.label):
                best, best_key = r.label, key
    return best


@lru_cache(maxsize=4096)
def _an_items_row(label: str) -> bool:
    """Is the row a line item's own ("Net revenues")? A question naming it asks the item,
    read by the item's methods."""
    return any(row_match(label, i) >= MIN_ROW_MATCH for i in vocabulary().items.values())


def _coverage(g: Grid, r: Row, asked: frozenset[str], question: str) -> tuple[int, int, int]:
    """(question words the row's label and heading say, whether the label is printed
    whole in the question, the label's length); zeros when a word of the label is not
    the question's."""
    label = shown_label(r.label)
    if HAN_RE.search(label):
        return (0, 0, 0)  # a Chinese label is named verbatim (``items.named_row_label``)
    own = terms(label)
    if (
        not own
        or not own <= asked
        or not set(_NUMBER.findall(label)) <= set(_NUMBER.findall(question))
    ):
        return (0, 0, 0)  # a label stating a figure the question does not say is not named
    heading, parent = framing(g.passage.text, r.start)
    framed = terms(f"{heading} {parent}") & asked
    one_word = len(label.split()) == 1 and len(label) < MIN_ONE_WORD_ROW
    if one_word and not framed - own:
        return (0, 0, 0)  # "Current" alone names nothing: its heading must say a word too
    whole = f" {norm(label)} " in f" {norm(question)} "
    return (len(own | framed), int(whole), len(label))
