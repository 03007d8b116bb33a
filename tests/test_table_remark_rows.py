"""Remarks printed in a list's ruled grid under its rows (a label, and one wide cell of
prose beside it) are paragraphs, not rows of the list: the table ends above them and the
label reads before what it says. An invented page drawn with PyMuPDF's CJK font."""

from __future__ import annotations

import pymupdf

from pipeline.parse.pdf_page import extract_page

XS = [57.0, 193.0, 399.0, 467.0, 535.0]
ROWS = [(f"庚辛第{n}号公司", f"{n},192,100", "普通股", f"{n},192,100") for n in range(1, 8)]
REMARK = (
    "上述股东关联关系的说明",
    "就本公司所知，上述股东之间不存在任何关联关系，也不属于有关办法规定的一致行动人。",
)


def _page() -> pymupdf.Page:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_font(fontname="cjk", fontbuffer=pymupdf.Font("cjk").buffer)
    top, h = 72.0, 20.0
    for i, row in enumerate(ROWS):
        for j, cell in enumerate(row):
            page.insert_text((XS[j] + 2, top + i * h + 14), cell, fontname="cjk", fontsize=8)
    bottom = top + len(ROWS) * h
    page.insert_text((XS[0] + 2, bottom + 16), REMARK[0], fontname="cjk", fontsize=8)
    page.insert_text((XS[1] + 2, bottom + 16), REMARK[1], fontname="cjk", fontsize=8)
    for i in range(len(ROWS) + 2):  # the remark's row under the list's, in the same grid
        page.draw_line((XS[0], top + i * h), (XS[-1], top + i * h), width=0.5)
    for x in XS:
        page.draw_line((x, top), (x, bottom), width=0.5)
    for x in (XS[0], XS[1], XS[-1]):  # the prose cell spans the value columns
        page.draw_line((x, bottom), (x, bottom + h), width=0.5)
    return page


def test_a_remark_under_a_list_is_a_paragraph_not_a_row() -> None:
    blocks = extract_page(_page()).blocks
    tables = [b.table for b in blocks if b.kind == "table" and b.table is not None]
    assert tables, [b.text for b in blocks]
    rows = [r for t in tables for r in t.rows]
    assert all(REMARK[0] not in " ".join(r) for r in rows), rows
    assert any("庚辛第7号公司" in r[0] for r in rows), rows
    text = "\n".join(b.text for b in blocks if b.kind != "table")
    assert REMARK[0] in text and REMARK[1] in text, text
    assert text.index(REMARK[0]) < text.index(REMARK[1]), text
