"""Finding a quoted span inside a chunk's text, and showing a passage with it marked.

Quotes come from answers and term definitions; the text they quote was
re-flowed (whitespace, line breaks) on the way, so matching ignores spacing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pipeline.models import Box, Chunk
from ui.safe import esc

Span = tuple[int, int]
_WS = re.compile(r"\s+")


def _squeeze(text: str) -> tuple[str, list[int]]:
    """Text with all whitespace removed, and each kept char's offset in the original."""
    kept: list[str] = []
    offsets: list[int] = []
    for i, ch in enumerate(text):
        if not ch.isspace():
            kept.append(ch.lower())
            offsets.append(i)
    return "".join(kept), offsets


def locate(text: str, quote: str) -> Span | None:
    """Char span [start, end) of ``quote`` in ``text``, ignoring whitespace and case."""
    quote = quote.strip().strip("…").strip()
    if not quote or not text:
        return None
    pos = text.find(quote)
    if pos >= 0:
        return pos, pos + len(quote)
    hay, offsets = _squeeze(text)
    needle, _ = _squeeze(quote)
    if not needle:
        return None
    pos = hay.find(needle)
    if pos < 0:
        return None
    return offsets[pos], offsets[pos + len(needle) - 1] + 1


def quote_boxes(chunk: Chunk, quote: str) -> list[tuple[int, Box]]:
    """(page, box) of the chunk lines that carry the quote; all lines if it is not found."""
    span = locate(chunk.text, quote)
    if span is None:
        return [(ref.page, ref.box) for ref in chunk.lines if ref.box is not None]
    return chunk.boxes_for(*span)


def quote_lines(chunk: Chunk, quote: str) -> list[int]:
    """Source line numbers (MD/TXT lines, DOCX paragraphs) that carry the quote."""
    span = locate(chunk.text, quote)
    refs = chunk.lines
    if span is not None:
        refs = [r for r in refs if r.start < span[1] and r.end > span[0]]
    return sorted({r.line_no for r in refs if r.line_no is not None})


def marked_html(text: str, spans: Sequence[Span]) -> str:
    """Escaped text with each span wrapped in <mark>; overlapping spans are merged."""
    merged: list[list[int]] = []
    for s, e in sorted((max(0, s), min(len(text), e)) for s, e in spans):
        if e <= s:
            continue
        if merged and s <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], e)
        else:
            merged.append([s, e])
    out: list[str] = []
    pos = 0
    for s, e in merged:
        out.append(esc(text[pos:s]))
        out.append(f"<mark>{esc(text[s:e])}</mark>")
        pos = e
    out.append(esc(text[pos:]))
    return "".join(out)
