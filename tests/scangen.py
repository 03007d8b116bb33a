"""Image-only PDFs with known text positions, for OCR tests.

Each page is typeset as a digital page first, rendered to a greyscale image
(optionally turned by a skew angle, as a crooked scan), and the image alone goes
into the test PDF. The digital twin tells where every word is, in page.rect
coordinates, after the same crop box and rotation are applied to both.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

import pymupdf
from PIL import Image

from pipeline.models import Box

A5 = (420.0, 595.0)


@dataclass
class ScanPage:
    lines: list[str] = field(default_factory=list)
    columns: int = 1
    skew: float = 0.0  # degrees, counter-clockwise as PIL turns images
    rotation: int = 0  # /Rotate of the page
    crop: tuple[float, float, float, float] | None = None  # cropbox in unrotated points
    turned: int = 0  # quarter turns (counter-clockwise) of the content, no /Rotate
    broken: bool = False  # the image data is damaged
    text_layer: str | None = None  # a visible text layer drawn over the image
    leading: float = 30.0  # points from one line's baseline to the next
    size: float = 15.0  # font size
    # Lines set larger than ``size``, by index: what OCR measures for a line of capitals and
    # descenders in small type (its box grows with its letters)
    larger: dict[int, float] = field(default_factory=dict)


def _setup(page: pymupdf.Page, spec: ScanPage) -> None:
    if spec.crop is not None:
        page.set_cropbox(pymupdf.Rect(spec.crop))
    if spec.rotation:
        page.set_rotation(spec.rotation)


def _typeset(page: pymupdf.Page, spec: ScanPage) -> None:
    """Lines upright as displayed (insertion points are in unrotated coordinates)."""
    width = page.rect.width - 80
    col_w = width / spec.columns - (12 if spec.columns > 1 else 0)
    per_col = -(-len(spec.lines) // spec.columns)
    for i, line in enumerate(spec.lines):
        col, row = divmod(i, per_col)
        at = pymupdf.Point(40 + col * (col_w + 24), 80 + row * spec.leading)
        at = at * page.derotation_matrix
        size = spec.larger.get(i, spec.size)
        page.insert_text(at, line, fontsize=size, fontname="helv", rotate=page.rotation)


def _image(page: pymupdf.Page, spec: ScanPage, dpi: int) -> bytes:
    """The page as a scanner would store it: unrotated, so /Rotate shows it upright."""
    pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
    if spec.skew:
        img = img.rotate(spec.skew, resample=Image.Resampling.BILINEAR, fillcolor=255)
    img = img.rotate(page.rotation + 90 * spec.turned, expand=True)
    buf = io.BytesIO()
    img.save(buf, format="JPEG", quality=85)
    return buf.getvalue()


def scanned_pdf(path: Path, pages: list[ScanPage], *, dpi: int = 150) -> list[dict[str, Box]]:
    """Write the scan to ``path``; returns, per page, each word's box in page.rect space."""
    twins = pymupdf.open()
    scan = pymupdf.open()
    for spec in pages:
        twin = twins.new_page(width=A5[0], height=A5[1])
        _setup(twin, spec)
        _typeset(twin, spec)
        data = _image(twin, spec, dpi)
        size = (A5[1], A5[0]) if spec.turned % 2 else A5
        target = scan.new_page(width=size[0], height=size[1])
        if spec.crop is not None:
            target.set_cropbox(pymupdf.Rect(spec.crop))
        target.insert_image(target.rect, stream=data)
        if spec.broken:  # keep the JPEG header, replace the picture data
            xref = target.get_images()[0][0]
            scan.update_stream(xref, data[:20] + b"\x00" * 64 + b"not a picture" * 40)
        if spec.text_layer:  # invisible, like an OCR layer, but unreadable
            target.insert_text(
                (40, 300), spec.text_layer, fontsize=12, fontname="china-s", render_mode=3
            )
        target.set_rotation(spec.rotation)
    scan.save(path)
    words: list[dict[str, Box]] = []
    for i in range(twins.page_count):
        twin = twins[i]
        # Text extraction reports unrotated coordinates; page.rect space is rotated.
        found = {}
        for w in twin.get_text("words"):
            r = pymupdf.Rect(w[:4]) * twin.rotation_matrix
            found[w[4]] = _turn((r.x0, r.y0, r.x1, r.y1), pages[i].turned, twin.rect)
        words.append(found)
    return words


def _turn(box: Box, k: int, rect: pymupdf.Rect) -> Box:
    """Where a box of the upright page shows once the page is turned k times (CCW)."""
    x0, y0, x1, y1 = box
    w, h = rect.width, rect.height
    if k % 4 == 1:
        return (y0, w - x1, y1, w - x0)
    if k % 4 == 2:
        return (w - x1, h - y1, w - x0, h - y0)
    if k % 4 == 3:
        return (h - y1, x0, h - y0, x1)
    return box


def overlap(a: Box, b: Box) -> float:
    """Intersection area over the smaller box's area."""
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    small = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return ix * iy / small if small > 0 else 0.0
