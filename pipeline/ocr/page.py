"""OCR of one PDF page inside a worker process: render → recognise → located blocks."""

from __future__ import annotations

import ctypes
import logging
import re
import resource
import statistics
import time
from dataclasses import dataclass, field

import numpy as np
import pymupdf

from pipeline.models import Block, Box
from pipeline.ocr.bullets import restore_bullets
from pipeline.ocr.engine import EngineName, OcrLine, Quad
from pipeline.ocr.engines import load_engine
from pipeline.ocr.geometry import (
    Deskew,
    clamp,
    estimate_skew,
    quad_to_points,
    render_zoom,
    snap_sizes,
)
from pipeline.ocr.orient import recognize_upright, unturn_box
from pipeline.parse.layout import RawLine, page_blocks, union
from pipeline.parse.pdf_page import to_block
from pipeline.text.normalise import single_spaces
from pipeline.text.script import OCR_CJK, OCR_CJK_RE

log = logging.getLogger(__name__)

# A line box is about 1.25 x the font size (DB detection pads glyphs by unclip_ratio).
_BOX_TO_FONT = 1.25
_END_TRIM = 0.2


@dataclass(frozen=True, slots=True)
class OcrJob:
    """How to OCR pages: the same for every page of a document."""

    engine: EngineName
    dpi: int
    threads: int = 1
    max_side: int = 4000  # pixels; huge pages are rendered at a lower dpi


@dataclass(slots=True)
class PageOcr:
    """What OCR of one page produced (sent back from the worker)."""

    page: int
    blocks: list[Block] = field(default_factory=list)
    confidence: float | None = None
    skew: float = 0.0
    render_warnings: str = ""
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # of this worker process, for benchmarks on a busy machine
    peak_rss_mb: float = 0.0  # of this worker process so far


_open_doc: tuple[str, pymupdf.Document] | None = None


def _document(path: str) -> pymupdf.Document:
    """The worker keeps the last document open: its pages arrive one by one."""
    global _open_doc
    if _open_doc is None or _open_doc[0] != path:
        if _open_doc is not None:
            _open_doc[1].close()
        _open_doc = (path, pymupdf.open(path))
    return _open_doc[1]


def render(page: pymupdf.Page, *, dpi: int, max_side: int) -> tuple[np.ndarray, float, float, str]:
    """RGB pixels of the page as displayed, the pixels-per-point on each axis, and any
    MuPDF warnings raised while drawing it (damaged images show up there)."""
    rect = page.rect
    zoom = render_zoom(rect.width, rect.height, dpi=dpi, max_side=max_side)
    pymupdf.TOOLS.mupdf_warnings(reset=True)
    pix = page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), colorspace=pymupdf.csRGB, alpha=False)
    warnings = pymupdf.TOOLS.mupdf_warnings(reset=True) or ""
    rows = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.stride)
    image = rows[:, : pix.width * 3].reshape(pix.height, pix.width, 3)
    return image, pix.width / rect.width, pix.height / rect.height, warnings


def _trim(box: Box, *, undo: bool = False) -> Box:
    """Detection pads a line box on every side; the padding narrows column gutters
    below what the layout recognises as one. Boxes are trimmed at the ends for the
    layout and widened back afterwards."""
    x0, y0, x1, y1 = box
    if undo:
        d = _END_TRIM * (y1 - y0)
        return (x0 - d, y0, x1 + d, y1)
    d = min(_END_TRIM * (y1 - y0), 0.25 * (x1 - x0))
    return (x0 + d, y0, x1 - d, y1)


_CJK_SPACE = re.compile(f"(?<=[{OCR_CJK}]) (?=\\S)|(?<=\\S) (?=[{OCR_CJK}])|(?<=\\d) (?=\\d)")
_DIGIT_GROUP = re.compile(r"(?<=\d)，(?=\d{3}(?!\d))")
_DECIMAL = re.compile(r"(?<=\d)。(?=\d)")


def tidy_text(text: str) -> str:
    """An OCR line as it was printed: in Chinese, no spaces the engine put between
    characters and figures ("10月1 9日"), and "6，476" / "0。304" read as the figures
    "6,476" / "0.304"."""
    text = single_spaces(text)
    if len(OCR_CJK_RE.findall(text)) < 0.3 * max(1, len(text.replace(" ", ""))):
        return text
    text = _CJK_SPACE.sub("", text)
    return _DECIMAL.sub(".", _DIGIT_GROUP.sub(",", text))


