"""One figure over another, however a question words it: "SG&A as a % of net sales" and
"销售费用占营业收入的比例" (in percent), "the ratio of current assets to total assets",
"the operating cash flow-to-capex ratio", "total debt / EBITDA", "inventories divided by
total assets". Either side is any line item or metric of the vocabulary, so a ratio no
metric names is still worked from the statements' rows."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Literal

from agent.figures.formula import parse
from agent.figures.items import asked_items, norm
from pipeline.text.finance import vocabulary
from pipeline.text.lexicon import pattern
from pipeline.text.script import HAN_RE

# "A as a percent of B", "A as a share of total B", "A占B的比例": A ÷ B in percent. Read
# in the normalised question, where items are found: "as a % of" is "as a of" there.
_OF = re.compile(
    r" as an? (?:(?:percent(?:age)?|share|proportion|fraction) )?of |占",
)
# (the owner's "its" / "their" too: "capex as a share of its operating cash flow")
_LEAD = re.compile(r"(?:the |its |their )?(?:total )?")
# what may follow A's name before "as a % of": its possessive, or a word saying it is an
# amount spent ("R&D spend", "capex outlays"), no figure of its own
_TAIL = pattern("ratio_words.spent", template=r"(?:'s?)?(?: (?:{}))?")
_SAID = re.compile(r"的?(?:比例|比重|百分比|占比)")
# "A to B", "A divided by B", "A over B" between two operands (the normalised text)
_TO = re.compile(r" to (?:the |its |their )?(?:total )?")
_DIVIDED = re.compile(r" (?:divided by|over) (?:the )?(?:total )?")
# "the ratio of A to B", "A to B ratio" / "multiple" / "coverage": "to" asks a quotient
# (a company's name and a year may stand between: "the ratio of Acme's 2022 cash flow to …")
_RATIO_BEFORE = re.compile(r"\bratio of (?:the )?(?:[\w&.-]+'s? )?(?:fy ?\d{2,4} |\d{4} )?$")
_RATIO_AFTER = re.compile(r" (?:ratio|multiple|coverage)\b")
# "A-to-B", written with hyphens: a quotient's name ("debt-to-capital")
_HYPHENED = re.compile(r"\w-to-\w", re.I)
# "A / B", "A/B" between words (not "A/R", an abbreviation's own slash)
_SLASH = re.compile(r"(?<=[\w&)]{2})\s*/\s*(?=[\w(]{2})")
# a question asking in percent ("as a %", "in percentage terms", "百分比"): one pattern for
# every figure method (asking, working and the answer's averages read it)
PERCENT = re.compile(r"percent|%|百分", re.I)
# "what share of B went to A", "what percentage of B was spent on A", "what portion of B
# did A account for": A ÷ B, the whole named first (the normalised text)
_PART_OF = re.compile(r"\b(?:share|percentage|percent|proportion|portion|fraction) of ")
# the verb joining the whole to its part, a few words after it ("… of net income did Acme
# pay out as dividends", "… of revenue went to R&D", "… of total assets is goodwill")
_WENT = re.compile(
    r"\b(?:went|go|goes|spent|spend|spends|paid|pay|pays|used|devoted|allocated|account|"
    r"accounted|came|come|comes|distributed|returned|consisted|is|was|are|were|did|does)\b"
)
_MAX_GAP = 6  # words between the whole and its part


@dataclass(frozen=True)
class Operand:
    start: int
    end: int
    node: ast.expr


@dataclass(frozen=True)
class Quotient:
    name: str  # as the question writes it ("SG&A as a % of net sales")
    node: ast.expr
    percent: bool


def quotient(question: str) -> Quotient | Literal[False] | None:
    """A ÷ B when the question asks for one figure over another: in percent for a share
    ("as a % of"), as the question says otherwise ("ratio of A to B", "A / B"). False when
    it asks for a share whose first figure is nothing the vocabulary knows ("wages as a
    percent of net sales": answering net sales would answer another question); None when
    it asks for no quotient."""
    share = _share(question)
    if share is not None:
        return share
    return (
        _whole_first(question)
        or _between(question)
        or _per_share(question)
        or _per_dollar(question)
    )


def _share(question: str) -> Quotient | Literal[False] | None:
    q = norm(question)
    m = _OF.search(q)
    if m is None:
        return None
    found = operands(q)
    # B's name starts after "as a percent of" and a "the", "total" or "the total"
    under = [o for o in found if o.start >= m.end() and _LEAD.fullmatch(q[m.end() : o.start])]
    # A's name ends where "as a percent of" starts, or before its possessive "'s"
    over = [o for o in found if o.end <= m.start() and _TAIL.fullmatch(q[o.end : m.start()])]
    if not under:
        return None
    if not over:
        return False
    num = max(over, key=lambda o: o.end - o.start)
    den = max(under, key=lambda o: o.end - o.start)
    node = ast.BinOp(num.node, ast.Div(), den.node)
    said = _SAID.match(q, den.end)  # "…占营业收入的比例"
    name = as_written(question, q[num.start : said.end() if said else den.end])
    return Quotient(name, node, True)


def _between(question: str) -> Quotient | None:
    """ "ratio of A to B", "A to B ratio", "A-to-B", "A / B", "A divided by B": the
    longest pair of operands joined so, A ÷ B."""
    written = _SLASH.sub(" divided by ", question)
    q = norm(written)
    found = operands(q)
    best: tuple[int, Operand, Operand, int] | None = None
    for a in found:
        for b in found:
            if b.start <= a.end:
                continue
            end = _joined(q, a, b, hyphened=bool(_HYPHENED.search(question)))
            if end is not None and (best is None or end - a.start > best[3] - best[1].start):
                best = (0, a, b, end)
    if best is None:
        return None
    _, a, b, end = best
    node = ast.BinOp(a.node, ast.Div(), b.node)
    return Quotient(as_written(written, q[a.start : end]), node, bool(PERCENT.search(question)))


def _whole_first(question: str) -> Quotient | None:
    """ "What share of revenue went to R&D?": the part over the whole named before it, in
    percent. The whole follows "share of" after at most a company's name and a year; the
    part follows the verb after the whole."""
    q = norm(question)
    m = _PART_OF.search(q)
    if m is None:
        return None
    found = sorted(operands(q), key=lambda o: (o.start, o.start - o.end))
    whole = next((o for o in found if o.start >= m.end()), None)
    if whole is None or len(q[m.end() : whole.start].split()) > 3:
        return None
    part = next((o for o in found if o.start >= whole.end), None)
    gap = q[whole.end : part.start] if part is not None else ""
    if part is None or len(gap.split()) > _MAX_GAP or not _WENT.search(gap):
        return None
    node = ast.BinOp(part.node, ast.Div(), whole.node)
    said = (as_written(question, q[o.start : o.end]) for o in (part, whole))
    name = " as a share of ".join(said)
    return Quotient(name, node, True)


# "A per diluted share": A over the diluted weighted-average shares. "Per share" alone is
# no quotient to work: a dividend per share is declared, a per-share row printed as such
_PER_SHARE = re.compile(r" per (?:(?:weighted-average|average) )*diluted (?:common )?share\b")


def _per_share(question: str) -> Quotient | None:
    """ "operating cash flow per diluted share": the longest figure named right before "per
    diluted share" over the diluted share count."""
    q = norm(question)
    m = _PER_SHARE.search(q)
    if m is None:
        return None
    before = [o for o in operands(q) if o.end == m.start()]
    if not before:
        return None
    num = max(before, key=lambda o: o.end - o.start)
    node = ast.BinOp(num.node, ast.Div(), ast.Name("diluted_shares"))
    return Quotient(as_written(question, q[num.start : m.end()]), node, False)


# "… A … for each dollar of B", "per dollar of B": A ÷ B (the normalised text)
_PER_DOLLAR = re.compile(r" (?:for each|for every|per) dollar of (?:its |the |their )?(?:total )?")


def _per_dollar(question: str) -> Quotient | None:
    """ "How many dollars of operating cash flow did Acme generate for each dollar of net
    income?": the figure named last before "for each dollar of" over the one right after."""
    q = norm(question)
    m = _PER_DOLLAR.search(q)
    if m is None:
        return None
    found = operands(q)
    under = [o for o in found if o.start == m.end()]
    over = [o for o in found if o.end <= m.start()]
    if not under or not over:
        return None
    num = max(over, key=lambda o: (o.end, o.end - o.start))
    den = max(under, key=lambda o: o.end - o.start)
    node = ast.BinOp(num.node, ast.Div(), den.node)
    said = (as_written(question, q[o.start : o.end]) for o in (num, den))
    return Quotient(" per dollar of ".join(said), node, False)


# a quotient asked in words, whatever its two sides: "the ratio of A to B", "A to B
# ratio", "A divided by B" (the normalised text)
_WORDED = re.compile(r"\bratio of\b|\b to (?:\w+ ){1,5}(?:ratio|multiple)\b| divided by ")


def worded(question: str) -> bool:
    """Does the question ask for one figure over another in words or with a slash,
    whether or not both sides are figures the vocabulary knows?"""
    return bool(_WORDED.search(norm(_SLASH.sub(" divided by ", question))))


def _joined(q: str, a: Operand, b: Operand, *, hyphened: bool) -> int | None:
    """Where the quotient's name ends when A and B are joined as a ratio, else None."""
    gap = q[a.end : b.start]
    if _DIVIDED.fullmatch(gap):
        return b.end
    if not _TO.fullmatch(gap):
        return None
    after = _RATIO_AFTER.match(q, b.end)
    if after is not None:
        return after.end()
    return b.end if hyphened or _RATIO_BEFORE.search(q[: a.start]) else None


def as_written(question: str, normed: str) -> str:
    """The question's own wording of a stretch of its normalised text ("SG&A as a % of
    net sales", not "sg&a as a of net sales"), or the stretch when it cannot be found."""
    if HAN_RE.search(normed):
        return normed
    raw = [w.strip("?!.,;:") for w in question.split()]
    for i in range(len(raw)):
        for j in range(i + 1, len(raw) + 1):
            got = norm(" ".join(raw[i:j]))
            if got == normed:
                return " ".join(raw[i:j])
            if len(got) > len(normed):
                break
    return normed


def operands(q: str) -> list[Operand]:
    """Every line item and metric the normalised question names, with where."""
    out = [Operand(a.start, a.end, ast.Name(a.item.key)) for a in asked_items(q)]
    for metric in vocabulary().metrics:
        hit = metric.find(q)
        if hit and metric.formula:
            out.append(Operand(hit.start(), hit.end(), parse(metric.formula)))
    return out
