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
# Markdown syntax a reader should not see in a quoted passage: bold/italic runs of
# ``**``/``__``, inline code ticks, heading hashes and quote marks at a line start.
_MARKUP = re.compile(r"\*\*|__|`+|^[ \t]*#{1,6}[ \t]+|^[ \t]*>[ \t]?", re.MULTILINE)


def unmark(text: str) -> tuple[str, list[int]]:
    """``text`` without Markdown syntax, and where each original offset lands in it.

    The map has ``len(text) + 1`` entries so that span ends translate too.
    """
    out: list[str] = []
    where: list[int] = []
    pos = 0
    for m in _MARKUP.finditer(text):
        for ch in text[pos : m.start()]:
            where.append(len(out))
            out.append(ch)
        where.extend([len(out)] * (m.end() - m.start()))
        pos = m.end()
    for ch in text[pos:]:
        where.append(len(out))
        out.append(ch)
    where.append(len(out))
    return "".join(out), where


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
    """Escaped text with each span wrapped in <mark>; overlapping spans are merged.

    Markdown syntax in the text is not shown (the spans move with the text).
    """
    n = len(text)
    text, where = unmark(text)
    spans = [(where[min(max(0, s), n)], where[min(max(0, e), n)]) for s, e in spans]
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
