"""Arithmetic written out in an answer: "= 6,098 ÷ 17,606 = 34.6%".

The answerer shows its working as an expression of cited figures; the reflection checks
the result by evaluating that expression again, so a computed figure is supported exactly
when its operands are cited and the arithmetic is right. Words inside the working (the
line items' labels) are ignored; "−" is minus, "÷" and "×" divide and multiply, "^" raises
to a power (a compound growth rate's "(b ÷ a)^(1/2) − 1").
"""

from __future__ import annotations

import ast
import operator
import re
from collections.abc import Callable

CONSTANTS = frozenset({2.0, 3.0, 4.0, 12.0, 100.0, 360.0, 365.0})
"""Numbers a formula may bring itself (days in a year, halves for an average)."""

_OPS: dict[type, Callable[[float, float], float]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.Pow: operator.pow,
}
_MAX_POWER = 100.0  # an exponent a working may hold (a rate over years), not a blow-up
_NUM = re.compile(r"\d[\d,]*(?:\.\d+)?")
_HYPHEN = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")
_RESULT = re.compile(r"=\s*(−|-)?\$?\s?(\d[\d,]*(?:\.\d+)?)\s*(%|x|times|倍)?")


def evaluate(expression: str) -> float | None:
    """The value of an expression of figures, or None when it is not one."""
    # a hyphen inside a label ("long-term debt 1,332") is no minus sign
    text = _HYPHEN.sub(" ", expression)
    text = text.replace("−", "-").replace("÷", "/").replace("×", "*").replace("$", "")
    text = re.sub(r"[^\d.,+\-*/()^ ]", " ", text).replace("^", "**")  # labels are for the reader
    text = _NUM.sub(lambda m: m.group(0).replace(",", ""), text)
    # a label's own comma or full stop ("receivables, net 672,006", "Velmor Inc. 3,750")
    text = re.sub(r",|\.(?!\d)", " ", text)
    text = re.sub(r"\(\s*\)", " ", text)
    if not re.search(r"[+\-*/]", text):
        return None
    try:
        tree = ast.parse(text.strip(), mode="eval")
        return _value(tree.body)
    except (SyntaxError, ValueError, ZeroDivisionError, OverflowError):
        return None


def _value(node: ast.AST) -> float:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_value(node.operand)
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        left, right = _value(node.left), _value(node.right)
        if isinstance(node.op, ast.Pow) and (abs(right) > _MAX_POWER or left < 0):
            raise ValueError("no power of a negative figure, nor a blow-up")
        return float(_OPS[type(node.op)](left, right))
    raise ValueError("not arithmetic")


def checked_results(sentence: str) -> list[str]:
    """Results in ``sentence`` (as written) that its own working computes: in
    "X = a ÷ b = 1.73", "1.73" when a ÷ b rounds to it."""
    out = []
    parts = sentence.split("=")
    for i in range(1, len(parts) - 1):
        value = evaluate(parts[i])
        m = _RESULT.match("=" + parts[i + 1])
        if value is None or m is None:
            continue
        sign, digits, unit = m.groups()
        shown = float(digits.replace(",", "")) * (-1 if sign else 1)
        decimals = len(digits.split(".")[1]) if "." in digits else 0
        got = value * 100 if unit == "%" else value
        if abs(got - shown) <= 0.5 * 10**-decimals + 1e-9:
            out.append(digits)
    return out


def operands(sentence: str) -> list[str]:
    """The figures a working uses (between its first and last "=")."""
    parts = sentence.split("=")
    return [n for part in parts[1:-1] for n in _NUM.findall(part)] if len(parts) > 2 else []
