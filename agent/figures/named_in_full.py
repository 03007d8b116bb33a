"""A row the question names by its whole label, longer than the item's name it holds:
"interest expense, net of amounts capitalized", "depreciation expense". Among the rows of
the item ("Interest expense, net" of an affiliate's statement, "Depreciation and
amortization" of the cash-flow statement) that one is asked: the question's own words
say which of them it means."""

from __future__ import annotations

import re

from agent.figures.items import MIN_ROW_MATCH, asked_items, norm, row_match, shown_label
from agent.figures.row_context import names_qualified
from agent.scope import stem
from pipeline.text.finance import LineItem, vocabulary

# above a name's tail (1 against NAME_PLUS_TAIL, items.py) and a table's statement bonus
NAMED_IN_FULL = 0.25
_MIN_WORDS = 2  # a one-word label ("Net") says nothing more than the item's name


def named_in_full(question: str, label: str, item: LineItem) -> bool:
    """Does the question name the row's whole label where it names the item, the label
    going beyond the item's name it uses ("depreciation expense" of "depreciation")?"""
    lab = norm(shown_label(label)).strip()
    if len(lab.split()) < _MIN_WORDS:
        return False
    q = norm(question)
    spans = [a for a in asked_items(question) if a.item.key == item.key]
    for m in re.finditer(rf"(?<!\w){re.escape(lab)}(?!\w)", q):
        if any(
            m.start() <= a.start and a.end <= m.end() and a.end - a.start < len(lab) for a in spans
        ):
            return True
    return False


# what a label adds after its name that a question quoting the row leaves out
# ("Accounts and notes receivable, net" quoted as "accounts and notes receivable")
_TRAILING = re.compile(r"(?:\s+(?:net|total))+$")


def quoted_row(question: str, label: str, item: LineItem) -> bool:
    """Does the question quote a row's whole label that holds every word of one of the
    item's names, though not as the name's own wording ("trade accounts payable",
    "accounts and notes receivable" for accounts receivable)? The question's words say
    the row is the item's, where the label alone would not; a label that is another
    item's own name ("Deferred income taxes") stays that item's."""
    lab = _TRAILING.sub("", norm(shown_label(label)).strip())
    if len(lab.split()) < _MIN_WORDS or not re.search(
        rf"(?<!\w){re.escape(lab)}(?!\w)", norm(question)
    ):
        return False
    words = {stem(w) for w in lab.split()}
    if not any(
        n.isascii() and len(n.split()) >= _MIN_WORDS and {stem(w) for w in norm(n).split()} <= words
        for n in item.names
    ):
        return False
    return not any(row_match(label, other) >= 1.0 for other in vocabulary().items.values())


ASKED_PART = 0.5  # a row saying the qualifier asked ("Domestic" of a total), before any total


def worded(question: str, s: float, label: str, item: LineItem) -> float:
    """A row's match raised by the question's words where its label alone does not name
    the item: a qualifier of the item asked, or the row's whole label quoted."""
    if s >= MIN_ROW_MATCH:
        return s
    if names_qualified(question, label, item.names):
        return MIN_ROW_MATCH + ASKED_PART  # "Current portion of long-term debt"
    if quoted_row(question, label, item):
        return 1.0 + NAMED_IN_FULL  # "… average trade accounts payable …": that row
    return s
