"""A figure asked whose chosen sentence states none: filings often say what a thing is in
one sentence and how much it was in the next ("We have performance obligations … not yet
recognized. For contracts longer than one year, those commitments were $29.8 billion as of
December 31, 2019."). The direct answer then goes on with the next sentence of the same
passage when that one states an amount."""

from __future__ import annotations

import re

from agent.evidence import Unit, clean, units
from agent.models.judge import Candidate

# an amount: a currency figure, a figure with its scale or percent, or a grouped number;
# a bare year ("2019") or a day of a date is none
_AMOUNT = re.compile(
    r"[$€£¥]\s?\d|\d[\d,]*(?:\.\d+)?\s*(?:%|percent\b|million\b|billion\b|thousand\b)|"
    r"\d{1,3}(?:,\d{3})+",
    re.I,
)


def states_amount(text: str) -> bool:
    return _AMOUNT.search(text) is not None


def next_amount(c: Candidate) -> Unit | None:
    """The sentence right after ``c`` in its passage when ``c`` states no amount and that
    one does; None otherwise."""
    if c.unit.kind != "sentence" or states_amount(c.unit.text):
        return None
    after = [u for u in units(c.passage.text) if u.start >= c.unit.end]
    if not after or after[0].kind != "sentence" or not states_amount(after[0].text):
        return None
    return after[0]


def followed(body: str, c: Candidate, nxt: Unit) -> str:
    """The answer whose first line, ``c``'s sentence, goes on with ``nxt``."""
    lines = body.split("\n")
    marker = f"[{c.passage.chunk_id}]"
    if marker not in lines[0]:
        return body
    more = clean(nxt.text).strip()
    end = "" if more[-1:] in ".!?。" else "."
    # each sentence cited on its own, as the reflection checks them one by one
    lines[0] = f"{lines[0].rstrip()} {more}{end} {marker}"
    return "\n".join(lines)
