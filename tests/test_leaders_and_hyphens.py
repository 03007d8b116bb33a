"""Leader dots and line-end hyphens, read as a reader reads them: a statement printed with
leader dots ("Goodwill ........ 512") is a table of labels and figures, several rows to a
chunk, with no dot left in a label; a compound broken at its hyphen keeps it ("Non-" over
"controlling"), a word broken at one is whole again ("Share-" over "holders"), a hyphen
before "and" is left as printed. Invented pages drawn with PyMuPDF."""

from __future__ import annotations

import pymupdf

from pipeline.chunking.tables import table_pieces
from pipeline.parse.leaders import unled
from pipeline.parse.pdf_page import extract_page
from pipeline.parse.tables import extract_tables
from pipeline.text.lang import join_lines
from pipeline.text.wrapping import join_wrapped, strip_leaders

ROWS = [
    ("Cash and cash equivalents", "1,204", "1,118"),
    ("Trade receivables, net", "672", "591"),
    ("Prepaid expenses", "161", "175"),
    ("Total current assets", "2,037", "1,884"),
    ("Property and equipment, net", "787", "785"),
    ("Goodwill", "5,366", "4,721"),
    ("Other assets", "159", "126"),
    ("Total assets", "8,349", "7,516"),
]


def _dotted_page() -> pymupdf.Page:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=400)
    page.insert_text((60, 50), "NORTHWIND TRADERS BALANCE SHEETS (In thousands)", fontsize=10)
    page.insert_text((420, 80), "2031", fontsize=9)
    page.insert_text((500, 80), "2030", fontsize=9)
    for i, (label, a, b) in enumerate(ROWS):
        y = 100 + 16 * i
        page.insert_text((60, y), label + "." * (70 - len(label)), fontsize=9)
        page.insert_text((420, y), a, fontsize=9)
        page.insert_text((500, y), b, fontsize=9)
    return page


def test_leader_dots_leave_labels_and_keep_rows_together() -> None:
    parsed = extract_page(_dotted_page())
    tables = [b for b in parsed.blocks if b.kind == "table" and b.table is not None]
    assert tables, [b.text for b in parsed.blocks]
    table = tables[0].table
    assert table is not None
    labels = [r[0] for r in table.rows]
    assert "Goodwill" in labels, labels
    assert not any(".." in c for r in table.rows for c in r), table.rows
    assert ["Total assets", "8,349", "7,516"] in table.rows
    pieces = table_pieces(tables[0], 220)
    assert len(pieces) <= 2, [p.text for p in pieces]  # with the dots: a row or two each


def test_words_lose_their_dots_and_the_dots_width() -> None:
    words = unled([(0.0, 0.0, 100.0, 10.0, "Goodwill" + "." * 12), (0, 0, 5, 5, ".......")])
    assert len(words) == 1 and words[0][4] == "Goodwill"
    assert words[0][2] == 40.0  # 8 of 20 characters: the box ends where the label does
    split = unled([(0.0, 0.0, 100.0, 10.0, "Net" + "." * 6 + "$")])
    assert [w[4] for w in split] == ["Net", "$"] and split[1][0] > split[0][2]
    assert strip_leaders("Other income . . . . . 12") == "Other income  12"
    assert strip_leaders("It fell... then rose") == "It fell... then rose"  # an ellipsis


def test_line_end_hyphens_join_as_printed() -> None:
    assert join_wrapped(["Non-", "controlling", "Interests"]) == "Non-controlling Interests"
    assert join_wrapped(["Share-", "holders'"]) == "Shareholders'"
    assert join_wrapped(["Total short-", "and long-term debt"]) == "Total short- and long-term debt"
    assert join_wrapped(["Acquisition and divestiture-", "related charges"]) == (
        "Acquisition and divestiture-related charges"
    )
    assert join_wrapped(["Rated BBB-", "with a stable outlook"]) == (
        "Rated BBB- with a stable outlook"
    )
    assert join_lines(["accrued at the year-", "end date"])[0] == "accrued at the year-end date"
    assert join_lines(["we recog-", "nize revenue"])[0] == "we recognize revenue"
    assert join_lines(["debt, non-", "current portion"])[0] == "debt, non-current portion"


def test_a_ruled_cell_wrapped_at_a_hyphen() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=460, height=200)
    xs, ys = (40, 200, 300, 420), (40, 80, 110, 140)
    for x in xs:
        page.draw_line((x, ys[0]), (x, ys[-1]))
    for y in ys:
        page.draw_line((xs[0], y), (xs[-1], y))
    page.insert_text((205, 55), "Share-", fontsize=9)
    page.insert_text((205, 67), "holders' Equity", fontsize=9)
    page.insert_text((305, 55), "Non-", fontsize=9)
    page.insert_text((305, 67), "controlling", fontsize=9)
    page.insert_text((45, 95), "Balance, start of year", fontsize=9)
    page.insert_text((205, 95), "4,705", fontsize=9)
    page.insert_text((305, 95), "55", fontsize=9)
    page.insert_text((45, 125), "Net income", fontsize=9)
    page.insert_text((205, 125), "225", fontsize=9)
    page.insert_text((305, 125), "4", fontsize=9)
    tables = extract_tables(page)
    assert tables
    cells = [c for row in tables[0].table.rows for c in row]
    assert "Shareholders' Equity" in cells and "Non-controlling" in cells, cells
