"""A ruled table's cell reads in printed order, its wrapped lines joined as a reader would:
a Chinese label wrapped over two lines is one word again (no space inside it), English
words wrapped keep their space, and two words on one line whose baselines differ by a point
stay left to right. An invented page drawn with PyMuPDF."""

from __future__ import annotations

import pymupdf

from pipeline.parse.tables import extract_tables

XS = (40, 200, 300, 420)
YS = (40, 70, 110, 140)


def _page() -> pymupdf.Page:
    doc = pymupdf.open()
    page = doc.new_page(width=460, height=200)
    page.insert_font(fontname="cjk", fontbuffer=pymupdf.Font("cjk").buffer)
    for x in XS:
        page.draw_line((x, YS[0]), (x, YS[-1]))
    for y in YS:
        page.draw_line((XS[0], y), (XS[-1], y))

    def put(x: float, y: float, text: str) -> None:
        page.insert_text((x, y), text, fontname="cjk", fontsize=9)

    put(45, 58, "项目")
    put(205, 58, "本报告期")
    put(305, 58, "本报告期比上年同期")
    put(305, 68, "增减")  # a header wrapped in its cell
    put(45, 85, "扣除非经常性损")  # a label wrapped in its cell
    put(45, 100, "益的净利润（元）")
    put(205, 90, "-12,345.67")
    put(305, 91, "上升5.72")  # a point lower than the word beside it
    put(345, 90, "个百分点")
    put(45, 122, "Net cash used in")
    put(45, 134, "financing activities")
    put(205, 125, "1,234.00")
    put(305, 125, "-3.20%")
    return page


def test_wrapped_cells_read_as_printed() -> None:
    tables = extract_tables(_page())
    assert tables, "no table found on the ruled page"
    cells = [c for row in tables[0].table.rows for c in row]
    assert "扣除非经常性损益的净利润（元）" in cells, cells
    assert "本报告期比上年同期增减" in cells, cells
    assert "上升5.72 个百分点" in cells, cells
    assert "Net cash used in financing activities" in cells, cells
