"""Boxes of a quote on its page: the lines it spans, narrowed to the quoted words.

A chunk knows the box of each of its lines (``Chunk.boxes_for``). When a quote covers only
part of a line, the line is narrowed to the quoted words: on a scan with the OCR word boxes
the chunk keeps, on a text layer by PyMuPDF finding the words inside that line's box on the
stored PDF. Anything unexpected keeps the line box.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pipeline.models import Box, Chunk, LineRef

log = logging.getLogger(__name__)

_PAD = 2.0
_ABUT = 0.5  # points between two rectangles of one match (MuPDF leaves ~0.01)


class PdfCache:
    """A few open PDFs, shared by the turns of one service (PyMuPDF is not thread-safe)."""

    def __init__(self, size: int = 4) -> None:
        self._docs: OrderedDict[Path, Any] = OrderedDict()
        self._size = size
        self.lock = threading.Lock()

    def get(self, path: Path) -> Any:
        import pymupdf

        doc = self._docs.pop(path, None)
        if doc is None:
            doc = pymupdf.open(path)
        self._docs[path] = doc
        while len(self._docs) > self._size:
            _, old = self._docs.popitem(last=False)
            old.close()
        return doc


def quote_boxes(
    chunk: Chunk,
    start: int,
    end: int,
    *,
    pdf: Path | None = None,
    cache: PdfCache | None = None,
    focus: Sequence[str] = (),
) -> list[tuple[int, Box]]:
    """Boxes of chunk text [start, end); with ``focus`` (a row's label and the cells an
    answer uses) the boxes of those cells alone, so the figure itself is marked."""
    refs = [r for r in chunk.lines if r.box is not None and r.start < end and r.end > start]
    if focus and any(r.words for r in refs):
        cells = _focus_words(chunk, refs, focus)
        if cells:
            return cells
    if chunk.kind == "table" and any(r.words for r in refs):
        return _cell_boxes(refs, start, end)
    if any(r.words for r in refs):  # a scan: its OCR words say where the quote is
        return [(r.page, _words_box(r, start, end)) for r in refs if r.box is not None]
    if pdf is None or cache is None or not pdf.exists():
        return [(r.page, r.box) for r in refs if r.box is not None]
    out: list[tuple[int, Box]] = []
    with cache.lock:
        try:
            doc = cache.get(pdf)
        except Exception:  # a broken file must not break an answer; line boxes are enough
            log.warning("cannot open %s to narrow highlight boxes", pdf, exc_info=True)
            return [(r.page, r.box) for r in refs if r.box is not None]
        if focus and len(refs) == 1 and 0 < refs[0].page <= doc.page_count:
            page = doc[refs[0].page - 1]
            assert refs[0].box is not None
            hits = [_narrow(page, f, refs[0].box) for f in focus]
            if all(hits):
                return [(refs[0].page, h) for h in hits if h is not None]
        for r in refs:
            assert r.box is not None
            part = chunk.text[max(r.start, start) : min(r.end, end)].strip()
            whole = chunk.text[r.start : r.end].strip()
            box = r.box
            if part and len(part) < len(whole) and 0 < r.page <= doc.page_count:
                box = _narrow(doc[r.page - 1], part, r.box) or r.box
            out.append((r.page, box))
    return out


def _focus_words(
    chunk: Chunk, refs: Sequence[LineRef], focus: Sequence[str]
) -> list[tuple[int, Box]]:
    """Boxes of the words (a table row's cells) holding the focus texts, in order: the
    figures are looked for in the row that holds all of them, not in a header above it."""

    def found(ref: LineRef, text: str) -> Box | None:
        return next((w.box for w in ref.words if text in chunk.text[w.start : w.end]), None)

    for row in refs:
        boxes = [found(row, f) for f in focus]
        if all(b is not None for b in boxes):
            return [(row.page, b) for b in boxes if b is not None]
    return []


def _cell_boxes(refs: list[LineRef], start: int, end: int) -> list[tuple[int, Box]]:
    """A quote in a table row: the box of each cell it touches (the row label and the
    figure, not the cells between them when those are not quoted)."""
    out: list[tuple[int, Box]] = []
    for r in refs:
        cells = [(r.page, w.box) for w in r.words if w.start < end and w.end > start]
        if cells:
            out += cells
        elif r.box is not None:
            out.append((r.page, r.box))
    return out


def _words_box(ref: LineRef, start: int, end: int) -> Box:
    """The part of an OCR line the quote covers: its words' boxes, or the line's."""
    assert ref.box is not None
    if start <= ref.start and end >= ref.end:
        return ref.box
    boxes = [w.box for w in ref.words if w.start < end and w.end > start]
    if not boxes:
        return ref.box
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def _narrow(page: Any, part: str, box: Box) -> Box | None:
    import pymupdf

    clip = pymupdf.Rect(box[0] - _PAD, box[1] - _PAD, box[2] + _PAD, box[3] + _PAD)
    try:
        hits = page.search_for(part, clip=clip)
    except Exception:
        return None
    if not hits:
        return None
    r = _first_hit(hits, page, part)
    return (round(r.x0, 2), round(r.y0, 2), round(r.x1, 2), round(r.y1, 2))


def _first_hit(hits: Sequence[Any], page: Any = None, part: str = "") -> Any:
    """The first match whole: MuPDF gives one match as several abutting rectangles where
    the glyphs' heights change (a Latin name or a '·' inside Chinese text), so the pieces
    that go on exactly where the last one ends are the same match, not another one. On a
    justified line (word spacing set wider than the space glyph) it gives a rectangle per
    word, apart: a piece further on the same line is still this match while the text the
    pieces enclose is part of the quote (a second match encloses the words between)."""
    r = hits[0]
    for nxt in hits[1:]:
        same_line = nxt.y0 < r.y1 and nxt.y1 > r.y0
        if not same_line:
            break
        if abs(nxt.x0 - r.x1) > _ABUT and not _inside_quote(page, r | nxt, part):
            break
        r = r | nxt
    return r


def _inside_quote(page: Any, rect: Any, part: str) -> bool:
    if page is None or not part:
        return False
    try:
        enclosed = "".join(page.get_textbox(rect).split())
    except Exception:
        return False
    return bool(enclosed) and enclosed in "".join(part.split())
