"""Financial statements printed without the item that holds them.

A 10-K's statements belong to "Item 8. Financial Statements and Supplementary Data". Some
filings print that heading only as a pointer near the end ("See Item 7") and set the
statements and their notes straight after the discussion: read by numbering alone, the
statements would sit under "Item 7. Management's Discussion …" and every citation of a
balance-sheet line would name the discussion. A primary statement's own title
("Consolidated Balance Sheet", "ACME INC. CONSOLIDATED STATEMENTS OF INCOME (In
millions)") therefore closes an open item numbered before Item 8 whose heading does not
name financial statements, and opens a section of its own at that item's level; the notes
after it ("Note 1 — Basis of Presentation") are its siblings, not its children.

Only a set of statements counts: a title with another primary title of another kind
within a few pages. A single heading of the discussion that happens to read like a title
("Consolidated Statements of Cash Flows" over a paragraph about them) leaves the item
alone. The words live in ``data/statements.json`` ("primary").
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pipeline.models import Block

_DATA = Path(__file__).with_name("data") / "statements.json"
_ITEM = re.compile(r"^\s*item\s+(\d{1,2})([a-z]?)\b", re.I)
_STATEMENTS_ITEM = 8  # the 10-K item that holds the financial statements
_SET_PAGES = 6  # the statements of a set lie within this many pages of each other
_PREFIX_WORDS = 6
_JOINER = re.compile(r"^(?:and|&|plc|inc\.?|llc|ltd\.?|n\.v\.|s\.a\.)[,.]?$")  # in a name
_KINDS = (
    ("comprehensive", re.compile(r"comprehensive", re.I)),
    ("cash", re.compile(r"cash flows?", re.I)),
    ("equity", re.compile(r"equity", re.I)),
    ("balance", re.compile(r"balance sheet|financial (?:position|condition)", re.I)),
    ("income", re.compile(r"income|operations|earnings|loss", re.I)),
)


@dataclass(frozen=True)
class _Words:
    title: re.Pattern[str]
    stops: re.Pattern[str]
    names_statements: re.Pattern[str]


@cache
def _words() -> _Words:
    data = json.loads(_DATA.read_text(encoding="utf-8"))["primary"]
    title = (
        rf"^(?P<prefix>(?:\S+\s+){{0,{_PREFIX_WORDS}}}?)(?:{data['kind']})\s+"
        rf"(?P<statement>{data['statement']})"
        r"(?:\s*[-–—]?\s*\(?continued\)?)?(?:\s*\([^)]*\))*\s*$"
    )
    return _Words(
        title=re.compile(title, re.I),
        stops=re.compile(r"^(?:" + "|".join(data["prefix_stops"]) + r")\W*$", re.I),
        names_statements=re.compile(data["items_naming_statements"], re.I),
    )


def statement_kind(text: str) -> str | None:
    """Which primary statement the heading is the title of ('income', 'balance', 'cash',
    'comprehensive', 'equity'), or None when it is not one's own title."""
    m = _words().title.match(" ".join(text.split()))
    if m is None:
        return None
    prefix = m.group("prefix").split()
    # the entity's name: capitalised words ("Amcor plc and Subsidiaries"), no stop word
    if any(_words().stops.match(w) or not (w[0].isupper() or _JOINER.match(w)) for w in prefix):
        return None
    statement = m.group("statement")
    return next((kind for kind, p in _KINDS if p.search(statement)), None)


def statement_set(headings: list[Block]) -> set[int]:
    """Ids of the headings that title one of a set of primary statements: another
    heading within a few pages titles a statement of another kind."""
    titled = [(b, k) for b in headings if (k := statement_kind(b.text)) is not None]
    return {
        id(b)
        for b, kind in titled
        if any(k != kind and abs(o.page - b.page) <= _SET_PAGES for o, k in titled)
    }


def closable_item(text: str) -> bool:
    """An item the statements do not belong to: numbered before Item 8 and not naming
    financial statements ("Item 7. Management's Discussion …", not "Item 1. Financial
    Statements" of a quarterly report)."""
    m = _ITEM.match(text)
    if m is None or int(m.group(1)) >= _STATEMENTS_ITEM:
        return False
    return _words().names_statements.search(text) is None
