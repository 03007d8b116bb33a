"""A list running onto the next page in the same ruled grid, without a header there, is
read under the header in force where it left off (a second list's own header, printed
part-way down the grid before), its columns matched by where they are printed; a grid of
other columns on the next page is another table and takes nothing. Invented two-page
PDFs drawn with PyMuPDF's CJK font."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from pipeline.chunk import chunk_document
from pipeline.parse.pdf import parse_pdf

Rows = list[tuple[str, ...]]
XS = [50.0, 220.0, 330.0, 440.0, 560.0]

FIRST_PAGE: Rows = [
    ("持有人", "类别", "持有比例", "持有数量"),
    *[(f"丙丁实业第{n}号公司", "境内法人", f"{n}.5%", f"{n}0,000") for n in range(1, 5)],
    ("各持有人的股份种类", "", "", ""),
    ("持有人", "种类名称", "种类数量", "备注"),
    *[(f"丙丁实业第{n}号公司", "普通股", f"{n}0,000", "无") for n in range(1, 5)],
]
NEXT_PAGE: Rows = [(f"丙丁实业第{n}号公司", "普通股", f"{n}0,000", "无") for n in range(5, 9)]


def _grid(page: pymupdf.Page, rows: Rows, xs: list[float], top: float = 60.0) -> None:
    h = 20.0
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            page.insert_text((xs[j] + 3, top + i * h + 14), cell, fontname="cjk", fontsize=7)
    for i in range(len(rows) + 1):
        page.draw_line((xs[0], top + i * h), (xs[-1], top + i * h), width=0.5)
    for x in xs:
        page.draw_line((x, top), (x, top + len(rows) * h), width=0.5)


def _pdf(path: Path, next_xs: list[float]) -> Path:
    doc = pymupdf.open()
    for rows, xs in ((FIRST_PAGE, XS), (NEXT_PAGE, next_xs)):
        page = doc.new_page(width=595, height=842)
        page.insert_font(fontname="cjk", fontbuffer=pymupdf.Font("cjk").buffer)
        _grid(page, rows, xs)
    doc.save(path)
    doc.close()
    return path


def _next_page_head(path: Path) -> str:
    parsed = parse_pdf(path, workers=1, timeout_s=60)
    [chunk] = [c for c in chunk_document("d", parsed) if c.kind == "table" and c.page_start == 2]
    return chunk.text.splitlines()[0]


def test_a_list_going_on_reads_under_its_own_header(tmp_path: Path) -> None:
    head = _next_page_head(_pdf(tmp_path / "list.pdf", XS))
    assert "种类名称" in head and "种类数量" in head, head
    assert "持有比例" not in head, head


def test_a_grid_of_other_columns_takes_no_header(tmp_path: Path) -> None:
    head = _next_page_head(_pdf(tmp_path / "other.pdf", [50.0, 180.0, 300.0, 470.0, 560.0]))
    assert "种类名称" not in head and "持有比例" not in head, head
