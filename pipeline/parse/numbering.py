"""Section numbering: named ("PART II", "Item 7.", "第三章", "（一）") and decimal ("1.",
"2.3", "4 Scope"), and the heading level each implies."""

from __future__ import annotations

import re

CN_NUM = "一二三四五六七八九十百零〇0-9"
_NOTE = re.compile(r"^note\s+[0-9]{1,2}\b(?!\s*(?:to|of|in|and|for)\b)", re.I)
_NUMBERED = [
    (re.compile(rf"^第[{CN_NUM}]+[章篇部]"), 1),
    (re.compile(r"^(?:chapter|part)\s+[0-9ivxlc]+\b", re.I), 1),
    (re.compile(rf"^第[{CN_NUM}]+节"), 2),
    (re.compile(r"^(?:section|item)\s+[0-9]+[a-z]?\b", re.I), 2),
    (re.compile(rf"^第[{CN_NUM}]+条"), 3),
    (re.compile(r"^article\s+[0-9ivxlc]+\b", re.I), 2),
    (_NOTE, 3),
    (re.compile(rf"^[{CN_NUM[:-3]}]+[、.．]"), 3),
    (re.compile(rf"^[（(][{CN_NUM[:-3]}]+[)）]"), 4),
]
_DOTTED = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,4})(?:\.|\s|、)\s*\S")


_MAX_BARE = 30  # "83 Tower Road": a bare number beyond this is an address, not a section


def named_level(text: str) -> int | None:
    """Level of a named numbering ("PART II", "Item 7.", "第三章", "（一）"), or None."""
    t = text.strip()
    return next((level for pattern, level in _NUMBERED if pattern.match(t)), None)


def dotted_level(text: str) -> int | None:
    """Depth of a decimal numbering ("1.", "2.3", "4 Scope"), or None."""
    m = _DOTTED.match(text.strip())
    if m is None:
        return None
    number = m.group(1)
    bare = "." not in number and not text.strip()[len(number) :].startswith((".", "、"))
    if bare and int(number) > _MAX_BARE:
        return None
    return min(6, number.count(".") + 1)


def numbering_level(text: str) -> int | None:
    """Heading level implied by a numbering prefix, or None."""
    named = named_level(text)
    return named if named is not None else dotted_level(text)


def is_note(text: str) -> bool:
    """Whether the heading opens a note of the financial statements ("Note 4 — Leases")."""
    return _NOTE.match(text.strip()) is not None
