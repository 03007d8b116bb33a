"""Page images: a PDF page rendered by PyMuPDF with translucent boxes drawn on top.

Pure functions of (file, page, boxes) → image, so they are tested without a
browser. The Inspect tab's overlays (blocks, tables, OCR lines, chunks) are drawn with
these shapes by :mod:`ui.render_layers`. Boxes are in PDF points in ``page.rect`` space
(see pipeline.models); a page rendered at zoom z shows a box at box × z, which is all the
mapping needed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pymupdf
from PIL import Image, ImageDraw, ImageFont

from pipeline.models import Box

RGBA = tuple[int, int, int, int]

# Sharp on a ~700 px pane at device-pixel-ratio 2 without shipping huge PNGs.
PANE_WIDTH_PX = 1400
MAX_PIXELS = 1400 * 2400

HIGHLIGHT_FILL: RGBA = (255, 214, 0, 90)
HIGHLIGHT_EDGE: RGBA = (234, 138, 0, 230)
ACTIVE_FILL: RGBA = (255, 170, 0, 120)
ACTIVE_EDGE: RGBA = (214, 64, 0, 255)


@dataclass(frozen=True)
class Shape:
    """One box to draw, in PDF points."""

    box: Box
    outline: RGBA | None = None
    fill: RGBA | None = None
    width: int = 2
    label: str | None = None
    label_right: bool = False


@dataclass(frozen=True)
class Highlight:
    """A cited span on the page; ``marker`` is the citation number shown beside it."""

    box: Box
    marker: int | None = None
    active: bool = False


# --- the page itself ---------------------------------------------------------------------


def page_count(path: Path) -> int:
    with pymupdf.open(path) as doc:
        return int(doc.page_count)


def zoom_for(page_width: float, page_height: float, width_px: int) -> float:
    """Zoom that makes the page ``width_px`` wide, capped so huge pages stay light."""
    zoom = width_px / max(page_width, 1.0)
    area = page_width * page_height * zoom * zoom
    if area > MAX_PIXELS:
        zoom *= (MAX_PIXELS / area) ** 0.5
    return zoom


@lru_cache(maxsize=24)
def _render(path: str, mtime: float, page: int, width_px: int) -> tuple[Image.Image, float]:
    with pymupdf.open(path) as doc:
        if not 1 <= page <= doc.page_count:
            raise ValueError(f"page {page} is outside 1..{doc.page_count}")
        pg = doc[page - 1]
        zoom = zoom_for(pg.rect.width, pg.rect.height, width_px)
        pix = pg.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), alpha=False)
        img = Image.frombytes("RGB", (pix.width, pix.height), pix.samples)
    return img, zoom


def render_page(
    path: Path, page: int, *, width_px: int = PANE_WIDTH_PX
) -> tuple[Image.Image, float]:
    """The page (1-based) as an RGB image about ``width_px`` wide, and the zoom used."""
    img, zoom = _render(str(path), path.stat().st_mtime, page, width_px)
    return img.copy(), zoom


# --- drawing -------------------------------------------------------------------------------


def _scaled(box: Box, zoom: float) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    return (min(x0, x1) * zoom, min(y0, y1) * zoom, max(x0, x1) * zoom, max(y0, y1) * zoom)


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=size)
    except (OSError, TypeError):  # Pillow built without FreeType
        return ImageFont.load_default()


def draw_shapes(image: Image.Image, shapes: Iterable[Shape], zoom: float) -> Image.Image:
    """A copy of ``image`` with every shape blended on top (fills are translucent)."""
    base = image.convert("RGBA")
    layer = Image.new("RGBA", base.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    font = _font(max(12, round(9 * zoom)))
    for s in shapes:
        rect = _scaled(s.box, zoom)
        if rect[2] - rect[0] < 1 or rect[3] - rect[1] < 1:
            continue
        draw.rectangle(rect, fill=s.fill, outline=s.outline, width=s.width if s.outline else 0)
        if s.label:
            colour = s.outline or (0, 0, 0, 255)
            _draw_label(
                draw, rect, s.label, colour, font, right_side=s.label_right, image_width=base.width
            )
    return Image.alpha_composite(base, layer).convert("RGB")


def _draw_label(
    draw: ImageDraw.ImageDraw,
    rect: tuple[float, float, float, float],
    text: str,
    colour: RGBA,
    font: ImageFont.FreeTypeFont | ImageFont.ImageFont,
    *,
    right_side: bool = False,
    image_width: int = 0,
) -> None:
    """A small filled tag at a top corner, outside the box when there is room."""
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    w, h = right - left + 8, bottom - top + 4
    if right_side:
        x = rect[2] + 2 if rect[2] + 2 + w <= image_width else rect[2] - w
    else:
        x = rect[0] - w - 2 if rect[0] - w - 2 >= 0 else rect[0]
    y = rect[1]
    draw.rectangle((x, y, x + w, y + h), fill=(colour[0], colour[1], colour[2], 235))
    draw.text((x + 4 - left, y + 2 - top), text, fill=(255, 255, 255, 255), font=font)


# --- citations -------------------------------------------------------------------------------


def highlight_shapes(highlights: Sequence[Highlight], *, pad: float = 1.5) -> list[Shape]:
    """Translucent marker-pen boxes; the active citation is stronger and numbered.

    A marker is drawn once per citation (on its first box) so multi-line quotes
    carry a single tag.
    """
    shapes: list[Shape] = []
    labelled: set[int] = set()
    for h in sorted(highlights, key=lambda h: h.active):  # active ones on top
        x0, y0, x1, y1 = h.box
        box = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        label = None
        if h.marker is not None and h.marker not in labelled:
            label = str(h.marker)
            labelled.add(h.marker)
        shapes.append(
            Shape(
                box,
                outline=ACTIVE_EDGE if h.active else HIGHLIGHT_EDGE,
                fill=ACTIVE_FILL if h.active else HIGHLIGHT_FILL,
                width=3 if h.active else 2,
                label=label,
            )
        )
    return shapes


def page_with_highlights(
    path: Path, page: int, highlights: Sequence[Highlight], *, width_px: int = PANE_WIDTH_PX
) -> Image.Image:
    image, zoom = render_page(path, page, width_px=width_px)
    return draw_shapes(image, highlight_shapes(highlights), zoom)
