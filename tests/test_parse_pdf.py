"""PDF parsing: headings, running headers/footers, reading order, tables, fake bold."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from pipeline.errors import CorruptFileError, EmptyFileError, EncryptedFileError
from pipeline.ocr import pages_needing_ocr
from pipeline.parse import pdf as pdf_module
from pipeline.parse.pdf import parse_pdf
from testkit import damage, pdfgen
from tests.conftest import FIXTURES


def parse(path: Path):
    return parse_pdf(path, workers=1, timeout_s=60)


def test_headings_from_typography_with_levels(tmp_path: Path) -> None:
    doc = parse(pdfgen.headed_pdf(tmp_path / "h.pdf"))
    heads = [(b.level, b.text) for b in doc.blocks() if b.kind == "heading"]
    assert (1, "1 Chapter Title 1") in heads
    assert (2, "1.1 Details of part 1") in heads
    assert len(heads) == 6


def test_running_header_and_page_numbers_are_furniture(tmp_path: Path) -> None:
    doc = parse(pdfgen.headed_pdf(tmp_path / "h.pdf", pages=4))
    kinds = {b.text: b.kind for b in doc.blocks()}
    assert kinds["ACME Corp - Annual Report"] == "header"
    assert kinds["3"] == "footer"


def test_two_columns_read_left_then_right(tmp_path: Path) -> None:
    doc = parse(pdfgen.two_column_pdf(tmp_path / "c.pdf"))
    text = " ".join(" ".join(b.text for b in doc.blocks()).split())
    assert text.index("Left17") < text.index("Right0")
    for i in range(17):
        assert text.index(f"Left{i} ") < text.index(f"Left{i + 1} ")


def test_ruled_table_becomes_markdown_with_header(tmp_path: Path) -> None:
    doc = parse(pdfgen.table_pdf(tmp_path / "t.pdf"))
    tables = [b for b in doc.blocks() if b.kind == "table"]
    assert len(tables) == 1
    t = tables[0]
    assert t.table is not None and t.table.rows[0] == ["Region", "Q1", "Q2"]
    assert t.text.splitlines()[0] == "| Region | Q1 | Q2 |"
    assert "| South | 95 | 101 |" in t.text
    assert t.box is not None


def test_fake_bold_glyphs_are_not_duplicated(tmp_path: Path) -> None:
    doc = parse(pdfgen.fake_bold_pdf(tmp_path / "b.pdf"))
    text = "\n".join(b.text for b in doc.blocks())
    assert text.count("Statement of Accounts") == 1
    assert "Totals" in text and "TToo" not in text


def test_line_boxes_are_in_page_coordinates(tmp_path: Path) -> None:
    doc = parse(pdfgen.headed_pdf(tmp_path / "h.pdf", pages=1))
    head = next(b for b in doc.blocks() if b.kind == "heading")
    x0, y0, x1, y1 = head.lines[0].box
    assert 60 < x0 < 80 and 80 < y0 < 110 and x1 > x0 and y1 > y0


def test_corrupt_pdf_is_reported() -> None:
    with pytest.raises(CorruptFileError, match="not a readable PDF"):
        parse(FIXTURES / "invalid.pdf")


def test_a_pdf_cut_before_its_page_tree_says_it_was_cut_short(tmp_path: Path) -> None:
    import pymupdf

    whole = pymupdf.open()
    for n in range(30):
        whole.new_page().insert_text((72, 72), f"Page {n} of the harbour ledger.")
    data = whole.tobytes()
    cut = tmp_path / "ledger.pdf"
    cut.write_bytes(data[: len(data) // 20])  # MuPDF opens it, then cannot count its pages
    with pytest.raises(EmptyFileError, match=r"cut short.*Download or export it again"):
        parse(cut)


def test_password_protected_pdf_says_so() -> None:
    with pytest.raises(EncryptedFileError, match="password"):
        parse(FIXTURES / "r6-user-password.pdf")


def test_rotated_page_boxes_are_in_displayed_coordinates(tmp_path: Path) -> None:
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), "Rotated page text for highlighting", fontsize=12)
    page.set_rotation(90)
    path = tmp_path / "rot.pdf"
    doc.save(path)
    parsed = parse(path)
    line = parsed.blocks()[0].lines[0]
    with pymupdf.open(path) as d:
        p = d[0]
        expected = (p.search_for("Rotated")[0] * p.rotation_matrix).normalize()
        rect = p.rect
    x0, y0, x1, y1 = line.box
    assert 0 <= x0 < x1 <= rect.width and 0 <= y0 < y1 <= rect.height
    assert x0 <= expected.x0 + 1 and x1 >= expected.x1 - 1
    assert y0 <= expected.y0 + 1 and y1 >= expected.y1 - 1


def _outlined_pdf(path: Path) -> Path:
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page()
    body = "The company reported its results for the year in the tables below. " * 3
    page.insert_text((72, 80), "PART III\nITEM 10. DIRECTORS AND OFFICERS", fontsize=11)
    page.insert_textbox((72, 120, 520, 180), body, fontsize=10)
    page.insert_text((72, 220), "CONSOLIDATED BALANCE SHEETS\n(In millions, except par value)")
    page.insert_textbox((72, 260, 520, 320), body, fontsize=10)
    page.insert_text((72, 360), "Provision for (Benefit from) Income Taxes", fontsize=11)
    page.insert_textbox((72, 380, 520, 440), body, fontsize=10)
    land = {"kind": pymupdf.LINK_GOTO, "page": 0, "to": pymupdf.Point(72, 349)}
    doc.set_toc(
        [
            [1, "Part III", 1],
            [2, "Item 10. Directors and Officers", 1],
            [2, "Consolidated Balance Sheets", 1],
            [2, "Provision for Income Taxes", 1, land],
        ]
    )
    doc.save(path)
    return path


def test_outline_titles_claim_their_own_lines_and_abridged_labels_where_they_land(
    tmp_path: Path,
) -> None:
    doc = parse(_outlined_pdf(tmp_path / "o.pdf"))
    heads = [(b.level, b.text) for b in doc.blocks() if b.kind == "heading"]
    assert heads == [
        (1, "PART III"),
        (2, "ITEM 10. DIRECTORS AND OFFICERS"),
        (2, "CONSOLIDATED BALANCE SHEETS"),
        (2, "Provision for (Benefit from) Income Taxes"),
    ]
    note = next(b for b in doc.blocks() if b.text.startswith("(In millions"))
    assert note.kind == "paragraph" and note.box is not None and note.box[1] > 200


def test_a_contents_page_lists_headings_without_becoming_them(tmp_path: Path) -> None:
    doc = parse(pdfgen.contents_pdf(tmp_path / "book.pdf"))
    heads = [(b.page, b.text) for b in doc.blocks() if b.kind == "heading"]
    assert heads[0] == (1, "目录")
    assert [t for p, t in heads if p == 1] == ["目录"]
    assert [t for _, t in heads[1:3]] == ["第1章 主题1的基本概念", "1.1 主题1的定义"]
    assert len(heads) == 1 + 2 * 4


def test_small_print_titles_head_sections_but_row_and_column_labels_do_not(
    tmp_path: Path,
) -> None:
    doc = parse(pdfgen.statement_pdf(tmp_path / "s.pdf"))
    heads = {b.text: b.level for b in doc.blocks() if b.kind == "heading"}
    assert heads["1 Results"] == 1 and heads["2 Outlook"] == 1
    # A caps statement title starts a section beside the display headings, not below them.
    assert heads["CONSOLIDATED STATEMENTS OF OPERATIONS"] == 1
    assert "Sales by Product Category" in heads
    for label in ("Revenues", "Three Months Ended", "Twelve Months Ended"):
        assert label not in heads


def test_an_identifier_in_the_metadata_is_not_the_title(tmp_path: Path) -> None:
    from pipeline.parse.pdf import _reads_as_title

    assert _reads_as_title("0000320187-21-000028") == ""  # an SEC accession number
    assert _reads_as_title("  Annual  Report 2023 ") == "Annual Report 2023"
    assert _reads_as_title("东北电气 2018 年第一季度报告") == "东北电气 2018 年第一季度报告"


def test_three_narrow_columns_with_footnotes_and_a_margin_stamp(tmp_path: Path) -> None:
    doc = parse(pdfgen.three_column_pdf(tmp_path / "gazette.pdf"))
    blocks = [b for b in doc.blocks() if b.kind not in ("header", "footer")]
    text = " ".join(" ".join(b.text for b in blocks).split())
    # Columns read one after the other (a 7 pt gutter is still a gutter), never row by row.
    assert text.index("Alpha21 ") < text.index("Beta0 ") < text.index("Gamma0 ")
    assert not any("Alpha" in b.text and "Beta" in b.text for b in blocks)
    # The footnote reads after the body, so the column's last sentence meets its end.
    assert text.index("replace any cracked seal before further flight") >= 0
    assert text.index("Footnote text") > text.index("Gamma25")
    # The stamp up the margin is a block of its own, not glued to the footer or the body.
    [stamp] = [b for b in doc.blocks() if "clerk" in b.text]
    assert "Alpha" not in stamp.text and "Stamp" not in stamp.text


def test_a_running_footer_printed_under_the_text_is_furniture_wherever_it_sits(
    tmp_path: Path,
) -> None:
    """Some filings print their footer right under each page's text, well above the bottom
    margin and at a different height on every page: it is still no text to search or quote."""
    import pymupdf

    path = tmp_path / "report.pdf"
    pdf = pymupdf.open()
    for n in range(8):
        page = pdf.new_page(width=612, height=792)
        lines = 22 + 3 * (n % 4)  # pages of different lengths: footers 526 to 688 pt down
        for i in range(lines):
            page.insert_text(
                (72, 90 + 18 * i), f"Paragraph line {i} of page {n + 1} about revenue."
            )
        page.insert_text((215, 90 + 18 * lines + 40), f"Northwind Corp. 2023 Form 10-K {n + 40}")
    pdf.save(path)
    doc = parse(path)
    footers = [b for b in doc.blocks() if "Form 10-K" in b.text]
    assert len(footers) == 8 and all(b.kind == "footer" for b in footers), [
        (b.page, b.kind) for b in footers
    ]
    body = [b for b in doc.blocks() if b.kind not in ("header", "footer")]
    assert sum("Paragraph line" in b.text for b in body) >= 8


def _no_extraction(*_: object, **__: object) -> None:
    raise AssertionError("the pages of a file to refuse were extracted")


def test_a_pdf_cut_to_a_third_is_refused_before_any_page_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = pdfgen.dense_pdf(tmp_path / "whole.pdf", pages=12, paragraphs=3)
    cut = damage.cut_short(whole, tmp_path / "filing.pdf", 1 / 3)
    monkeypatch.setattr(pdf_module, "run_batches", _no_extraction)  # nor OCR'd, then
    with pytest.raises(CorruptFileError) as err:
        parse(cut)
    message = str(err.value)
    assert message.startswith("'filing.pdf' is damaged: 8 of 12 pages could not be read")
    assert "cut short" in message and "Download or export it again" in message


def test_a_pdf_whose_fonts_are_gone_is_refused_not_sent_to_ocr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = tmp_path / "whole.pdf"
    doc = pymupdf.open()
    for _ in range(3):
        page = doc.new_page()
        text = "Revenue grew by twelve percent in the quarter while costs were stable. " * 8
        page.insert_textbox(pymupdf.Rect(72, 72, 520, 700), text, fontname="china-s")
    doc.save(whole)
    broken = damage.without_fonts(whole, tmp_path / "broken.pdf")
    monkeypatch.setattr(pdf_module, "run_batches", _no_extraction)
    with pytest.raises(CorruptFileError, match=r"'broken\.pdf' is damaged: 3 of 3 pages"):
        parse(broken)


def test_a_pdf_missing_its_last_pages_is_read_without_them_and_says_which(
    tmp_path: Path,
) -> None:
    whole = pdfgen.dense_pdf(tmp_path / "whole.pdf", pages=12, paragraphs=3)
    doc = parse(damage.cut_short(whole, tmp_path / "filing.pdf", 0.75))
    assert doc.lost_pages == [11, 12]
    assert [p.page for p in doc.pages if p.failed] == [11, 12]
    assert not doc.pages[11].blocks and all(p.blocks for p in doc.pages[:10])
    assert pages_needing_ocr(doc) == []  # a lost page's rendering is as broken as its text


def test_a_broken_cross_reference_table_alone_reads_as_the_original(tmp_path: Path) -> None:
    whole = pdfgen.dense_pdf(tmp_path / "whole.pdf", pages=4, paragraphs=3)
    broken = damage.shifted_xref(whole, tmp_path / "broken.pdf")
    with pymupdf.open(broken) as opened:
        assert opened.is_repaired  # MuPDF had to repair it, silently
    doc, original = parse(broken), parse(whole)
    assert doc.lost_pages == [] and not any(p.failed or p.needs_ocr for p in doc.pages)
    assert [b.text for b in doc.blocks()] == [b.text for b in original.blocks()]


def test_a_pdf_cut_before_its_page_tree_is_still_cut_short(tmp_path: Path) -> None:
    whole = pdfgen.dense_pdf(tmp_path / "whole.pdf", pages=4, paragraphs=3)
    data = whole.read_bytes()
    cut = tmp_path / "cut.pdf"
    cut.write_bytes(data[: data.index(b"\n2 0 obj") + 1])  # the catalog, not the page tree
    with pytest.raises(EmptyFileError, match=r"'cut\.pdf' has no pages .* cut short"):
        parse(cut)
