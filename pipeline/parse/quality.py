"""Is a page's text layer usable, or should the page be OCR'd? (cheap checks, no model)

Digital text that reads well is always preferred: it is exact and free. A page
goes to OCR when it has no text but shows an image, when its text is too little
to be the content of the page-sized image under it, when the text layer is
garbage (fonts without a usable Unicode mapping), or when the text is an
invisible OCR layer over a scan: such layers come from unknown OCR of unknown
quality ("tie earth", "VICKSBUEG"), and re-reading gives lines whose boxes match
the picture.
"""

from __future__ import annotations

import re

import pymupdf

from pipeline.models import Block
from pipeline.text.normalise import no_spaces

NO_TEXT = "no text layer"
GARBAGE = "garbage text layer (unreadable characters)"
LITTLE_TEXT = "little text over a page-sized image"
INVISIBLE = "invisible OCR layer over a scan"

_MIN_CHARS = 40
_STAMP_CHARS = 200  # page numbers, Bates numbers, "received" stamps on a scan
_GARBAGE_SHARE = 0.3
_LATIN_WORD = re.compile(r"[A-Za-z]{4,}")
_VOWEL = re.compile(r"[aeiouyAEIOUY]")
_SPACE = re.compile(r"\s")
_CONTROL_SPACE = re.compile(r"[\x09-\x0d\x1c-\x1f\x85]")


# Characters typical of broken text layers: byte-swapped ASCII read as UTF-16 ('M' →
# U+4D00: low byte zero, high byte printable ASCII), control characters (C0 and the C1
# range of bytes decoded as Latin-1), private-use glyphs, replacement characters and
# lone surrogates. One regex: this runs on every page of every PDF.
_SWAPPED = "".join(chr(hi << 8) for hi in range(0x21, 0x7F))
_BAD = re.compile(f"[{_SWAPPED}\x00-\x1f\x80-\x9f\ue000-\uf8ff\ufffd\ud800-\udfff]")
# UTF-8 read as Latin-1/cp1252 ('Ã©', 'â€™'): many Ã/Â/â next to Latin-1 symbols.
_MOJIBAKE = re.compile("[ÃÂâ€Å¤¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼½¾¿]")


def _vowelless_share(text: str) -> float:
    """Share of longer Latin words without a vowel: text in a shifted font encoding
    ('Wkh' for 'The') reads like consonant soup; real prose almost never does."""
    words = [w for w in _LATIN_WORD.findall(text) if not w.isupper()]
    if len(words) < 12:
        return 0.0
    return sum(1 for w in words if not _VOWEL.search(w)) / len(words)


def garbage_share(text: str) -> float:
    """How much of the text is typical of broken text layers (0..1)."""
    n = len(text) - len(_SPACE.findall(text))
    if n <= 0:
        return 0.0
    # Whitespace controls (\t, \n, \r ...) are not garbage: counted as spaces above.
    bad = len(_BAD.findall(text)) - len(_CONTROL_SPACE.findall(text))
    mojibake = len(_MOJIBAKE.findall(text)) / n
    return max(bad / n, 2 * mojibake if mojibake > 0.08 else 0.0, _vowelless_share(text))


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


def _text_area_share(blocks: list[Block], page: pymupdf.Page) -> float:
    area = abs(page.rect) or 1.0
    covered = sum(
        (ln.box[2] - ln.box[0]) * (ln.box[3] - ln.box[1])
        for b in blocks
        for ln in b.lines
        if ln.box is not None
    )
    return covered / area


def text_layer_problem(page: pymupdf.Page, blocks: list[Block]) -> str | None:
    """Why the page's text should not be trusted, or None when it is fine."""
    text = "".join(b.text for b in blocks)
    n = len(no_spaces(text))
    cover = _image_cover(page)  # cheap: image placements only, nothing decoded
    if n == 0:
        return NO_TEXT if cover > 0.05 else None
    if garbage_share(text) > _GARBAGE_SHARE:
        return GARBAGE
    if cover <= 0.5:
        return None
    if n < _MIN_CHARS or (
        cover > 0.8 and n < _STAMP_CHARS and _text_area_share(blocks, page) < 0.03
    ):
        return LITTLE_TEXT
    if invisible_share(page) > 0.8:
        return INVISIBLE
    return None


def keeps_text_when_ocr_fails(reason: str | None) -> bool:
    """A little real text beats nothing; garbage and unknown OCR layers are dropped."""
    return reason == LITTLE_TEXT
