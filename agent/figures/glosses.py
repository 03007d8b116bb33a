"""A metric's gloss in brackets: "What was the free cash flow margin (operating cash flow
less capital expenditures, over revenue)?" names the metric and then spells out how it is
worked. The words in brackets restate the metric; read as a question of their own, their
tail ("capital expenditures, over revenue") would ask another quotient, so what the
question asks is read from its words outside the brackets when those name a metric."""

from __future__ import annotations

import re

# a bracketed stretch spelling out arithmetic: an operator word or sign inside
_GLOSS = re.compile(
    r"\s*\((?=[^()]*(?:\b(?:plus|minus|less|over|divided by|times|multiplied by)\b|[+÷×/]))"
    r"[^()]*\)",
    re.I,
)


def unglossed(question: str) -> str:
    """The question without its bracketed glosses (the whole question when it has none)."""
    return _GLOSS.sub("", question)


def glossed(question: str) -> bool:
    return _GLOSS.search(question) is not None
