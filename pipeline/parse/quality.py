"""Is a page's text layer usable, or should the page be OCR'd? (cheap checks, no model)"""

from __future__ import annotations

import pymupdf

from pipeline.models import Block

_MIN_CHARS = 40


def garbage_share(text: str) -> float:
    """Share of characters that are typical of broken text layers.

    Counted: byte-swapped ASCII read as UTF-16 (U+4D00 for 'M': the low byte is
    zero and the high byte is printable ASCII), private-use glyphs, replacement
    characters and control characters.
    """
    chars = [c for c in text if not c.isspace()]
    if not chars:
        return 0.0
    bad = 0
    for c in chars:
        o = ord(c)
        if (
            (o > 0x2000 and o & 0xFF == 0 and 0x20 < (o >> 8) < 0x7F)
            or 0xE000 <= o <= 0xF8FF
            or o == 0xFFFD
            or o < 0x20
        ):
            bad += 1
    return bad / len(chars)


def _image_cover(page: pymupdf.Page) -> float:
    area = abs(page.rect) or 1.0
    covered = 0.0
    for info in page.get_image_info():
        r = pymupdf.Rect(info["bbox"]) & page.rect
        covered = max(covered, abs(r))
    return covered / area


def invisible_share(page: pymupdf.Page) -> float:
    """Share of characters drawn invisibly (an OCR layer under a scan)."""
    total = hidden = 0
    for b in page.get_text("dict")["blocks"]:
        for ln in b.get("lines", []):
            for s in ln["spans"]:
                n = len(s["text"].strip())
                total += n
                if s.get("alpha", 255) == 0:
                    hidden += n
    return hidden / total if total else 0.0


def text_layer_problem(page: pymupdf.Page, blocks: list[Block]) -> str | None:
    """Why the page's text should not be trusted, or None when it is fine."""
    text = "".join(b.text for b in blocks)
    n = len("".join(text.split()))
    cover = _image_cover(page)
    if n == 0:
        return "no text layer" if cover > 0.05 else None
    if garbage_share(text) > 0.3:
        return "garbage text layer (unreadable characters)"
    if n < _MIN_CHARS and cover > 0.5:
        return "little text over a page-sized image"
    if cover > 0.5 and invisible_share(page) > 0.8:
        return "invisible OCR layer over a scan"
    return None
