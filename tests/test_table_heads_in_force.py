"""A table cut into several chunks repeats, over each chunk, the header printed last above
its rows: a second header part-way down (期末 / 年初 under 本期 / 上期) or the header of a
second list in the same grid (a list of holders, then a list of their share classes).
Invented ruled tables drawn with PyMuPDF's CJK font, read by the PDF parser and chunked."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from pipeline.chunk import chunk_document
from pipeline.chunking.tables import table_pieces
from pipeline.models import Chunk
from pipeline.parse.pdf import parse_pdf

Rows = list[tuple[str, ...]]

FLOWS: Rows = [
    ("项目", "本期金额", "上期金额", "本期比上期增减"),
    *[(f"第{n}项收入（元）", f"{n},111.00", f"{n},000.00", f"{n}.10%") for n in range(1, 9)],
    ("", "本期期末", "上年年末", "本期期末比上年年末增减"),
    *[(f"第{n}项资产（元）", f"{n}9,222.00", f"{n}8,000.00", f"-{n}.20%") for n in range(1, 9)],
]
HOLDERS: Rows = [
    ("持有人", "类别", "持有比例", "持有数量"),
    *[(f"甲乙投资第{n}号公司", "境内法人", f"{n}.5%", f"{n}0,000") for n in range(1, 8)],
    ("各持有人的股份种类", "", "", ""),
    ("持有人", "", "股份种类", "种类数量"),
    *[(f"甲乙投资第{n}号公司", "", "普通股", f"{n}0,000") for n in range(1, 8)],
]


def _pdf(path: Path, rows: Rows) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_font(fontname="cjk", fontbuffer=pymupdf.Font("cjk").buffer)
    xs = [50.0, 250.0, 350.0, 450.0, 560.0]
    top, h = 60.0, 20.0
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            page.insert_text((xs[j] + 3, top + i * h + 14), cell, fontname="cjk", fontsize=7)
        page.draw_line((xs[0], top + i * h), (xs[-1], top + i * h), width=0.5)
    page.draw_line((xs[0], top + len(rows) * h), (xs[-1], top + len(rows) * h), width=0.5)
    for x in xs:
        page.draw_line((x, top), (x, top + len(rows) * h), width=0.5)
    doc.save(path)
    doc.close()
    return path


def _table_chunks(path: Path) -> list[Chunk]:
    parsed = parse_pdf(path, workers=1, timeout_s=60)
    chunks = [c for c in chunk_document("d", parsed, max_tokens=60) if c.kind == "table"]
    assert len(chunks) >= 3, [c.text for c in chunks]  # small chunks: the table is cut
    return chunks


def _holding(chunks: list[Chunk], row: str) -> str:
    return next(c.text for c in chunks if row in c.text.split("\n", 2)[-1])


def test_rows_after_a_second_header_carry_it(tmp_path: Path) -> None:
    chunks = _table_chunks(_pdf(tmp_path / "flows.pdf", FLOWS))
    late = _holding(chunks, "第8项资产（元）")
    head = late.splitlines()[0]
    assert "本期期末" not in late.split("\n", 2)[-1], late  # cut after the second header
    assert "本期期末" in head and "上年年末" in head, late
    assert "本期金额" not in head, late
    early = _holding(chunks, "第1项收入（元）")
    assert "本期金额" in early.splitlines()[0], early


def test_second_header_is_not_left_at_a_chunk_foot(tmp_path: Path) -> None:
    parsed = parse_pdf(_pdf(tmp_path / "flows.pdf", FLOWS), workers=1, timeout_s=60)
    [block] = [b for p in parsed.pages for b in p.blocks if b.kind == "table"]
    for size in range(30, 120, 5):  # wherever the size cuts the table
        for piece in table_pieces(block, size):
            assert not piece.text.rstrip().endswith("本期期末比上年年末增减 |"), piece.text


def test_second_list_in_one_grid_repeats_its_own_header(tmp_path: Path) -> None:
    chunks = _table_chunks(_pdf(tmp_path / "holders.pdf", HOLDERS))
    late = _holding(chunks, "普通股 | 70,000")
    head = late.splitlines()[0]
    assert "种类数量" not in late.split("\n", 2)[-1], late  # cut after the second header
    assert "股份种类" in head and "种类数量" in head, late
    assert "持有比例" not in head, late


def test_no_chunk_holds_rows_of_two_headers(tmp_path: Path) -> None:
    parsed = parse_pdf(_pdf(tmp_path / "flows.pdf", FLOWS), workers=1, timeout_s=60)
    [block] = [b for p in parsed.pages for b in p.blocks if b.kind == "table"]
    pieces = table_pieces(block, 2000)  # room for the whole table: still two parts
    assert len(pieces) == 2, [p.text for p in pieces]
    first, second = (p.text for p in pieces)
    assert "第8项收入（元）" in first and "资产（元）" not in first, first
    head, _, rows = second.split("\n", 2)
    assert "上年年末" in head and "本期金额" not in head, second
    assert "上年年末" not in rows and "收入（元）" not in rows, second  # no header row again
