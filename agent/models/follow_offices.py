"""Follow-up questions from a table of people and their offices (``follow.py``): a report
lists its executive officers or directors as lines of cells ("Matt Bilunas  50  Chief
Financial Officer  17"); next to an answer about one of them, the reader asks who holds
the other offices ("Who is the Chief Accounting Officer?"). Such a line is no sentence:
read as one it asked "How is Senior Advisor related to Judith A?".

An office is asked only when one line of the neighbourhood gives it: "Director", held by
every member of a board, names nobody in particular.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from agent.scope import _suffixes

_DATA = Path(__file__).with_name("data") / "follow_words.json"
CELL_GAP = re.compile(r"\s{2,}|\s*\|\s*|\t")  # a table line's cells, as the parser joins them
# "Matt Bilunas", "Judith A. McGrath", "/s/ Corie S. Barry": a person's name as a cell
_PERSON = re.compile(r"^(?:/s/\s*)?[A-Z][a-z'’-]+(?:\s+(?:[A-Z]\.|[A-Z][a-z'’-]+)){1,3}$")
# "President, Chief Executive Officer, and Chairman of the Board": one person's offices
_JOINERS = frozenset({"of", "the", "and", "&"})
_MAX_WORDS = 6
_OFFICES_APART = re.compile(r",\s*(?:and\s+)?|\s+and\s+(?=[A-Z])")


@cache
def _heads() -> frozenset[str]:
    raw = json.loads(_DATA.read_text(encoding="utf-8"))
    return frozenset(raw["en_office_heads"])


def _office(part: str) -> bool:
    """A name of an office: capitalised words ending in an office's head word ("Chief Risk
    Officer", "Chairman of the Board" reads no head at its end and is not asked)."""
    words = part.split()
    capitalised = all(w[:1].isupper() or w in _JOINERS for w in words)
    return 0 < len(words) <= _MAX_WORDS and capitalised and words[-1].lower() in _heads()


def is_table_line(text: str) -> bool:
    """A line of cells ("Name  Age  Position"), not a sentence of prose."""
    return len(CELL_GAP.split(text.split("\n", 1)[0].strip(" |"))) >= 2


def person(line: str) -> str:
    """The person a table line names in its first cell ("/s/ " dropped), or ""."""
    first = CELL_GAP.split(line.strip(" |"), maxsplit=1)[0].strip()
    return first.removeprefix("/s/").strip() if _PERSON.match(first) else ""


def offices(line: str) -> list[str]:
    """The offices a table line gives the person it names, as printed, or none. A cell
    whose last part is no office ("Senior Vice President, Business Development") gives a
    rank and a department: no office anybody asks for."""
    cells = [c.strip() for c in CELL_GAP.split(line.strip(" |")) if c.strip()]
    if len(cells) < 2 or not person(line):
        return []
    found: list[str] = []
    for cell in cells[1:]:
        said = {w.lower().rstrip(".") for w in re.findall(r"[A-Za-z.]+", cell)}
        if said & (_suffixes() - {"the"}):
            continue  # "Chief Executive Officer, Corning Incorporated": another firm's office
        # "(Principal Executive Officer)": the capacity a signature adds, cut or whole
        bare = re.sub(r"\([^)]*\)?", " ", cell)
        parts = [re.sub(r"^(?:the|of)\s+", "", p.strip(" .")) for p in _OFFICES_APART.split(bare)]
        if parts and _office(parts[-1]):
            found += [p for p in parts if _office(p)]
    return found


def office_topics(texts: Iterable[str], asked: str) -> list[str]:
    """Offices that one person each holds in ``texts``, in order, none the question or its
    answer names."""
    given: list[tuple[str, str]] = []
    for text in texts:
        for line in text.splitlines():
            # the office a rank leads is its last ("Senior Vice President and Chief
            # Financial Officer"): the rank alone asks for nobody in particular
            given += [(o, person(line)) for o in offices(line)[-1:]]
    holders: dict[str, set[str]] = {}
    for office, who in given:
        holders.setdefault(office.lower(), set()).add(who)
    out: list[str] = []
    asked_of: set[str] = set()  # one question a person: the other names their office
    for office, who in given:
        key = office.lower()
        if len(holders[key]) == 1 and key not in asked and who not in asked_of:
            asked_of.add(who)
            out.append(office)
    return out
