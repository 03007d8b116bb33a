"""A label wrapped over two lines beside a paragraph it names, centred on it (a form's
"说明" cell, a table's remark row printed without rules): the label reads whole, then the
paragraph, never a line of one between lines of the other. Invented pages drawn with
PyMuPDF's CJK font."""

from __future__ import annotations

import pymupdf

from pipeline.parse.pdf_page import extract_page

LABEL = ("上述股东关联关系或一致行动的", "说明")  # its second line short
PARAGRAPH = (
    "就本公司所知，前十名股东中的法人股东之间不存在任何关联关系，也不属于",
    "有关收购管理办法所规定的一致行动人。根据报告刊发前的最后实际可行日期",
    "可以得悉、而且董事亦知悉的公开资料作为基准，本公司确认公众持股量足够。",
)


def _page(label_dy: float) -> pymupdf.Page:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_font(fontname="cjk", fontbuffer=pymupdf.Font("cjk").buffer)
    page.insert_text((60, 60), "一、其他说明事项", fontname="cjk", fontsize=11)
    top = 100.0
    for i, line in enumerate(PARAGRAPH):
        page.insert_text((195, top + 16 * i), line, fontname="cjk", fontsize=9)
    for i, line in enumerate(LABEL):  # half a line lower: no baseline shared
        page.insert_text((60, top + label_dy + 16 * i), line, fontname="cjk", fontsize=9)
    return page


def _text(page: pymupdf.Page) -> str:
    return "\n".join(b.text for b in extract_page(page, tables=False).blocks)


def test_a_centred_label_reads_before_the_paragraph_it_names() -> None:
    text = _text(_page(label_dy=8))
    assert "上述股东关联关系或一致行动的说明" in text, text
    body = "".join(PARAGRAPH)
    assert body in text.replace("\n", ""), text
    assert text.index("一致行动的说明") < text.index(PARAGRAPH[0][:6]), text


def test_labels_level_with_their_figures_read_row_by_row() -> None:
    # two rows of a table without rules: each label with its figure, not two columns
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_font(fontname="cjk", fontbuffer=pymupdf.Font("cjk").buffer)
    for i, (label, value) in enumerate(
        (("本期收到的现金", "1,234.00"), ("上期收到的现金", "987.00"))
    ):
        page.insert_text((60, 100 + 16 * i), label, fontname="cjk", fontsize=9)
        page.insert_text((300, 100 + 16 * i), value, fontname="cjk", fontsize=9)
    text = _text(page)
    assert text.index("本期收到的现金") < text.index("1,234.00") < text.index("上期收到的现金"), (
        text
    )
