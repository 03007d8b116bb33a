"""Page images: a PDF page rendered by PyMuPDF with translucent boxes drawn on top.

Pure functions of (file, page, boxes) → image, so they are tested without a
browser. Boxes are in PDF points in ``page.rect`` space (see pipeline.models); a
page rendered at zoom z shows a box at box × z, which is all the mapping needed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

import pymupdf
from PIL import Image, ImageDraw, ImageFont

from pipeline.models import Block, BlockKind, Box, Chunk

RGBA = tuple[int, int, int, int]
Layer = Literal["blocks", "tables", "ocr", "chunks"]
LAYERS: tuple[Layer, ...] = ("blocks", "tables", "ocr", "chunks")

# Sharp on a ~700 px pane at device-pixel-ratio 2 without shipping huge PNGs.
PANE_WIDTH_PX = 1400
MAX_PIXELS = 1400 * 2400

HIGHLIGHT_FILL: RGBA = (255, 214, 0, 90)
HIGHLIGHT_EDGE: RGBA = (234, 138, 0, 230)
ACTIVE_FILL: RGBA = (255, 170, 0, 120)
ACTIVE_EDGE: RGBA = (214, 64, 0, 255)

KIND_COLOURS: dict[BlockKind, tuple[int, int, int]] = {
    "heading": (124, 58, 237),
    "paragraph": (37, 99, 235),
    "list_item": (13, 148, 136),
    "table": (234, 88, 12),
    "caption": (219, 39, 119),
    "header": (107, 114, 128),
    "footer": (107, 114, 128),
}
CHUNK_COLOURS: tuple[tuple[int, int, int], ...] = ((22, 163, 74), (217, 119, 6), (8, 145, 178))
OCR_OK: RGBA = (22, 163, 74, 150)
OCR_LOW_EDGE: RGBA = (220, 38, 38, 255)
OCR_LOW_FILL: RGBA = (220, 38, 38, 60)


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


# --- inspection overlays ---------------------------------------------------------------------


def block_shapes(blocks: Sequence[Block], selected: int | None = None) -> list[Shape]:
    out = []
    for b in blocks:
        if b.box is None:
            continue
        r, g, bl = KIND_COLOURS.get(b.kind, (0, 0, 0))
        sel = b.n == selected
        out.append(
            Shape(
                b.box,
                outline=(r, g, bl, 255 if sel else 200),
                fill=(r, g, bl, 70 if sel else 22),
                width=4 if sel else 2,
                label=f"{b.n}",
            )
        )
    return out


def table_shapes(blocks: Sequence[Block]) -> list[Shape]:
    out = []
    for b in blocks:
        if b.table is None or not b.table.cell_boxes:
            continue
        for row in b.table.cell_boxes:
            out += [Shape(c, outline=(234, 88, 12, 210), width=1) for c in row if c is not None]
    return out


def ocr_shapes(blocks: Sequence[Block], *, low: float = 0.8) -> list[Shape]:
    """OCR lines: thin green when confident, red and tinted below ``low``."""
    out = []
    for b in blocks:
        for line in b.lines:
            if line.conf is None or line.box is None:
                continue
            if line.conf < low:
                out.append(
                    Shape(
                        line.box,
                        outline=OCR_LOW_EDGE,
                        fill=OCR_LOW_FILL,
                        width=2,
                        label=f"{line.conf:.2f}",
                    )
                )
            else:
                out.append(Shape(line.box, outline=OCR_OK, width=1))
    return out


def chunk_shapes(chunks: Sequence[Chunk], page: int) -> list[Shape]:
    """Each chunk's extent on this page, in rotating colours, tagged with its number.

    Overlapping chunks share lines, so alternate chunks are inset differently to
    keep both outlines visible.
    """
    out = []
    for i, ch in enumerate(chunks):
        boxes = [ref.box for ref in ch.lines if ref.page == page and ref.box is not None]
        if not boxes:
            continue
        inset = 4.0 + 3.0 * (i % 3)
        box = (
            min(b[0] for b in boxes) - inset,
            min(b[1] for b in boxes) - inset / 2,
            max(b[2] for b in boxes) + inset,
            max(b[3] for b in boxes) + inset / 2,
        )
        r, g, bl = CHUNK_COLOURS[ch.n % len(CHUNK_COLOURS)]
        out.append(Shape(box, outline=(r, g, bl, 230), width=2, label=f"#{ch.n}", label_right=True))
    return out


def overlay_shapes(
    blocks: Sequence[Block],
    chunks: Sequence[Chunk],
    page: int,
    layers: Iterable[str],
    *,
    selected: int | None = None,
    low_conf: float = 0.8,
) -> list[Shape]:
    """Everything the Inspect tab can show for one page, in drawing order."""
    wanted = set(layers)
    on_page = [b for b in blocks if b.page == page]
    shapes: list[Shape] = []
    if "chunks" in wanted:
        shapes += chunk_shapes(chunks, page)
    if "blocks" in wanted:
        shapes += block_shapes(on_page, selected)
    elif selected is not None:
        shapes += block_shapes([b for b in on_page if b.n == selected], selected)
    if "tables" in wanted:
        shapes += table_shapes(on_page)
    if "ocr" in wanted:
        shapes += ocr_shapes(on_page, low=low_conf)
    return shapes


def block_at(blocks: Sequence[Block], x: float, y: float) -> Block | None:
    """The smallest block whose box contains the point (PDF points), if any."""
    hits = [
        b
        for b in blocks
        if b.box is not None and b.box[0] <= x <= b.box[2] and b.box[1] <= y <= b.box[3]
    ]
    if not hits:
        return None
    return min(hits, key=lambda b: (b.box[2] - b.box[0]) * (b.box[3] - b.box[1]))  # type: ignore[index]
