"""Page rendering: highlights land on the cited text, overlays show what was extracted."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from PIL import Image

from pipeline.models import Block, Chunk, Line, LineRef, Table
from ui.render import (
    ACTIVE_EDGE,
    MAX_PIXELS,
    Highlight,
    Shape,
    draw_shapes,
    highlight_shapes,
    page_count,
    page_with_highlights,
    render_page,
    zoom_for,
)
from ui.render_layers import KIND_COLOURS, OCR_LOW_EDGE, block_at, overlay_shapes

TEXT_BOX = (72.0, 100.0, 300.0, 116.0)


@pytest.fixture
def pdf(tmp_path: Path) -> Path:
    """Two blank A4 pages with one line of text on page 2 at a known place."""
    path = tmp_path / "two.pdf"
    doc = pymupdf.open()
    doc.new_page(width=595, height=842)
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 112), "Annual leave carries over up to five days.", fontsize=12)
    doc.save(path)
    return path


def pixel(img: Image.Image, box: tuple[float, float, float, float], zoom: float) -> tuple[int, ...]:
    """The colour at the middle of a PDF-space box, on an image rendered at ``zoom``."""
    x = (box[0] + box[2]) / 2 * zoom
    y = (box[1] + box[3]) / 2 * zoom
    return img.getpixel((int(x), int(y)))  # type: ignore[return-value]


def is_yellowish(rgb: tuple[int, ...]) -> bool:
    r, g, b = rgb[:3]
    return r > 200 and g > 150 and b < 200 and r - b > 60


def test_page_renders_at_requested_width(pdf: Path) -> None:
    img, zoom = render_page(pdf, 2, width_px=1200)
    assert img.width == 1200
    assert zoom == pytest.approx(1200 / 595)
    assert abs(img.height - 842 * zoom) <= 1
    assert page_count(pdf) == 2


def test_page_out_of_range_is_refused(pdf: Path) -> None:
    with pytest.raises(ValueError, match="outside"):
        render_page(pdf, 3)


def test_huge_pages_are_capped() -> None:
    zoom = zoom_for(5000, 5000, 1400)
    assert (5000 * zoom) ** 2 <= MAX_PIXELS * 1.01


def test_highlight_is_translucent_and_only_on_the_box(pdf: Path) -> None:
    plain, zoom = render_page(pdf, 2, width_px=1000)
    marked = page_with_highlights(pdf, 2, [Highlight(TEXT_BOX, marker=1)], width_px=1000)
    assert marked.size == plain.size
    # Blank paper inside the box turns yellow; far away it stays white.
    blank_in_box = (280.0, 101.0, 298.0, 103.0)
    assert is_yellowish(pixel(marked, blank_in_box, zoom))
    assert pixel(marked, (400, 600, 401, 601), zoom) == (255, 255, 255)
    # Translucent: the dark glyphs under the highlight are still dark.
    dark = [
        marked.getpixel((x, y))
        for x in range(int(72 * zoom), int(300 * zoom))
        for y in range(int(102 * zoom), int(114 * zoom), 3)
    ]
    assert min(sum(p) for p in dark) < 250  # type: ignore[arg-type]


def test_active_citation_is_stronger_and_numbered_once() -> None:
    shapes = highlight_shapes(
        [
            Highlight((0, 0, 10, 10), marker=2, active=True),
            Highlight((0, 20, 10, 30), marker=2, active=True),
            Highlight((0, 40, 10, 50), marker=1),
        ]
    )
    assert [s.label for s in shapes].count("2") == 1
    assert shapes[-1].outline == ACTIVE_EDGE  # drawn last, so it sits on top
    assert shapes[0].outline != ACTIVE_EDGE


def test_draw_shapes_scales_boxes_by_zoom() -> None:
    img = Image.new("RGB", (200, 200), "white")
    out = draw_shapes(img, [Shape((10, 10, 20, 20), fill=(255, 0, 0, 255))], zoom=2.0)
    assert out.getpixel((30, 30)) == (255, 0, 0)
    assert out.getpixel((15, 15)) == (255, 255, 255)  # unscaled position stays clean
    assert img.getpixel((30, 30)) == (255, 255, 255)  # the input image is not modified


def _blocks() -> list[Block]:
    table = Table(rows=[["a", "b"], ["1", "2"]], cell_boxes=[[(10, 60, 50, 70), (50, 60, 90, 70)]])
    return [
        Block(n=0, page=1, kind="heading", text="Title", box=(10, 10, 190, 30)),
        Block(
            n=1,
            page=1,
            kind="paragraph",
            text="ok bad",
            box=(10, 35, 190, 55),
            lines=[
                Line(text="ok", box=(10, 35, 100, 44), conf=0.97),
                Line(text="bad", box=(10, 46, 100, 55), conf=0.41),
            ],
        ),
        Block(n=2, page=1, kind="table", text="a b", box=(10, 60, 90, 70), table=table),
        Block(n=3, page=2, kind="paragraph", text="other page", box=(10, 10, 50, 20)),
    ]


def test_overlays_colour_blocks_by_kind_and_mark_low_confidence_lines() -> None:
    shapes = overlay_shapes(_blocks(), [], 1, ["blocks", "tables", "ocr"])
    outlines = {s.outline[:3] for s in shapes if s.outline}
    assert KIND_COLOURS["heading"] in outlines and KIND_COLOURS["table"] in outlines
    assert all(s.box != (10, 10, 50, 20) for s in shapes)  # page 2 block not drawn
    low = [s for s in shapes if s.outline == OCR_LOW_EDGE]
    assert len(low) == 1 and low[0].label == "0.41"
    cells = [s for s in shapes if s.width == 1 and s.outline and s.outline[:3] == (234, 88, 12)]
    assert len(cells) == 2


def test_layers_can_be_switched_off() -> None:
    assert overlay_shapes(_blocks(), [], 1, []) == []
    only_selected = overlay_shapes(_blocks(), [], 1, [], selected=1)
    assert len(only_selected) == 1 and only_selected[0].label == "1"


def test_chunk_boundaries_cover_their_lines_on_the_page() -> None:
    chunk = Chunk(
        chunk_id="d#4",
        doc_id="d",
        n=4,
        text="x" * 20,
        page_start=1,
        page_end=2,
        lines=[
            LineRef(page=1, box=(20, 100, 200, 110), start=0, end=10),
            LineRef(page=1, box=(20, 112, 180, 122), start=10, end=15),
            LineRef(page=2, box=(20, 10, 180, 20), start=15, end=20),
        ],
    )
    (shape,) = overlay_shapes([], [chunk], 1, ["chunks"])
    assert shape.label == "#4"
    x0, y0, x1, y1 = shape.box
    assert x0 < 20 and y0 < 100 and x1 > 200 and y1 > 122 and y1 < 140


def test_block_at_picks_the_smallest_block_under_the_point() -> None:
    blocks = [*_blocks(), Block(n=9, page=1, kind="paragraph", text="big", box=(0, 0, 300, 300))]
    hit = block_at(blocks, 50, 50)
    assert hit is not None and hit.n == 1
    assert block_at(blocks, 500, 500) is None
