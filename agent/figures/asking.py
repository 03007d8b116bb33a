"""What a figure question asks to compute: a metric's formula ("gross margin"), a formula
the question defines itself, or one line item read from its cell."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from agent.figures.formula import defined_formula, parse
from agent.figures.items import asked_items
from pipeline.text.finance import vocabulary

_PRONOUNS = frozenset({"it", "this", "that", "which", "they", "these"})
_WHAT = re.compile(
    r"\bwhat (?:is|was|are|were) (?:the )?(?:[\w.&-]+['’]s )?(?:fy\s?\d{2,4} )?"
    r"([\w &%-]{3,50}?)\s*\?",
    re.I,
)
_PERCENT = re.compile(r"percent|%|百分", re.I)


@dataclass(frozen=True)
class Ask:
    name: str  # how the answer names what is computed
    formula: ast.expr
    percent: bool
    single: bool  # a line item read from its cell, not computed


def what_is_asked(question: str) -> Ask | None:
    """The longest metric the question names (or the formula it defines), else the one
    line item it names; None when it names neither, or several items."""
    q = question.lower()
    defined = defined_formula(question)
    metric = None
    for m in vocabulary().metrics:
        hit = m.find(q)
        if hit and m.formula and (metric is None or len(hit.group(0)) > len(metric[1])):
            metric = (m, hit.group(0))
    if defined and (metric is None or metric[1] in defined[0].lower()):
        name = metric[1] if metric else _asked_name(question, defined[0])
        return Ask(_name(name), parse(defined[1]), bool(_PERCENT.search(question)), False)
    if metric is not None:
        m, said = metric
        node = parse(m.formula)
        return Ask(_name(said), node, m.percent, isinstance(node, ast.Name))
    items = {a.item.key: a for a in asked_items(question)}  # named twice, asked once
    if len(items) == 1:
        key = next(iter(items))
        return Ask(key, ast.Name(key), False, True)
    return None


def _asked_name(question: str, term: str) -> str:
    """What a defined formula computes: the defined term, or what the question asks for
    when the definition says "it is defined as"."""
    if term.lower() not in _PRONOUNS:
        return term
    m = _WHAT.search(question)
    return m.group(1) if m else term


def _name(said: str) -> str:
    return said[:1].upper() + said[1:] if said.isascii() and not said.isupper() else said
