"""The change between two periods' figures as an amount, for an English question asking
how much a figure moved ("By how much did operating income change from fiscal 2023 to
fiscal 2024?", "… change in dollars?"), said beside the change in percent: a reader asking
"by how much" wants the sum first."""

from __future__ import annotations

import re

from agent.figures.formula import Cell
from agent.figures.items import shown_label
from agent.figures.numerals import number
from agent.figures.part_periods import part_said
from agent.figures.periods import months_of
from pipeline.text.lexicon import alternation

# a question asking the amount of a move, and one asking its rate (then the percent
# line alone answers); the words are data (``asked_changes`` in the lexicon)
_CURRENCIES = alternation("asked_changes.amount_currencies", space=r"\s*")
_AMOUNT = re.compile(
    rf"\b(?:{alternation('asked_changes.amount_phrases')})\b"
    rf"|\bin (?:{_CURRENCIES})\b"
    rf"|\b(?:{alternation('asked_changes.amount_kinds')}) "
    rf"(?:{alternation('asked_changes.amount_moves')})"
    r"|\bhow much (?:did|has|have|had|was|were)\b.{0,80}"
    rf"\b(?:{alternation('asked_changes.amount_moved_stems')})\w*"
    rf"|\b(?:{alternation('asked_changes.amount_of_nouns')}) in\b",
    re.I,
)
_RATE = re.compile(
    rf"{alternation('asked_changes.rate_marks')}"
    rf"|\b(?:{alternation('asked_changes.rate_words')})\b",
    re.I,
)
# a verb of growth asks a rate ("How much did sales grow?"), except after "by how much",
# which asks the sum the figure grew by
_RATE_VERB = re.compile(rf"\b(?:{alternation('asked_changes.rate_stems')})\w*", re.I)
_BY_HOW_MUCH = re.compile(r"\bby how much\b", re.I)


def asks_amount_change(question: str) -> bool:
    if not _AMOUNT.search(question) or _RATE.search(question):
        return False
    return bool(_BY_HOW_MUCH.search(question)) or not _RATE_VERB.search(question)


def difference_line(a: Cell, b: Cell, question: str, ids: str, named: str = "") -> list[str]:
    """ "Change in operating income FY2023 → FY2024 = 204,485 − 207,522 = −3,037 [1]." for a
    question asking the amount of a move; none for a rate, a percentage row, or two
    cells of different scales."""
    if not asks_amount_change(question) or a.scale != b.scale:
        return []
    if any(c.raw.strip().endswith("%") for c in (a, b)):
        return []
    label = f"{shown_label(b.label)} {named}".strip()
    low = label if re.match(r"[A-Z]{2,}\b", label) else label[:1].lower() + label[1:]
    if months_of(b.period) in (3, 6, 9):  # a quarter against a quarter: never "FY"
        span = f"({part_said(a.period)} → {part_said(b.period)})"
    elif a.year and b.year:
        span = f"FY{a.year} → FY{b.year}"
    else:
        span = f"({a.period} → {b.period})"
    diff = round(b.value - a.value, 6)
    working = f"{number(b.value)} − {number(a.value)} = {number(diff)}"
    return [f"Change in {low} {span} = {working} {ids}."]
