"""A total printed without a label gets a derived one ("Total Revenues", "Total",
"营业收入合计") when its figures add up the rows above it; the label is marked derived and
has no box, so a citation of the row highlights only the printed figures
(pipeline/parse/subtotal_rows.py, pipeline/parse/table_structure.py)."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from pipeline.chunk import chunk_document
from pipeline.models import Box, Table
from pipeline.parse.pdf import parse_pdf
from pipeline.parse.subtotal_rows import label_subtotals
from pipeline.parse.table_structure import annotate

HEAD = ["", "2023", "2022"]


def _table(rows: list[list[str]]) -> Table:
    boxes: list[list[Box | None]] = [
        [(10.0 * j, 10.0 * i, 10.0 * j + 8, 10.0 * i + 8) for j in range(len(r))]
        for i, r in enumerate(rows)
    ]
    return Table(rows=[HEAD, *rows], header_rows=1, cell_boxes=[[None] * 3, *boxes])


def test_an_unlabelled_row_adding_up_its_group_is_named_for_the_groups_heading() -> None:
    table = _table(
        [
            ["Revenues", "", ""],
            ["Ferry fares", "5,734", "5,362"],
            ["Cabins", "3,057", "1,690"],
            ["Galley", "(1,000)", "—"],
            ["", "7,791", "7,052"],
            ["Expenses", "", ""],
            ["Fuel", "2,746", "2,551"],
            ["Crew", "937", "600"],
            ["", "3,684", "3,152"],  # 3,683 + rounding of the lines above: still their sum
        ]
    )
    assert label_subtotals(table, 1) == [5, 9]
    assert table.rows[5][0] == "Total Revenues"
    assert table.rows[9][0] == "Total Expenses"
    assert table.cell_boxes is not None
    assert table.cell_boxes[5][0] is None  # not printed: nothing to highlight
    assert table.cell_boxes[5][1] is not None


def test_a_row_that_does_not_add_up_keeps_no_label() -> None:
    table = _table(
        [
            ["Ferry fares", "5,734", "5,362"],
            ["Cabins", "3,057", "1,690"],
            ["", "8,000", "7,052"],  # the first column is not their sum
            ["Galley", "45", "22"],
        ]
    )
    assert label_subtotals(table, 1) == []
    assert table.rows[3][0] == ""


def test_a_total_over_a_labelled_subtotal_counts_the_subtotal_once() -> None:
    table = _table(
        [
            ["Price paid", "", ""],
            ["Cash", "900", "800"],
            ["Intangible assets:", "", ""],
            ["Routes", "60", "50"],
            ["Brand", "40", "30"],
            ["Total intangible assets", "100", "80"],
            ["Debt assumed", "(300)", "(200)"],
            ["", "700", "680"],
        ]
    )
    assert label_subtotals(table, 1) == [8]
    assert table.rows[8][0] == "Total Price paid"


def test_without_a_heading_over_its_rows_the_label_is_total() -> None:
    table = _table(
        [
            ["Harbour segment revenue", "12,887", "9,340"],
            ["Corporate and other", "239", "339"],
            ["", "$13,126", "$9,679"],
        ]
    )
    assert label_subtotals(table, 1) == [3]
    assert table.rows[3][0] == "Total"


def test_a_running_balance_beside_purchases_is_no_total() -> None:
    table = _table(
        [
            ["Opening", "", "", "", "$8,821"],
            ["First month", "0.9", "$168.54", "0.9", "(153)"],
            ["", "", "", "", "8,668"],  # 8,821 - 153, in one column of the four
        ]
    )
    assert label_subtotals(table, 1) == []


def test_a_label_wrapped_onto_the_next_row_is_not_the_totals_heading() -> None:
    table = _table(
        [
            ["Ordinary shares (authorised 900 shares; issued", "", ""],
            ["300 shares)", "300", "300"],
            ["Retained earnings", "1,200", "1,000"],
            ["", "1,500", "1,300"],
        ]
    )
    assert label_subtotals(table, 1) == [4]
    assert table.rows[4][0] == "Total"


def test_a_row_of_years_or_of_words_is_no_total() -> None:
    table = _table(
        [
            ["Ferry launched", "2001", ""],
            ["Refitted", "2", ""],
            ["", "2003", ""],  # a year under a date column
            ["Ferry fares", "5", "4"],
            ["Cabins", "3", "2"],
            ["", "8 in all", "6"],
        ]
    )
    assert label_subtotals(table, 1) == []


def test_a_chinese_group_total_is_named_with_heji() -> None:
    table = _table(
        [
            ["营业收入：", "", ""],
            ["船票收入", "1,200", "1,100"],
            ["餐饮收入", "300", "250"],
            ["", "1,500", "1,350"],
        ]
    )
    assert label_subtotals(table, 1) == [4]
    assert table.rows[4][0] == "营业收入合计"


def test_annotate_marks_the_derived_row_and_reads_it_as_a_total() -> None:
    table = _table(
        [
            ["Revenues:", "", ""],
            ["Ferry fares", "5,734", "5,362"],
            ["Cabins", "3,057", "1,690"],
            ["", "8,791", "7,052"],
            ["Net income", "120", "110"],
        ]
    )
    annotate(table, indents=[None, 72.0, 84.0, 84.0, None, 72.0], above=[])
    assert table.derived_rows == [4]
    assert table.row_labels[4] == "Total Revenues"
    assert table.row_parent[5] is None  # the total closed the group


def _right(page: pymupdf.Page, x1: float, y: float, text: str) -> None:
    width = pymupdf.get_text_length(text, fontname="helv", fontsize=9)
    page.insert_text((x1 - width, y), text, fontsize=9, fontname="helv")


def test_a_citation_of_the_derived_total_highlights_its_printed_figures(tmp_path: Path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text(
        (200, 60), "CONSOLIDATED STATEMENTS OF OPERATIONS", fontsize=11, fontname="hebo"
    )
    page.insert_text((230, 76), "(In thousands)", fontsize=9)
    _right(page, 440, 100, "2023")
    _right(page, 510, 100, "2022")
    rows = [
        (72, "Revenues", None, None),
        (84, "Ferry fares", "5,734", "5,362"),
        (84, "Cabins", "3,057", "1,690"),
        (84, "Galley", "1,000", "900"),
        (84, "", "9,791", "7,952"),
        (72, "Expenses", None, None),
        (84, "Fuel", "2,746", "2,551"),
        (84, "Crew", "937", "600"),
        (84, "", "3,683", "3,151"),
        (72, "Operating income", "6,108", "4,801"),
    ]
    y = 130.0
    for x, label, a, b in rows:
        if label:
            page.insert_text((x, y), label, fontsize=9, fontname="helv")
        if a is not None and b is not None:
            _right(page, 440, y, a)
            _right(page, 510, y, b)
        y += 14
    path = tmp_path / "ferries.pdf"
    doc.save(path)
    parsed = parse_pdf(path, workers=1, timeout_s=60)
    table = next(b.table for b in parsed.blocks() if b.kind == "table" and b.table is not None)
    assert [table.rows[i][0] for i in table.derived_rows] == ["Total Revenues", "Total Expenses"]
    chunk = next(c for c in chunk_document("d", parsed) if "Total Revenues" in c.text)
    at = chunk.text.index("Total Revenues")
    line = next(ref for ref in chunk.lines if ref.start <= at < ref.end)
    assert line.box is not None and line.box[0] > 300  # the figures' columns, not the label's
    assert all(not (w.start <= at < w.end) for w in line.words)
    assert {chunk.text[w.start : w.end] for w in line.words} == {"9,791", "7,952"}


def test_a_total_beside_rate_columns_printing_the_sign_on_their_first_row_only() -> None:
    """A release's segment table: amounts, then percent changes whose "%" is printed on
    the group's first row only; the rates do not add up and must not veto the total."""
    head = ["", "2023", "2022", "Percent Change Total", "Percent Change Operations"]
    rows = [
        head,
        ["Harbour Services", "", "", "", ""],
        ["Domestic", "$1,787", "1,687", "6.0 %", "6.0"],
        ["Overseas", "2,224", "2,118", "5.0", "9.0"],
        ["", "4,011", "3,805", "5.4", "7.7"],
        ["Dredging", "", "", "", ""],
        ["Domestic", "7,818", "7,159", "9.2", "9.2"],
        ["Overseas", "5,913", "6,158", "(4.0)", "(2.5)"],
        ["", "13,731", "13,317", "3.1", "3.8"],
    ]
    table = Table(rows=rows, header_rows=1, columns=head)
    assert label_subtotals(table, 1) == [4, 8]
    assert table.rows[4][0] == "Total Harbour Services"
    assert table.rows[8][0] == "Total Dredging"
