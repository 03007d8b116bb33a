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
# Markdown syntax a reader should not see in a quoted passage: inline code ticks, heading
# hashes and quote marks at a line start, and the delimiters of bold/italic runs of
# ``**``/``__``. Emphasis is stripped only as a pair around text on one line, not inside a
# word (CommonMark's flanking rule), so a document's own '__name' or 'a**b' stays as written.
_MARKUP = re.compile(r"`+|^[ \t]*#{1,6}[ \t]+|^[ \t]*>[ \t]?", re.MULTILINE)
_EMPHASIS = re.compile(r"(?<![\w*])(\*\*|__)(?=\S)((?:(?!\1)[^\n])+?)(?<=\S)\1(?![\w*])")


def _markup_spans(text: str) -> list[tuple[int, int]]:
    """Char ranges of ``text`` that are Markdown syntax, sorted and disjoint."""
    spans = [(m.start(), m.end()) for m in _MARKUP.finditer(text)]
    for m in _EMPHASIS.finditer(text):
        spans += [(m.start(1), m.end(1)), (m.end(2), m.end())]
    spans.sort()
    out: list[tuple[int, int]] = []
    for a, b in spans:
        if out and a < out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def unmark(text: str) -> tuple[str, list[int]]:
    """``text`` without Markdown syntax, and where each original offset lands in it.

    The map has ``len(text) + 1`` entries so that span ends translate too.
    """
    out: list[str] = []
    where: list[int] = []
    pos = 0
    for start, end in _markup_spans(text):
        for ch in text[pos:start]:
            where.append(len(out))
            out.append(ch)
        where.extend([len(out)] * (end - start))
        pos = end
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
