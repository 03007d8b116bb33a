"""Formulas over line items, evaluated from cited cells with the working written out.

A formula is a small expression (``"365 * avg(accounts_payable) / (cost_of_revenue +
chg(inventories))"``): names are line items, ``avg(x)`` is the mean of x in the year and
the year before, ``chg(x)`` the change from the year before, ``prev(x)`` the year before.
It comes from the vocabulary's metrics or from the question itself ("… is defined as:
cash from operations / total current liabilities"). Every figure is a :class:`Cell` the
caller looked up; a missing one stops the evaluation and is named, unless the vocabulary
derives it from items the statements print ("total debt" from its current and long-term
parts), when it is worked from them in brackets.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from agent.figures.items import asked_items, norm, shown_label
from pipeline.text.finance import vocabulary

_END = r"(?:\.\s+[A-Z]|\.?$|\?\s)"
_DEFINED = re.compile(
    rf"([\w&%' -]{{2,60}}?)\s+(?:is|are)\s+(?:defined|calculated|computed) as:?\s*(.+?){_END}|"
    rf"\bdefine\s+([\w&%' -]{{2,60}}?)\s+as:?\s*(.+?){_END}|"
    # "… inventory turnover ratio, defined as cost of sales / average inventories?": the
    # term is the words before the comma (``_term_before``)
    rf",\s+(?:(?:which|that)\s+(?:is|are)\s+)?(?:defined|calculated|computed) as:?\s*(.+?){_END}",
    re.I | re.S,
)
# the question's opening before the term an appositive definition follows ("What was
# PepsiCo's FY2021 inventory turnover ratio, defined as …")
_ASKING = re.compile(
    r"^.*?\b(?:what|how much|how many)\s+(?:is|was|are|were)\s+(?:the\s+)?"
    r"(?:[\w.&-]+['’]s\s+)?(?:(?:fy|fiscal)\s?\d{2,4}\s+)?",
    re.I | re.S,
)
_WORD_OPS = [
    (r"\bdivided by\b|/|÷", " / "),
    (r"\bmultiplied by\b|\btimes\b|\*|×", " * "),
    (r"\bplus\b|\+", " + "),
    (r"\bminus\b|\bless\b|−| - ", " - "),
]


class MissingFigure(Exception):
    """A line item the documents do not give for a year."""

    def __init__(self, item: str, year: int | None) -> None:
        super().__init__(item)
        self.item = item
        self.year = year


@dataclass(frozen=True)
class Cell:
    """One cited figure: the row, its column, the value used and the passage it is in."""

    item: str
    label: str
    value: float
    raw: str
    year: int | None
    period: str
    chunk_id: str
    page: int
    scale: str = ""  # the unit the value is in ("millions", "万元"); "" per share or unstated


@dataclass
class Result:
    value: float
    working: str  # "total current assets 1,001,425 ÷ total current liabilities 577,464"
    cells: list[Cell] = field(default_factory=list)


Lookup = Callable[[str, int | None], Cell]


def parse(formula: str) -> ast.expr:
    return ast.parse(formula, mode="eval").body


def without_definition(question: str) -> str:
    """The question with the formula it defines taken out ("average accounts payable"
    inside a definition does not ask for an average over years)."""
    m = _DEFINED.search(question)
    if m is None or (m.group(5) and defined_formula(question) is None):
        return question
    return question[: m.start()] + " " + question[m.end() :]


def defined_formula(question: str) -> tuple[str, str] | None:
    """The term a question defines and its formula in line-item names, or None."""
    m = _DEFINED.search(question)
    if m is None:
        return None
    term = (m.group(1) or m.group(3) or _term_before(question[: m.start()])).strip()
    formula = _formula(m.group(2) or m.group(4) or m.group(5) or "")
    if formula and m.group(5) and not re.search(r"[-+*/]", formula):
        return None  # an aside ("…, calculated as cash over debt") no operator ties
    return (term, formula) if formula else None


def _term_before(text: str) -> str:
    """The term an appositive definition follows: the clause before its comma without the
    question's opening ("PepsiCo's FY2021 inventory turnover ratio" → "inventory turnover
    ratio")."""
    clause = re.split(r"[?.;:]\s+", text)[-1]
    return _ASKING.sub("", clause)[-60:]


def defined_formula_of(working: str) -> str | None:
    """A working in words ("income before income taxes plus interest expense") as a
    formula of line-item names, or None when a part of it names no one item."""
    return _formula(working)


