"""Statements read as a reader sees them: cells, row hierarchy, periods, unit, cell boxes."""

from __future__ import annotations

from pathlib import Path

from agent.citations import row_focus
from agent.highlight import quote_boxes
from pipeline.chunk import chunk_document
from pipeline.models import Block, Chunk, LineRef, Table, WordRef
from pipeline.parse.pdf import parse_pdf
from pipeline.parse.table_structure import period_of, row_parents
from testkit import pdfgen


def _tables(path: Path) -> list[Block]:
    doc = parse_pdf(path, workers=1, timeout_s=60)
    return [b for b in doc.blocks() if b.kind == "table" and b.table is not None]


def _row(table: Table, label: str) -> int:
    return table.row_labels.index(label)


def test_whitespace_statement_becomes_a_table_with_periods_unit_and_hierarchy(
    tmp_path: Path,
) -> None:
    blocks = _tables(pdfgen.whitespace_statement_pdf(tmp_path / "bs.pdf"))
    assert len(blocks) == 1
    t = blocks[0].table
    assert t is not None
    assert t.title == "CONSOLIDATED BALANCE SHEETS"
    assert t.unit == "In millions, except per share data" and t.scale == 1e6
    assert t.periods[1:] == ["2023-12-31", "2022-12-31"] and t.years[1:] == [2023, 2022]
    cash = _row(t, "Cash and cash equivalents")
    assert t.rows[cash][1:] == ["$1,250", "$980"] and t.value(cash, 1) == 1250.0
    payable = _row(t, "Accounts payable")
    assert t.value(payable, 1) == -1234.0 and t.value(payable, 2) is None
    current = _row(t, "Current assets:")
    assert t.row_parent[cash] == current
    assert t.row_parent[_row(t, "Total current assets")] == current
    assert t.row_parent[_row(t, "Goodwill")] is None
    assert t.row_parent[_row(t, "Total current liabilities")] == _row(t, "Current liabilities:")
    # Each figure has its own box, where it is printed (right-aligned at x=440 / 510).
    assert t.cell_boxes is not None
    box = t.cell_boxes[cash][1]
    assert box is not None and abs(box[2] - 440) < 2 and box[0] > 390
    label_box = t.cell_boxes[cash][0]
    assert label_box is not None and label_box[0] < 90


def test_ruled_chinese_statement_reads_periods_and_unit(tmp_path: Path) -> None:
    blocks = _tables(pdfgen.ruled_zh_pdf(tmp_path / "zh.pdf"))
    assert len(blocks) == 1
    t = blocks[0].table
    assert t is not None
    assert t.title == "合并利润表"
    assert t.unit == "单位：万元" and t.scale == 1e4
    assert t.header_rows == 1 and t.columns[1:] == ["本期发生额", "上期发生额"]
    assert t.periods[1:] == ["本期", "上年同期"]
    assert t.value(_row(t, "营业利润"), 2) == 150.0


def test_table_chunk_rows_cite_single_cells(tmp_path: Path) -> None:
    path = pdfgen.whitespace_statement_pdf(tmp_path / "bs.pdf")
    doc = parse_pdf(path, workers=1, timeout_s=60)
    chunk = next(c for c in chunk_document("d", doc) if c.kind == "table")
    first = chunk.text.split("\n")[0]
    assert "CONSOLIDATED BALANCE SHEETS" in first and "December 31, 2023" in first
    line = "| Total current liabilities | 2,010 | 1,870 |"
    assert line in chunk.text
    start = chunk.text.index(line)
    ref = next(r for r in chunk.lines if r.start == start)
    cells = [chunk.text[w.start : w.end] for w in ref.words]
    assert cells == ["Total current liabilities", "2,010", "1,870"]
    # A quote of the row label and its first figure lands on those two cells only.
    at = chunk.text.index("1,870", start)
    boxes = quote_boxes(chunk, start + 2, start + line.index("2,010") + 5)
    assert [b for _, b in boxes] == [w.box for w in ref.words[:2]]
    assert all(b[2] < 445 for _, b in boxes) and at > start


def test_periods_read_from_headers() -> None:
    assert period_of("Years Ended December 2, 2022") == ("FY2022", 2022)
    assert period_of("May 31, 2021") == ("2021-05-31", 2021)
    assert period_of("Fiscal 2021") == ("FY2021", 2021)
    assert period_of("Three Months Ended June 30, 2023") == ("3M 2023-06-30", 2023)
    assert period_of("Six Months Ended July 1, 2023") == ("6M 2023-07-01", 2023)
    assert period_of("Q2 2023") == ("Q2 2023", 2023)
    assert period_of("本期发生额", 2018) == ("本期", 2018)
    assert period_of("上年同期", 2018) == ("上年同期", 2017)
    assert period_of("% Change") == ("", None)
    assert period_of("Region") == ("", None)


def test_hierarchy_level_sections_close_at_totals() -> None:
    """Chinese statements do not indent: a section runs until its total."""
    labels = ["流动资产：", "货币资金", "存货", "流动资产合计", "固定资产"]
    parents = row_parents(labels, [60.0] * 5, [False, True, True, True, True])
    assert parents == [None, 0, 0, 0, None]


def test_inspect_view_shows_periods_unit_and_nesting() -> None:
    from ui.inspect_view import block_detail_html

    table = Table(
        rows=[["", "2023"], ["Current assets:", ""], ["Cash", "5"]],
        columns=["", "December 31, 2023"],
        periods=["", "2023-12-31"],
        row_labels=["", "Current assets:", "Cash"],
        row_parent=[None, None, 1],
        title="BALANCE SHEETS",
        unit="in millions",
    )
    block = Block(page=1, kind="table", text="t", table=table)
    html = block_detail_html(block, "zh")
    assert "BALANCE SHEETS · 单位: in millions" in html
    assert "2023-12-31" in html and 'padding-left:1.4em">Cash' in html


def _table_chunk(rows: list[list[str]]) -> Chunk:
    """A table chunk whose lines carry one word box per cell, as parsed tables do."""
    text, lines = "", []
    for y, cells in enumerate(rows):
        start, words = len(text), []
        text += "|"
        for x, cell in enumerate(cells):
            text += " "
            words.append(
                WordRef(
                    start=len(text),
                    end=len(text) + len(cell),
                    box=(100.0 * x, 20.0 * y, 100.0 * x + 90, 20.0 * y + 15),
                )
            )
            text += cell + " |"
        lines.append(
            LineRef(
                page=3,
                box=(0, 20.0 * y, 290, 20.0 * y + 15),
                start=start,
                end=len(text),
                words=words,
            )
        )
        text += "\n"
    return Chunk(
        chunk_id="d#1",
        doc_id="d",
        n=1,
        text=text,
        kind="table",
        page_start=3,
        page_end=3,
        lines=lines,
    )


def test_a_figure_quoted_with_its_header_marks_the_rows_label_and_cell() -> None:
    chunk = _table_chunk(
        [["项目", "本期发生额", "上期发生额"], ["营业总收入", "4,700.11", "5,600.25"]]
    )
    quote = chunk.text.strip()  # the header and the row: the sentence names the column
    sentence = "本期发生额营业总收入为4,700.11元。"
    focus = row_focus(quote, sentence)
    assert focus == ["营业总收入", "4,700.11"]
    boxes = quote_boxes(chunk, 0, len(quote), focus=focus)
    row = chunk.lines[1]
    assert boxes == [(3, row.words[0].box), (3, row.words[1].box)]
