"""Which place stating an answer's figure a reader looks to first, and how to reach it.

A filing prints one figure in several places: the primary financial statement (the
"Consolidated Statements of Cash Flows", an earnings release's "Condensed Consolidated
Statement of Earnings"), the discussion's summary table, a segment note, a highlight
sentence. The statement defines the figure, and the sentence that says it for the same
item and period is what a reader quotes: of the other places that state the answer's
figure (``corroborate.py``), the statement's row is quoted first, then a sentence, then
any other table. When no passage of the turn is the statement printing the figure, the
planner searches for its row once: the row's label, the figure as printed and the
statement's own words (a statement in thousands prints "2,912,853" for the discussion's
"2,912.9" in millions: its label and title still find it).

A quoted sentence is cut to the sentence or list item printing the figure: a unit of
three bullet points ("• Net income of … • Net cash flow from operations of $2.91 billion
…") is quoted by the one that states it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from agent.evidence import Passage, Unit

# a primary statement's own title (its section's last heading, or its table's first
# header cell): "Consolidated Statements of Operations", "Statement of Earnings", "Balance
# Sheets", "Statements of Financial Position", "Statements of Cash Flows"
_TITLE = re.compile(
    r"(?:(?:condensed|consolidated|combined)\s+)*(?:statements?\s+of\s+(?:consolidated\s+)?"
    r"(?:income|operations|earnings|cash\s+flows?|financial\s+position"
    r"|comprehensive\s+(?:income|loss))|balance\s+sheets?)|利润表|损益表|资产负债表|现金流量表",
    re.I,
)
# a title opens its heading or cell, after the company's name at most ("Acme Inc. and
# Subsidiaries"); a sentence mentioning one ("… read in conjunction with our Consolidated
# Statements of Cash Flows") is no title
_NAME_WORDS = 8
# words of a sentence, not a name (lower case: "The Acme Company" is a name)
_MENTION = re.compile(r"[.:;]\s|\b(?:our|the|with|see|in|to|of|from)\b")
_LEGAL_FORM = re.compile(r"\b(?:Inc|Corp|Co|Ltd|LLC|N\.V|S\.A|plc|PLC)\.", re.I)
_KINDS = (
    ("comprehensive", re.compile(r"comprehensive", re.I)),
    ("cash", re.compile(r"cash|现金流量", re.I)),
    ("balance", re.compile(r"balance|position|资产负债", re.I)),
    ("income", re.compile(r".")),
)
STATEMENT, SENTENCE, OTHER = 0, 1, 2
# a list item's bullet, or a sentence's end before the next one's capital or bullet
_PIECE = re.compile(r"\s*[•●▪◦]\s*|(?<=[.!?])\s+(?=[A-Z•●▪◦(])")


def is_statement(p: Passage) -> bool:
    """Is the passage part of a primary financial statement, by its section's last
    heading or its table's first header cell?"""
    return statement_of(p) is not None


def statement_of(p: Passage) -> str | None:
    """Which primary statement the passage is part of ("income", "balance", "cash",
    "comprehensive"), or None."""
    last = p.section.split(" > ")[-1]
    head = (p.columns or p.text.lstrip()[:300]).strip().lstrip("|").split("|")[0]
    for text in (last, head):
        m = _TITLE.search(text)
        if m is not None and _titles(text[: m.start()]):
            return next(k for k, w in _KINDS if w.search(m.group(0)))
    return None


def _titles(before: str) -> bool:
    """May the words before a statement's name be its title's (the company's name)?"""
    return len(before.split()) <= _NAME_WORDS and not _MENTION.search(_LEGAL_FORM.sub("", before))


def place(p: Passage, u: Unit) -> int:
    """The order a place is quoted in: a statement's row, a sentence, another table."""
    if u.kind == "row" and is_statement(p):
        return STATEMENT
    return SENTENCE if u.kind != "row" else OTHER


def ordered(found: Sequence[tuple[Passage, Unit]], lead: int | None) -> list[tuple[Passage, Unit]]:
    """The places, the kinds the lead is not first (a statement's row, then a sentence,
    then another table), each kind in the order found, other tables by page (a release's
    summary and the discussion before the notes and reconciliations); the lead's own kind
    after them."""
    kinds = [place(p, u) for p, u in found]

    def key(i: int) -> tuple[bool, int, int]:
        return kinds[i] == lead, kinds[i], found[i][0].page if kinds[i] == OTHER else i

    return [found[i] for i in sorted(range(len(found)), key=key)]


def narrowed(u: Unit, prints: Callable[[str], bool]) -> Unit:
    """A sentence unit cut to its pieces (sentences, list items) that print the figure;
    the unit itself when it is one piece, a row, or no piece prints it alone."""
    if u.kind == "row":
        return u
    pieces = _pieces(u.text)
    if len(pieces) < 2:
        return u
    keep = [(s, e) for s, e in pieces if prints(u.text[s:e])]
    if not keep:
        return u
    s, e = keep[0][0], keep[-1][1]
    return Unit(u.start + s, u.start + e, u.text[s:e], u.kind)


def _pieces(text: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    start = 0
    for m in _PIECE.finditer(text):
        if text[start : m.start()].strip():
            out.append((start, m.start()))
        start = m.end()
    if text[start:].strip():
        out.append((start, len(text.rstrip())))
    return out
