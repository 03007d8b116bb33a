"""A measure the question says how to take ("… interest coverage, taking income before
income taxes plus interest expense as EBIT"): the metric asked is worked with the stated
working in place of the vocabulary's formula for that measure, wherever the metric's own
formula uses it; a question asking the measure itself gets the stated working. The words
that state it are data (``agent/data/stated_terms.json``)."""

from __future__ import annotations

import ast
import copy
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agent.figures.formula import defined_formula_of, parse
from pipeline.text.finance import vocabulary

_DATA = Path(__file__).resolve().parents[1] / "data" / "stated_terms.json"
# where a stated term ends: the question's end or a clause break
_STOP = r"(?=\s*(?:[?;()]|,\s|\.\s|\.?$))"
# where a working after its term ends: a comma only before another clause, for a
# working lists its parts with commas ("depreciation, amortization and accretion")
_WORKING_STOP = r"(?=\s*(?:[?;()]|\.\s|\.?$|,\s*(?:what|how|which|in|round|rounded|expressed)\b))"
_TERM = r"[A-Za-z][\w&'’ -]{1,40}?"


@dataclass(frozen=True)
class Stated:
    term: str  # the measure as the question names it ("EBIT")
    formula: str  # its working in line-item names ("pretax_income + interest_expense")
    start: int  # where the statement stands in the question
    end: int


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    raw = json.loads(_DATA.read_text(encoding="utf-8"))

    def alternation(words: list[str]) -> str:
        return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)

    operand_first = re.compile(
        rf"\b(?:{alternation(raw['operand_first'])})\s+(?P<working>[^?;]+?)\s+as\s+"
        rf"(?:the\s+)?(?P<term>{_TERM}){_STOP}",
        re.I,
    )
    term_first = re.compile(
        rf"(?:\bwith\s+|\(\s*|,\s*(?!with\b))(?:the\s+)?(?P<term>{_TERM})\s+(?:being\s+)?"
        rf"(?:{alternation(raw['term_first'])})\s+as\s+(?P<working>[^?;()]+?){_WORKING_STOP}",
        re.I,
    )
    return operand_first, term_first


def stated_term(question: str) -> Stated | None:
    """The measure the question states a working for, when the working reads as a formula
    of line items and the measure is one the vocabulary knows; else None."""
    for pattern in _patterns():
        for m in pattern.finditer(question):
            term = m.group("term").strip()
            formula = defined_formula_of(m.group("working"))
            if formula and _metric_formula(term) is not None:
                return Stated(term, formula, m.start(), m.end())
    return None


def _metric_formula(term: str) -> ast.expr | None:
    """The vocabulary's formula for the measure a term names as a whole ("EBIT")."""
    low = term.lower().strip()
    for m in vocabulary().metrics:
        hit = m.find(low)
        if m.formula and hit is not None and hit.group(0).strip() == low:
            return parse(m.formula)
    return None


def with_stated(formula: ast.expr, stated: Stated) -> ast.expr | None:
    """``formula`` with the stated measure's working in place of the vocabulary's for
    it; the stated working itself when ``formula`` is that measure's; None when the
    formula does not use the measure (the statement is about something else)."""
    known = _metric_formula(stated.term)
    if known is None:
        return None
    own: ast.expr = known
    new = parse(stated.formula)
    if ast.dump(own) == ast.dump(formula):
        return new
    found = False

    class _Swap(ast.NodeTransformer):
        def visit(self, node: ast.AST) -> ast.AST:
            nonlocal found
            if isinstance(node, ast.expr) and ast.dump(node) == ast.dump(own):
                found = True
                return copy.deepcopy(new)
            return super().visit(node)

    out = _Swap().visit(copy.deepcopy(formula))
    return out if found and isinstance(out, ast.expr) else None


def without_statement(question: str, stated: Stated) -> str:
    """The question without the stated working ("income before income taxes" in it names
    no item asked)."""
    return (question[: stated.start] + " " + question[stated.end :]).strip()
