"""OCR building blocks without a model: text-layer checks, geometry, line grouping."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pymupdf
import pytest

from pipeline.ocr.engine import OcrLine, Quad
from pipeline.ocr.geometry import Deskew, estimate_skew, render_zoom, snap_sizes
from pipeline.ocr.orient import turns_to_try, unturn
from pipeline.ocr.page import lines_to_blocks
from pipeline.ocr.tesseract import _lines_from_tsv
from pipeline.parse.pdf import parse_pdf
from pipeline.parse.quality import INVISIBLE, LITTLE_TEXT, NO_TEXT, garbage_share
from testkit import pdfgen
from tests.scangen import ScanPage, scanned_pdf

ENGLISH = (
    "The committee reviewed the quarterly figures and agreed that the budget for the "
    "coming year should remain unchanged, while travel costs are to be reduced."
)


@pytest.mark.parametrize(
    "text",
    [
        ENGLISH,
        "董事会审议了季度数据，并同意明年的预算保持不变，同时减少差旅费用。",
        "Le comité a examiné les chiffres trimestriels et a décidé que le budget resterait "
        "inchangé; les frais de déplacement seront réduits à la fin de l'été prochain.",
        "Revenue 12,345 13,020 (4.1%) EBITDA 2,310 2,455 FY2023 FY2024 Q1 Q2 Q3 Q4",
    ],
)
def test_readable_text_is_not_garbage(text: str) -> None:
    assert garbage_share(text) < 0.3


@pytest.mark.parametrize(
    "text",
    [
        "䴀甀氀琀椀挀漀氀漀爀\u2000䈀氀愀挀欀 倀甀爀攀\u2000䈀氀愀挀欀",  # UTF-16 read byte-swapped
        "\ue001\ue002\ue003\ue004 \ue005\ue006\ue007 \ufffd\ufffd\ufffd\ufffd",  # private glyphs
        "Ã©tÃ© Ã  la cafÃ© â€œdÃ©jÃ  vuâ€\x9d Ã§a Ã©tait trÃ¨s",  # UTF-8 read as Latin-1
        # a font whose codes are shifted: "The committee reviewed ..." as drawn letters
        "".join(chr(ord(c) + 3) if c.isalpha() else c for c in ENGLISH.lower()),
    ],
)
def test_broken_text_layers_are_garbage(text: str) -> None:
    assert garbage_share(text) > 0.3


def test_page_decisions(tmp_path: Path) -> None:
    digital = parse_pdf(pdfgen.headed_pdf(tmp_path / "d.pdf", pages=1), workers=1, timeout_s=60)
    assert all(p.needs_ocr is None and p.source == "text" for p in digital.pages)
    scan = tmp_path / "s.pdf"
    scanned_pdf(scan, [ScanPage(lines=["Plain scanned page"])] * 3)
    doc = pymupdf.open(scan)
    doc[1].insert_text((20, 20), "Bates 000123", fontsize=8)  # a stamp on a scan
    hidden = pymupdf.Rect(40, 60, 380, 500)  # an OCR layer drawn invisibly under the scan
    doc[2].insert_textbox(hidden, ENGLISH * 3, fontsize=12, render_mode=3)
    doc.save(tmp_path / "s2.pdf")
    parsed = parse_pdf(tmp_path / "s2.pdf", workers=1, timeout_s=60)
    assert [p.needs_ocr for p in parsed.pages] == [NO_TEXT, LITTLE_TEXT, INVISIBLE]


def _quad(x0: float, y0: float, w: float, h: float, deg: float = 0.0) -> Quad:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    pts = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
    p0, p1, p2, p3 = ((x0 + x * c - y * s, y0 + x * s + y * c) for x, y in pts)
    return (p0, p1, p2, p3)


def test_skew_is_measured_from_long_lines_and_undone() -> None:
    quads = [_quad(50, 100 + 30 * i, 400, 14, deg=2.0) for i in range(10)]
    assert estimate_skew(quads) == pytest.approx(2.0, abs=0.05)
    assert estimate_skew([_quad(50, 100 + 30 * i, 400, 14) for i in range(10)]) == 0.0
    d = Deskew(2.0, 300, 400)
    straight = d.straight(quads[0])
    assert straight[3] - straight[1] == pytest.approx(14, abs=0.5)  # flat again
    back = d.back(straight)
    xs = [p[0] for p in quads[0]]
    assert back[0] == pytest.approx(min(xs), abs=0.5) and back[2] == pytest.approx(max(xs), abs=0.5)


def test_render_zoom_caps_huge_pages_and_sizes_snap() -> None:
    assert render_zoom(612, 792, dpi=200, max_side=4000) == pytest.approx(200 / 72)
    assert render_zoom(2160, 2160, dpi=200, max_side=4000) * 2160 == pytest.approx(4000)
    assert snap_sizes([12.0, 12.6, 11.8, 30.0]) == [12.0, 12.0, 12.0, 30.0]


def test_lines_group_into_columns_in_reading_order_with_confidence() -> None:
    # Two columns of prose, detected row by row (as engines report them), at 2 px/pt.
    lines = []
    for row in range(6):
        y = 2 * (100 + 14 * row)
        lines.append(OcrLine(f"left words of line {row}", _quad(2 * 60, y, 2 * 220, 22), 0.9))
        lines.append(OcrLine(f"right words of line {row}", _quad(2 * 310, y, 2 * 220, 22), 0.8))
    blocks, skew = lines_to_blocks(lines, sx=2, sy=2, width=595, height=842, page_no=3)
    assert skew == 0.0
    text = "\n".join(b.text for b in blocks)
    assert text.index("left words of line 5") < text.index("right words of line 0")
    first = blocks[0]
    assert first.page == 3 and first.lines[0].conf == 0.9
    x0, y0, x1, y1 = first.lines[0].box  # type: ignore[misc]
    assert x0 == pytest.approx(60, abs=1) and x1 == pytest.approx(280, abs=1)
    assert y0 == pytest.approx(100, abs=1) and y1 == pytest.approx(111, abs=1)


def test_turned_pages_are_suspected_and_boxes_turn_back() -> None:
    flat = [
        OcrLine("a clear line of text", _quad(50, 100 + 30 * i, 400, 14), 0.97) for i in range(4)
    ]
    assert turns_to_try(flat) == []
    tall = [OcrLine("sideways", _quad(100 + 30 * i, 50, 14, 400), 0.9) for i in range(4)]
    assert turns_to_try(tall) == [1, 3]
    blurred = [OcrLine("Ryepare srs sre", _quad(50, 100 + 30 * i, 400, 14), 0.5) for i in range(4)]
    assert turns_to_try(blurred) == [2]
    # A point of a 100 x 60 (W x H) image, seen in np.rot90(image, k), maps back exactly.
    image = np.zeros((60, 100), dtype=np.uint8)
    image[10, 70] = 1  # row 10, column 70: (x, y) = (70, 10)
    for k in (1, 2, 3):
        ys, xs = np.nonzero(np.rot90(image, k))
        quad = ((float(xs[0]), float(ys[0])),) * 4
        assert unturn(quad, k, 60, 100)[0] == pytest.approx((70, 10), abs=1)


def test_tesseract_words_become_lines() -> None:
    head = "\t".join(
        [
            "level",
            "page_num",
            "block_num",
            "par_num",
            "line_num",
            "word_num",
            "left",
            "top",
            "width",
            "height",
            "conf",
            "text",
        ]
    )
    rows = [
        "5\t1\t1\t1\t1\t1\t10\t20\t50\t12\t96\tInvoice",
        "5\t1\t1\t1\t1\t2\t64\t21\t30\t12\t90\t4711",
        "5\t1\t1\t1\t2\t1\t10\t40\t12\t12\t80\t发",
        "5\t1\t1\t1\t2\t2\t22\t40\t12\t12\t90\t票",
        "5\t1\t1\t1\t2\t3\t40\t40\t20\t12\t90\tNo.7",
        "4\t1\t1\t1\t3\t0\t0\t0\t0\t0\t-1\t",
    ]
    lines = _lines_from_tsv("\n".join([head, *rows]))
    assert [ln.text for ln in lines] == ["Invoice 4711", "发票 No.7"]
    assert lines[0].quad[0] == (10, 20) and lines[0].quad[2] == (94, 33)
    assert lines[0].conf == pytest.approx(0.93)


def test_ocr_lines_read_as_printed() -> None:
    from pipeline.ocr.page import tidy_text

    assert tidy_text("地球体育场可以容纳6，476名观众") == "地球体育场可以容纳6,476名观众"
    assert tidy_text("于2010年10月1 9-30日 举行") == "于2010年10月19-30日举行"
    assert tidy_text("面积约为0。304平方公里") == "面积约为0.304平方公里"
    assert tidy_text("Revenue  grew 1 2 percent") == "Revenue grew 1 2 percent"  # not Chinese