def lines_to_blocks(
    lines: list[OcrLine], *, sx: float, sy: float, width: float, height: float, page_no: int
) -> tuple[list[Block], float]:
    """Blocks in reading order with boxes in page points; also the skew found (degrees)."""
    lines = [ln for ln in lines if ln.text.strip()]
    if not lines:
        return [], 0.0
    quads = [quad_to_points(ln.quad, sx, sy) for ln in lines]
    skew = estimate_skew(quads)
    deskew = Deskew(skew, width / 2, height / 2)
    boxes = [_trim(deskew.straight(q)) for q in quads]
    sizes = snap_sizes([b[3] - b[1] for b in boxes])
    raw = [
        RawLine(
            text=tidy_text(ln.text),
            box=box,
            size=round(size / _BOX_TO_FONT * 2) / 2,
            conf=round(ln.conf, 4),
            words=[(w, _word_box(q, sx, sy, width, height)) for w, q in ln.words if w.strip()],
        )
        for ln, box, size in zip(lines, boxes, sizes, strict=True)
    ]
    restore_bullets(raw)  # "0 Keep …" in a list is "• Keep …"
    blocks: list[Block] = []
    for rb in page_blocks(raw):
        for rl in rb.lines:
            rl.box = clamp(deskew.back(_trim(rl.box, undo=True)), width, height)
        blocks.append(to_block(rb, page_no))
    return blocks, skew


def _word_box(quad: Quad, sx: float, sy: float, width: float, height: float) -> Box:
    pts = quad_to_points(quad, sx, sy)
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    return clamp((min(xs), min(ys), max(xs), max(ys)), width, height)


def _unturn_blocks(blocks: list[Block], turns: int, width: float, height: float) -> None:
    """Boxes laid out on the turned page, back on the page as it is displayed."""
    for b in blocks:
        for ln in b.lines:
            if ln.box is not None:
                ln.box = clamp(unturn_box(ln.box, turns, height, width), width, height)
            for w in ln.words:
                w.box = clamp(unturn_box(w.box, turns, height, width), width, height)
        boxes = [ln.box for ln in b.lines if ln.box is not None]
        b.box = union(boxes) if boxes else None


def _release_memory() -> None:
    """Hand freed memory back to the OS: the models' scratch buffers differ in size from
    page to page, and glibc otherwise keeps every peak (RSS 1.4 GB after 15 pages
    instead of ~0.35 GB)."""
    global _libc
    if _libc is None:
        try:
            _libc = ctypes.CDLL("libc.so.6")
        except OSError:
            _libc = False
    if isinstance(_libc, ctypes.CDLL):
        _libc.malloc_trim(0)


_libc: ctypes.CDLL | bool | None = None


def ocr_page(path: str, index: int, job: OcrJob) -> PageOcr:
    """Worker entry point: OCR the 0-based page ``index`` of the PDF at ``path``."""
    started, cpu = time.perf_counter(), time.process_time()
    page = _document(path)[index]
    image, sx, sy, warnings = render(page, dpi=job.dpi, max_side=job.max_side)
    engine = load_engine(job.engine, threads=job.threads)
    found, turns = recognize_upright(engine, image)
    w, h = page.rect.width, page.rect.height
    if turns % 2:  # lay out in the turned frame, where the lines run left to right
        sx, sy, w, h = sy, sx, h, w
    blocks, skew = lines_to_blocks(found, sx=sx, sy=sy, width=w, height=h, page_no=index + 1)
    if turns:
        _unturn_blocks(blocks, turns, page.rect.width, page.rect.height)
    confs = [ln.conf for b in blocks for ln in b.lines if ln.conf is not None]
    del image, found
    _release_memory()
    return PageOcr(
        page=index + 1,
        blocks=blocks,
        confidence=round(statistics.fmean(confs), 4) if confs else None,
        skew=round(skew, 2),
        render_warnings=warnings.strip(),
        seconds=round(time.perf_counter() - started, 3),
        cpu_seconds=round(time.process_time() - cpu, 3),
        peak_rss_mb=round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    )
