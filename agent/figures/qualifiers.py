"""How well the words a row's label adds to a line item's name fit the question.

"Net income attributable to noncontrolling interests" and "Net income attributable to
Quillon shareholders" both name net income with a qualifier (``items.row_match`` scores
them alike); the question decides between them. A qualifier word the question says
("attributable", "Quillon", "shareholders") makes the row the one asked; one it does not
say ("noncontrolling", "excluding", "discontinued") makes it another thing. A label adding
nothing to the name is neither. Hyphens are dropped, so "non-controlling" is
"noncontrolling" on both sides.
"""

from __future__ import annotations

from functools import cache

from agent.figures.items import shown_label
from agent.rewrite import content_terms
from agent.scope import stem
from pipeline.text.finance import LineItem
from pipeline.text.script import HAN_RE

# A label's qualifiers all said by the question count this much; all unsaid count against
# it a third as much. The lookup weighs the result as a tie-break between rows naming the
# item alike (``lookup.TIE``), never over the name's match or the statement.
HELD = 0.3
MISSED = 0.1
# words that qualify no amount: what any label of a statement may add
_PLAIN = frozenset({"total", "net", "consolidated", "reported", "gaap", "amount", "amounts"})


def said_words(question: str) -> frozenset[str]:
    """The question's words as qualifiers are compared: stemmed, hyphens dropped."""
    return frozenset(_words(question))


def qualified(label: str, item: LineItem, said: frozenset[str]) -> float:
    """The lift (or drop) the label's own qualifiers give its row for the question whose
    words are ``said``: the share said, less a third of the share not said; 0 for a
    label adding no word to the item's name, a Chinese label, or no question words."""
    if not said or HAN_RE.search(label):
        return 0.0
    words = list(dict.fromkeys(_words(shown_label(label))))
    named = _named(item, frozenset(words))
    tail = [w for w in words if w not in named]
    if not tail:
        return 0.0
    held = sum(1 for w in tail if w in said)
    return (HELD * held - MISSED * (len(tail) - held)) / len(tail)


def _named(item: LineItem, words: frozenset[str]) -> frozenset[str]:
    """The words of the item's shortest name the label says, and the words every label
    may add: what the label adds beyond them is its qualifiers ("attributable to …" is
    one even when a longer name of the item says it too)."""
    said = [n for n in _names(item) if n <= words]
    return min(said, key=len, default=frozenset()) | _PLAIN


@cache
def _names(item: LineItem) -> tuple[frozenset[str], ...]:
    return tuple(frozenset(_words(n)) for n in item.names if n.isascii())


def _words(text: str) -> list[str]:
    return [
        stem(t)
        for t in content_terms(text.replace("-", ""))
        if t.isascii() and not any(c.isdigit() for c in t)
    ]
