"""The Inspect tab's overlays on a page: blocks by kind, table cells, OCR lines by
confidence, chunk extents; and the block under a click. Shapes are drawn by
:func:`ui.render.draw_shapes`. Split from ``ui/render.py`` (the page and its citation
highlights)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from pipeline.models import Block, BlockKind, Chunk
from ui.render import RGBA, Shape

Layer = Literal["blocks", "tables", "ocr", "chunks"]
LAYERS: tuple[Layer, ...] = ("blocks", "tables", "ocr", "chunks")

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
