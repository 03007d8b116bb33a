"""A table row beside the answer's row that is another line item, not asked.

Found on the training filings: "How much net cash did operating activities provide?"
answered from the row "Net cash provided by (used in) operating activities", then quoted
"Net cash provided by (used in) investing activities" twice, from two pages, as support.
The selector ranks such a row high (it says most of the question's words), but it states
another figure of another item: quoted, it cites a page for a claim it does not hold.

A sibling row shares most of its label with the lead row's and adds a word the question
does not say ("investing"); it prints none of the lead's figures. A row the question asks
for by its own words ("revenues and net income": "Net income" under "Total revenues")
shares little of the lead's label and stays; so does the same row printed elsewhere.
"""

from __future__ import annotations

import re

from agent.scope import stem, words

# a row's label: what comes before its first figure or cell separator
_LABEL = re.compile(r"\s{2,}|\s*\|\s*|\s+(?=[($]?\s?-?\d)")
_FIGURE = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+|\d{3,}")
_SHARED = 0.5  # of the row's label words that are the lead's


def _label_words(row: str) -> set[str]:
    label = _LABEL.split(row.strip(" |"), maxsplit=1)[0]
    return {stem(w) for w in words(label) if not w.isdigit()}


def sibling(row: str, lead: str, question: str) -> bool:
    """Is ``row`` another line item beside the lead row ``lead``, which the question does
    not ask for?"""
    mine, theirs = _label_words(row), _label_words(lead)
    if not mine or not theirs or mine == theirs:
        return False
    if set(_FIGURE.findall(row)) & set(_FIGURE.findall(lead)):
        return False  # it prints the lead's figure: the same fact, elsewhere
    extra = mine - theirs
    asked = {stem(w) for w in words(question)}
    return bool(extra) and len(mine & theirs) >= _SHARED * len(mine) and not extra & asked