def _formula(definition: str) -> str | None:
    text = re.sub(r"\[[^\]]*\]|\b(?:from|in|on) the [\w ]+statement\b", " ", definition)
    text = norm_ops(text)
    out: list[str] = []
    for token in re.split(r"(\s[-+*/]\s|[()])", text):
        if token.strip() in ("+", "-", "*", "/", "(", ")"):
            out.append(token.strip())
        elif token.strip():
            term = _operand(token)
            if term is None:
                return None
            out.append(term)
    formula = " ".join(out)
    try:
        parse(formula)
    except SyntaxError:
        return None
    return formula if any(c.isalpha() for c in formula) else None


def norm_ops(text: str) -> str:
    for pattern, op in _WORD_OPS:
        text = re.sub(pattern, op, text, flags=re.I)
    return text


def _operand(text: str) -> str | None:
    t = norm(text)
    if re.fullmatch(r"\d+(?:\.\d+)?", t):
        return t
    items = asked_items(t)
    if len(items) != 1:
        return None
    key = items[0].item.key
    if re.search(r"\b(?:average|avg|mean)\b", t):
        return f"avg({key})"
    if re.search(r"\b(?:change|increase|decrease)\b", t):
        return f"chg({key})"
    return key


def evaluate(node: ast.expr, lookup: Lookup, year: int | None) -> Result:
    """The formula's value for ``year`` from looked-up cells, with its working."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return Result(float(node.value), _fmt(float(node.value)))
    if isinstance(node, ast.Name):
        try:
            c = lookup(node.id, year)
        except MissingFigure as gone:
            return _derived(node.id, lookup, year, gone)
        return Result(c.value, f"{mid_sentence(shown_label(c.label))} {_fmt(c.value)}", [c])
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 1:
        if node.func.id == "opt":  # a line item many statements do not have: none is 0
            try:
                return evaluate(node.args[0], lookup, year)
            except MissingFigure:
                return Result(0.0, "")
        return _call(node.func.id, node.args[0], lookup, year)
    if isinstance(node, ast.BinOp):
        left, right = evaluate(node.left, lookup, year), evaluate(node.right, lookup, year)
        if isinstance(node.op, ast.Add | ast.Sub) and not (left.working and right.working):
            kept = left if left.working else right  # an absent optional term drops out
            if kept is right and isinstance(node.op, ast.Sub):
                kept = Result(-right.value, f"−{right.working}", right.cells)
            return kept
        sym, value = _apply(node.op, left.value, right.value)
        lw = f"({left.working})" if _needs_parens(node.left, node.op, right=False) else left.working
        rw = (
            f"({right.working})"
            if _needs_parens(node.right, node.op, right=True)
            else right.working
        )
        return Result(value, f"{lw} {sym} {rw}", left.cells + right.cells)
    raise ValueError(f"unsupported formula element {ast.dump(node)}")


def mid_sentence(label: str) -> str:
    """A row's label as printed, inside a sentence: its first word lower-cased when that
    is an ordinary capitalised word ("Net earnings attributable to Best Buy Co., Inc."
    → "net earnings attributable to Best Buy Co., Inc."); a label in title case ("Long-Term
    Debt Obligations") is a heading's style, each ordinary word lower-cased. Names with
    capitals inside ("PepsiCo") and initials ("SG&A", "EBITDA") stay as printed."""
    words = label.split(" ")
    long = [w for w in words if len(w) > 2 and w[:1].isalpha()]
    titled = len(long) > 1 and all(w[:1].isupper() for w in long)
    out = [
        _lowered(w) if (titled or i == 0) else w  # the first word, or every one of a title
        for i, w in enumerate(words)
    ]
    return " ".join(out)


def _lowered(word: str) -> str:
    """ "Total" → "total", "Long-Term" → "long-term"; "SG&A", "PepsiCo", "U.S." unchanged."""
    head, *rest = word.rstrip(",;:.").split("-")
    plain = head[:1].isupper() and head[1:].isalpha() and head[1:] == head[1:].lower()
    rest_plain = all(p.isalpha() and (p == p.lower() or p == p.capitalize()) for p in rest)
    return word.lower() if plain and rest_plain else word


def _derived(key: str, lookup: Lookup, year: int | None, gone: MissingFigure) -> Result:
    """An item no row names, worked from the rows it is the sum or difference of ("total
    liabilities" as total assets less total equity), its working in brackets; the item
    itself is what is missing when a part is too."""
    item = vocabulary().items.get(key)
    if item is None or not item.derived:
        raise gone
    node = parse(item.derived)
    try:
        r = evaluate(node, lookup, year)
        stray = _stray_parts(node, r.cells)
        if stray:  # a breakdown of another part, printed elsewhere: not a part of its own

            def kept(k: str, y: int | None) -> Cell:
                if k in stray:
                    raise MissingFigure(k, y)
                return lookup(k, y)

            r = evaluate(node, kept, year)
    except MissingFigure:
        raise gone from None
    return Result(r.value, grouped(r.working) if len(r.cells) > 1 else r.working, r.cells)


def _stray_parts(node: ast.expr, cells: list[Cell]) -> set[str]:
    """The optional parts of a derived item read from another page than its required ones
    ("current maturities of long-term debt" from a debt note, beside a balance sheet whose
    "short-term debt obligations" already hold them): each would count a figure twice. Only
    when another optional part is on that page: a note's part is kept when the statement
    prints none of them."""
    optional = {
        n.id
        for call in ast.walk(node)
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "opt"
        for n in ast.walk(call)
        if isinstance(n, ast.Name) and n.id != "opt"
    }
    pages = {c.page for c in cells if c.item not in optional}
    here = [c for c in cells if c.item in optional and c.page in pages]
    if not here:  # no optional part on the statement's page: a note's is the only one
        return set()
    return {c.item for c in cells if c.item in optional and c.page not in pages}


def grouped(working: str) -> str:
    """A working in brackets, once: a sum is one operand of what it enters."""
    return working if _one_group(working) else f"({working})"


def ungrouped(working: str) -> str:
    """A working without the brackets enclosing all of it (a derived item's, shown alone)."""
    return working[1:-1] if _one_group(working) else working


def _one_group(working: str) -> bool:
    """Do the first "(" and the last ")" enclose the whole working as one group?"""
    if not (working.startswith("(") and working.endswith(")")):
        return False
    depth = 0
    for i, ch in enumerate(working):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and i < len(working) - 1:
            return False
    return True


def _call(fn: str, arg: ast.expr, lookup: Lookup, year: int | None) -> Result:
    if year is None:
        raise MissingFigure(ast.unparse(arg), None)
    now = evaluate(arg, lookup, year)
    before = evaluate(arg, lookup, year - 1)
    cells = before.cells + now.cells
    if fn == "avg":
        # each year's figure is one term: "((debt 50 + equity 1,000) + (debt 60 + …)) ÷ 2"
        first, then = (f"({r.working})" if len(r.cells) > 1 else r.working for r in (before, now))
        then = then if len(now.cells) > 1 else _bare(now)
        return Result((now.value + before.value) / 2, f"({first} + {then}) ÷ 2", cells)
    if fn == "chg":
        return Result(now.value - before.value, f"({now.working} − {_bare(before)})", cells)
    if fn == "prev":
        return before
    raise ValueError(f"unknown function {fn}")


def _bare(r: Result) -> str:
    """The figure alone when its label was just written ("(payables 25,309 + 34,616)")."""
    return _fmt(r.value) if len(r.cells) == 1 else r.working


def _apply(op: ast.operator, a: float, b: float) -> tuple[str, float]:
    if isinstance(op, ast.Add):
        return "+", a + b
    if isinstance(op, ast.Sub):
        return "−", a - b
    if isinstance(op, ast.Mult):
        return "×", a * b
    if isinstance(op, ast.Div):
        if b == 0:
            raise ZeroDivisionError
        return "÷", a / b
    raise ValueError("unsupported operator")


def _needs_parens(node: ast.expr, op: ast.operator, *, right: bool) -> bool:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "avg":
        # an average is written "(a + b) ÷ 2": divided by, it is one figure
        return right and isinstance(op, ast.Div)
    if not isinstance(node, ast.BinOp):
        return False
    low = isinstance(node.op, ast.Add | ast.Sub)
    if isinstance(op, ast.Mult | ast.Div):
        return low or (right and isinstance(op, ast.Div))
    return right and isinstance(op, ast.Sub) and low


def _fmt(value: float) -> str:
    """A figure as reports print it: thousands separators, "−" for negatives."""
    sign = "−" if value < 0 else ""
    v = abs(value)
    text = f"{v:,.0f}" if v == int(v) else f"{v:,.2f}".rstrip("0").rstrip(".")
    return sign + text


def names(node: ast.expr) -> list[str]:
    """The line items a formula uses."""
    return [
        n.id
        for n in ast.walk(node)
        if isinstance(n, ast.Name) and n.id not in ("avg", "chg", "prev", "opt")
    ]
