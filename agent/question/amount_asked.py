"""An amount asked of a period by a row's own name, not by a line item the vocabulary
knows: "What was Velmor's technology and content spending in 2024?", "What did Velmor
record as stock-based compensation in FY2024?". The answer is a figure (the row's), so a
figure candidate is of the form asked; the words are data (``agent/data/amount_words.json``)."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from agent.question.parsed import Question
from pipeline.text.expand import spelled_out

_DATA = Path(__file__).resolve().parents[1] / "data" / "amount_words.json"
# what no figure answers, though the question names a period: a cause, a list, a definition
_NOT_AMOUNTS = frozenset({"explanation", "list", "definition", "person", "date", "place"})


@cache
def _patterns() -> tuple[re.Pattern[str], ...]:
    data = json.loads(_DATA.read_text(encoding="utf-8"))
    heads = "|".join(re.escape(w) for w in data["heads"])
    verbs = "|".join(re.escape(w) for w in data["verbs"])
    # "what was/were … <head noun> in|for|during <period>"
    head = re.compile(
        rf"^\W*what (?:was|were|is|are)\b.*\b(?:{heads})\s+(?:in|for|during|of)\b", re.I
    )
    # "what did … record as …", "what did … spend on …"
    verb = re.compile(rf"^\W*(?:what|how much) did\b.*\b(?:{verbs})\b", re.I)
    # "what <a few words> <head noun> …": the head noun names the amount asked ("What
    # amortization expense did …", "What principal amount of … falls due in …")
    named = re.compile(rf"^\W*what\s+(?:[\w'’-]+\s+){{0,4}}(?:{heads})\b", re.I)
    # "…, in millions?", "How large a …": the unit or the size of an amount asked
    unit = re.compile(rf"\b(?:{'|'.join(data['units'])})\b", re.I)
    return head, verb, named, unit


def asks_period_amount(q: Question) -> bool:
    """Does the question ask an amount of a period by wording alone (its head noun or its
    verb), naming no item?"""
    if not q.periods or q.operation != "lookup" or q.kinds & _NOT_AMOUNTS or q.lang != "en":
        return False
    text = _spelled_in_place(q.text)
    return any(p.search(text) for p in _patterns())


def _spelled_in_place(text: str) -> str:
    """The text with each abbreviation a filing spells out written out where it stands
    ("What was Velmor's OCI in 2024?": "… other comprehensive income in 2024?")."""
    for written, a in spelled_out(text):
        text = text.replace(written, a.long[0], 1)
    return text
