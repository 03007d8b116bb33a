"""The sentence a term the document never defines is used in, as the term table shows it
(``knowledge_view.py``): the part of the sentence around the term, with the term marked, so
the reader sees how it is used even when the sentence is long and the term comes late in it
("… from the time of the initial public offering …", not the sentence's first 160
characters, which may not hold the term at all)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pipeline.text.script import HAN_RE
from ui.safe import esc

CONTEXT_CHARS = 160
_BEFORE = 50  # characters of the sentence kept before the term when it is cut


def _find(text: str, names: Sequence[str]) -> re.Match[str] | None:
    """The first place the term or one of its aliases is written, whole words in Latin
    script, any case."""
    found: list[re.Match[str]] = []
    for name in (n for n in names if n.strip()):
        bounds = ("", "") if HAN_RE.search(name) else (r"(?<!\w)", r"(?!\w)")
        m = re.search(bounds[0] + re.escape(name) + bounds[1], text, re.I)
        if m is not None:
            found.append(m)
    return min(found, key=lambda m: (m.start(), -len(m.group(0))), default=None)


def _cut(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the shown part of ``text`` starts and ends: the whole text when short, else
    from a word's start before the term to a word's end after it."""
    if len(text) <= CONTEXT_CHARS:
        return 0, len(text)
    left = max(0, min(start - _BEFORE, len(text) - CONTEXT_CHARS))
    if left and not HAN_RE.search(text[left]):  # not inside a word
        space = text.find(" ", left)
        left = space + 1 if 0 <= space < start else left
    right = max(left + CONTEXT_CHARS, end)
    if right < len(text) and not HAN_RE.search(text[right - 1]):
        space = text.rfind(" ", end, right)
        right = space if space > end else right
    return left, min(right, len(text))


def context_html(sentence: str, names: Sequence[str]) -> str:
    """The escaped part of ``sentence`` around the first of ``names`` it writes, that name
    marked; "…" where the sentence was cut."""
    text = " ".join(sentence.split())
    m = _find(text, names)
    if m is None:
        cut = text if len(text) <= CONTEXT_CHARS else text[: CONTEXT_CHARS - 1].rstrip() + "…"
        return esc(cut)
    left, right = _cut(text, m.start(), m.end())
    lead = "…" if left else ""
    tail = "…" if right < len(text) else ""
    return (
        f"{lead}{esc(text[left : m.start()])}<mark>{esc(m.group(0))}</mark>"
        f"{esc(text[m.end() : right].rstrip())}{tail}"
    )
