"""The balance a question says a return or turnover is worked on: a metric's formula
averages a balance over the year ("net income / avg(total assets)"), the analysts' usual
convention; a question saying "using year-end total assets", "on ending equity" or "based
on total assets at the end of the year" asks for that year's closing balance instead, and
"beginning equity" / "opening inventories" for the one the year started with. The answer's
name says which was used, so a reader comparing it with another source sees why it
differs."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agent.figures.asking import Ask

# what a balance is called: the denominators averaged ("total assets", "equity",
# "inventories", "receivables", "payables", "capital", a "balance")
_BALANCE = r"(?:assets?|equity|inventor(?:y|ies)|receivables?|payables?|capital|balances?)"
_OF_YEAR = r"of[- ](?:the[- ])?(?:fiscal[- ])?(?:year|period)"
_CLOSING = rf"(?:(?:fiscal[- ])?year[- ]end|period[- ]end|end[- ]{_OF_YEAR}|ending|closing)"
_OPENING = rf"(?:(?:beginning|start)[- ]{_OF_YEAR}|beginning|opening)"
_GAP = r"(?:[\w&'’-]+ ){0,3}?"
# "year-end total assets", "total assets at year-end", "total assets at the end of the year"
_AT_END = r"(?:at|as of) (?:the )?(?:fiscal )?(?:year[- ]end|end of (?:the )?(?:fiscal )?year)"
_AT_START = r"(?:at|as of) (?:the )?(?:beginning|start) of (?:the )?(?:fiscal )?year"
CLOSING = re.compile(rf"\b{_CLOSING} {_GAP}{_BALANCE}\b|\b{_BALANCE} {_GAP}{_AT_END}\b", re.I)
OPENING = re.compile(rf"\b{_OPENING} {_GAP}{_BALANCE}\b|\b{_BALANCE} {_GAP}{_AT_START}\b", re.I)
_AVERAGE = re.compile(r"\baverage\b|\bavg\b|\bmean\b", re.I)


def stated_balance(question: str) -> str:
    """ "closing", "opening" or "" (the formula's own, an average) for the balance the
    question says its metric is worked on; "" when it also asks for an average."""
    if _AVERAGE.search(question):
        return ""
    if CLOSING.search(question):
        return "closing"
    return "opening" if OPENING.search(question) else ""


def on_stated_balance(ask: Ask, question: str) -> Ask:
    """The asked metric on the balance the question states: each ``avg(x)`` of its formula
    read as x at the year's end ("closing") or as the year before's x ("opening"), its
    name saying so; the metric itself when the question states none or it averages none."""
    which = stated_balance(question)
    if not which or not any(_averaged(n) for n in ast.walk(ask.formula)):
        return ask
    node = _Rebalanced(which).visit(ast.parse(ast.unparse(ask.formula), mode="eval").body)
    said = "year-end" if which == "closing" else "beginning-of-year"
    return replace(ask, formula=node, name=f"{ask.name} (on {said} balances)")


def _averaged(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "avg"


class _Rebalanced(ast.NodeTransformer):
    def __init__(self, which: str) -> None:
        self.which = which

    def visit_Call(self, node: ast.Call) -> ast.expr:
        if not _averaged(node):
            return node
        arg = node.args[0]
        if self.which == "closing":
            return arg
        return ast.Call(ast.Name("prev", ast.Load()), [arg], [])
