"""A line of a scanned paragraph that only looks like a heading."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from pipeline.models import Block
from pipeline.text.script import UNIFIED_RE

_JOINING = Path(__file__).with_name("data") / "joining_words.json"
_LOWER_START = re.compile(r"^[a-z]+\b(?![-'’]?[A-Z])")  # "and edit …", not "iPhone", "eBay"
_LAST_WORD = re.compile(r"([A-Za-z]+)\W*$")
_CLAUSE_INSIDE = re.compile(r"[,;:] [a-z]|[a-z]\. [A-Z]")


@cache
def _joining_words() -> frozenset[str]:
    return frozenset(json.loads(_JOINING.read_text(encoding="utf-8"))["words"])


def ocr_continuation(b: Block, text: str) -> bool:
    """An OCR line of a paragraph, not a heading: a scan's line boxes grow with the letters
    on them (ascenders, descenders, capitals), so a line of a paragraph can measure larger
    than the body and split off. It gives itself away: it opens with a lower-case word,
    ends with a word that joins it to the next line ("… so complex that"), or runs over
    several lines with clauses inside ("… a wrong note, simply hold …")."""
    if not any(ln.conf is not None for ln in b.lines) or UNIFIED_RE.search(text) is not None:
        return False
    if _LOWER_START.match(text):
        return True
    last = _LAST_WORD.search(text)
    if last is not None and last.group(1).lower() in _joining_words():
        return True
    return len(b.lines) > 1 and _CLAUSE_INSIDE.search(text) is not None
