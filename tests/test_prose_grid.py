"""A paragraph painted over white boxes, one a line, is no table: find_tables reads the
boxes' edges as rules and cuts the paragraph into cells ("Litigation. | The Company is …"
over "believe that …"), so a note's litigation paragraph was stored as a table that no
sentence answer reads. The ruled table above it on the same page stays a table. An
invented page drawn with PyMuPDF."""

from __future__ import annotations

import pymupdf

from pipeline.parse.pdf_page import extract_page
from pipeline.parse.tables import extract_tables, prose_grid

_LINES: tuple[tuple[float, str, float, str], ...] = (
    (40, "Litigation.", 90, "The Company is a party to various legal proceedings, most of which"),
    (20, "", 20, "relate to routine matters incidental to its business. Management does not"),
    (20, "", 20, "believe that the outcome of such proceedings will have a material effect."),
)


def _page() -> pymupdf.Page:
    doc = pymupdf.open()
    page = doc.new_page(width=460, height=300)
    for x in (20, 200, 300, 420):  # a ruled table of figures, so the page has a grid
        page.draw_line((x, 30), (x, 110))
    for rule in (30, 60, 85, 110):
        page.draw_line((20, rule), (420, rule))
    page.insert_text((25, 50), "Year", fontsize=9)
    page.insert_text((205, 50), "2023", fontsize=9)
    page.insert_text((305, 50), "2022", fontsize=9)
    page.insert_text((25, 75), "Revenue", fontsize=9)
    page.insert_text((205, 75), "1,234", fontsize=9)
    page.insert_text((305, 75), "1,100", fontsize=9)
    page.insert_text((25, 100), "Operating income", fontsize=9)
    page.insert_text((205, 100), "321", fontsize=9)
    page.insert_text((305, 100), "300", fontsize=9)
    y = 150.0
    for x_head, head, x_text, text in _LINES:
        # a white box behind each line's words, as a typesetter paints a note's lines
        width = pymupdf.get_text_length(text, fontsize=8)
        box = pymupdf.Rect(x_text, y - 8, x_text + width, y + 2)
        page.draw_rect(box, color=None, fill=(1, 1, 1))
        if head:
            page.insert_text((x_head, y), head, fontsize=8)
        page.insert_text((x_text if head else x_head, y), text, fontsize=8)
        y += 11
    page.draw_line((20, 260), (420, 260))  # a rule under the note: the grid spans both
    return page


def test_paragraph_over_white_boxes_is_no_table() -> None:
    page = _page()
    tables = extract_tables(page)
    cells = " ".join(c for t in tables for r in t.table.rows for c in r)
    assert "Revenue" in cells, "the ruled table of figures was lost"
    assert "Litigation" not in cells and "believe" not in cells, cells
    texts = [b.text for b in extract_page(page).blocks if b.kind != "table"]
    assert any("Management does not believe" in " ".join(t.split()) for t in texts), texts


def test_prose_grid_reads_cells_not_labels() -> None:
    wrapped = [
        ["Litigation.", "The Company is a party to various legal proceedings, most of"],
        ["which relate to routine matters incidental to its business.", ""],
    ]
    assert prose_grid(wrapped)
    labelled = [["Item", "2023"], ["Net cash provided by operating activities", "1,234"]]
    assert not prose_grid(labelled)  # a long row label beside a figure is a table's
    remarks = [
        ["Related parties", "None of the shareholders is related to another one."],
        ["Concert parties", "The company knows of no shareholders acting in concert."],
    ]
    assert not prose_grid(remarks)  # a label over a remark each row: a list, not a paragraph
