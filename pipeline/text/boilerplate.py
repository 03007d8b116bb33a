"""One classifier of boilerplate: text a document prints whatever it is about.

A filing's table of contents, its officers' certifications, signature blocks, the auditor's
standard wording, the exhibit index, the safe-harbour notice on forward-looking statements
and the cover page's form lines say how the document is filed, signed or navigated, not what
it says. Review findings, summaries and terms all leave them out, and they use this one
classifier so that what one of them calls boilerplate the others do too.

The wording is data (``data/boilerplate.json``: phrases and patterns per kind, and the
section titles whose whole section is boilerplate); this module only matches it.

    kind_of("/s/ Jane Roe")                     -> "signature"
    kind_of("Item 1A. Risk Factors — Page: 18") -> "contents"
    heading_kind("SIGNATURES")                  -> "signature"
    kind_of("Demand fell by 12 % in 2023.")     -> None
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pipeline.text.script import HAN_SPAN

DATA = Path(__file__).with_name("data") / "boilerplate.json"

Kind = Literal[
    "contents",
    "certification",
    "signature",
    "auditor",
    "exhibits",
    "forward_looking",
    "cover_form",
]
KINDS: tuple[Kind, ...] = (
    "contents",
    "certification",
    "signature",
    "auditor",
    "exhibits",
    "forward_looking",
    "cover_form",
)

# Curly quotes, non-breaking and repeated spaces are normalised before phrases match:
# PDFs print "registrant’s" and "registrant's" alike.
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "\u00a0": " "})
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class _KindRules:
    kind: Kind
    phrases: tuple[str, ...]
    patterns: tuple[re.Pattern[str], ...]


@dataclass(frozen=True)
class Rules:
    kinds: tuple[_KindRules, ...]
    headings: tuple[tuple[Kind, tuple[str, ...]], ...]


@cache
def rules() -> Rules:
    """The word lists, compiled once."""
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    kinds: list[_KindRules] = []
    for kind in KINDS:
        entry = raw["kinds"][kind]
        kinds.append(
            _KindRules(
                kind=kind,
                phrases=tuple(normalise(p) for p in entry["phrases"]),
                patterns=tuple(re.compile(p, re.I) for p in entry["patterns"]),
            )
        )
    heads = raw["headings"]["kinds"]
    headings = tuple((k, tuple(w.lower() for w in heads[k])) for k in KINDS if k in heads)
    return Rules(kinds=tuple(kinds), headings=headings)


def normalise(text: str) -> str:
    """Lower case, straight quotes, single spaces: the form phrases are matched in."""
    return _SPACES.sub(" ", text.translate(_QUOTES)).strip().lower()


def kind_of(text: str) -> Kind | None:
    """The boilerplate kind of one sentence or line, or None when it is content.

    Every line of a block is tried: a signature block's "/s/ Jane Roe" line or a contents
    line marks the block, while a content paragraph has none of them."""
    if not text.strip():
        return None
    low = normalise(text)
    lines = [ln.strip() for ln in text.translate(_QUOTES).splitlines() if ln.strip()]
    for rule in rules().kinds:
        if any(p in low for p in rule.phrases):
            return rule.kind
        if any(pat.search(ln) for pat in rule.patterns for ln in lines):
            return rule.kind
    return None


@cache
def _report_signed() -> tuple[str, ...]:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    return tuple(normalise(p) for p in raw.get("report_signed", {}).get("phrases", ()))


def signs_report(text: str) -> bool:
    """The attestation of a periodic report's own signature page ("… has duly caused this
    report to be signed …"), which an agreement or plan filed with it does not print."""
    low = normalise(text)
    return any(p in low for p in _report_signed())


def is_boilerplate(text: str) -> bool:
    return kind_of(text) is not None


def heading_kind(title: str) -> Kind | None:
    """The kind of front or back matter a section title names ("SIGNATURES",
    "Exhibit Index", "重要提示"), or None for a content heading."""
    low = normalise(title)
    if not low:
        return None
    for kind, words in rules().headings:
        if any(w in low for w in words):
            return kind
    return None


_PAGE_HEADER = re.compile(r"^page(?:\s*no\.?|s)?$|^页[码次]?$", re.I)
_ENTRY = re.compile(
    r"^(?:part\s+[ivx]+|item\s+\d{1,2}[a-d]?|第[一二三四五六七八九十]+[节章])\b", re.I
)
_PAGE_NO = re.compile(r"^\d{1,3}(?:\s*[-–]\s*\d{1,3})?$")


def contents_table(rows: Sequence[Sequence[str]]) -> bool:
    """A table laid out as a table of contents: a 'Page' column, or entries that are
    items or parts of a filing with page numbers beside them."""
    if not rows:
        return False
    header = [c.strip() for c in rows[0]]
    if any(_PAGE_HEADER.match(c) for c in header if c):
        return True
    entries = paged = 0
    for row in rows:
        cells = [c.strip() for c in row if c and c.strip()]
        if not cells:
            continue
        if _ENTRY.match(cells[0]):
            entries += 1
            paged += bool(_PAGE_NO.match(cells[-1]))
    return entries >= 3 and paged >= 0.6 * entries


_WORDS = re.compile(f"[{HAN_SPAN}]" + r"|[A-Za-z0-9][\w'’.-]*")
SHORT_WORDS = 25  # a line of a signature or exhibit page, not a paragraph of content


def context_kind(texts: Sequence[str]) -> Kind | None:
    """The kind most of a page's or section's blocks are, when at least half of them are
    boilerplate: the lines around them ("Director", "February 27, 2019") are too."""
    kinds = [kind_of(t) for t in texts if len(_WORDS.findall(t)) >= 2]
    found = [k for k in kinds if k is not None]
    if not kinds or len(found) < max(2, len(kinds) / 2):
        return None
    return max(set(found), key=found.count)


def block_kind(
    text: str, headings: Sequence[str] = (), neighbours: Sequence[str] = ()
) -> Kind | None:
    """The kind of a block read in its place: under its section headings (outermost first;
    under "SIGNATURES" an officer's name alone is boilerplate too), by its own wording, and
    for a short line by the blocks around it (``context_kind`` of its page)."""
    for title in headings:
        kind = heading_kind(title)
        # A filing prints "Table of Contents" atop every page, and a parser may read it as
        # a heading: only the contents lines themselves are contents.
        if kind is not None and kind != "contents":
            return kind
    kind = kind_of(text)
    if kind is None and neighbours and len(_WORDS.findall(text)) <= SHORT_WORDS:
        kind = context_kind(neighbours)
    return kind
