"""How printed lines and table cells join again: a word or compound broken at a line's
hyphen, and leader dots that tie a row's label to its figures across the page.

A hyphen at a line's end either splits one word ("recog-" + "nize": dropped) or is the
hyphen of a compound printed at the break ("non-" + "controlling", "year-" + "end": kept).
Word frequencies decide (``wordfreq``): both halves are words in everyday use and together
they are none. Leader dots ("Total assets ........ 1,234") say nothing and, kept, made a
balance sheet a row per chunk (their dots filled the chunk's size) and split rows from
their figures.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from pipeline.text.lexicon import words

_BROKEN = re.compile(r"([A-Za-z]+)-$")
_NEXT_WORD = re.compile(r"[A-Za-z]+")
_KNOWN = 2.0  # Zipf frequency of the rarer half: a word of its own ("divestiture" 2.3)
_RARER = 2.0  # the joined form this much rarer than that half is no word ("noncurrent" 1.5)
# four or more dots, spaced or not, with the blanks around them: a leader, never an ellipsis
LEADER_RE = re.compile(r"\s*\.(?:\s?\.){3,}\s*")


@cache
def _zipf(word: str) -> float:
    from wordfreq import zipf_frequency  # loaded on first use: its tables are large

    return float(zipf_frequency(word, "en"))


def hyphen_break(prev: str, nxt: str) -> str | None:
    """How a line ending in a hyphen joins the next: '-' when the break is a compound's
    hyphen (kept, no space), '' when it splits one word (dropped), None when the line ends
    in no broken word ("short-" before "and long-term" stays apart)."""
    left, right = _BROKEN.search(prev.rstrip()), _NEXT_WORD.match(nxt.lstrip())
    if left is None or right is None or right.group(0).lower() in words("wrapping.suspended"):
        return None
    if left.group(1).isupper():  # a rating or code ("BBB-"), or a name's compound: as printed
        return None
    a, b = left.group(1).lower(), right.group(0).lower()
    halves = min(_zipf(a), _zipf(b))
    if halves >= _KNOWN and _zipf(a + b) < halves - _RARER:
        return "-"
    if len(a) >= 2 and nxt.lstrip()[:1].islower():
        return ""
    return None


def join_wrapped(parts: Iterable[str]) -> str:
    """Pieces of one label or heading printed on successive lines, joined: a space between
    them, but a broken word whole again and a compound with its hyphen."""
    text = ""
    for part in (p.strip() for p in parts):
        if not part:
            continue
        if not text:
            text = part
            continue
        hyphen = hyphen_break(text, part)
        # the compound keeps its hyphen, one word broken loses it
        kept = text if hyphen else text[:-1]
        text = f"{text} {part}" if hyphen is None else kept + part
    return text


def strip_leaders(text: str) -> str:
    """``text`` without leader dots: a gap of two spaces where figures follow them (so the
    line still reads as a label and its figures), nothing at either end."""
    return LEADER_RE.sub("  ", text).strip()
