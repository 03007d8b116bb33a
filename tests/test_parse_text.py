"""TXT/MD/DOCX parsing: encodings, headings, tables, honest locators."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.errors import DecodeError
from pipeline.parse.docx import parse_docx
from pipeline.parse.text import decode_text, parse_text

ZH = "第一章 总则\n\n本制度适用于全体员工。\n年假十天。\n"


@pytest.mark.parametrize(
    "encoding", ["utf-8", "utf-8-sig", "gb18030", "gbk", "utf-16", "utf-16-le", "utf-16-be"]
)
def test_chinese_text_decodes_in_common_encodings(encoding: str) -> None:
    assert decode_text(ZH.encode(encoding), "x.txt") == ZH


def test_undecodable_bytes_raise_a_clear_error() -> None:
    with pytest.raises(DecodeError, match="UTF-8"):
        decode_text(bytes(range(128, 256)) * 3, "x.txt")


def test_txt_headings_and_line_locators(tmp_path: Path) -> None:
    p = tmp_path / "policy.txt"
    p.write_text(ZH, encoding="gbk")
    doc = parse_text(p, markdown=False)
    blocks = doc.blocks()
    assert blocks[0].kind == "heading" and blocks[0].text == "第一章 总则"
    assert blocks[1].lines[0].line_no == 3 and blocks[1].lines[1].line_no == 4


def test_markdown_headings_tables_and_fences(tmp_path: Path) -> None:
    p = tmp_path / "a.md"
    p.write_text(
        "# Title\n\nIntro.\n\n## Part\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
        "```\n# not a heading\n```\n",
        encoding="utf-8",
    )
    doc = parse_text(p, markdown=True)
    heads = [(b.level, b.text) for b in doc.blocks() if b.kind == "heading"]
    assert heads == [(1, "Title"), (2, "Part")]
    table = next(b for b in doc.blocks() if b.kind == "table")
    assert table.table is not None and table.table.rows == [["a", "b"], ["1", "2"]]
    assert [o.title for o in doc.outline] == ["Title", "Part"]


def test_docx_headings_tables_and_page_breaks(tmp_path: Path) -> None:
    import docx
    from docx.enum.text import WD_BREAK

    d = docx.Document()
    d.add_heading("员工手册", level=1)
    d.add_paragraph("第一段内容。")
    d.add_heading("Leave", level=2)
    t = d.add_table(rows=2, cols=2)
    t.cell(0, 0).text, t.cell(0, 1).text = "Type", "Days"
    t.cell(1, 0).text, t.cell(1, 1).text = "Annual", "10"
    d.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
    d.add_paragraph("After the break.")
    p = tmp_path / "h.docx"
    d.save(str(p))
    doc = parse_docx(p)
    heads = [(b.level, b.text) for b in doc.blocks() if b.kind == "heading"]
    assert heads == [(1, "员工手册"), (2, "Leave")]
    table = next(b for b in doc.blocks() if b.kind == "table")
    assert table.text.splitlines()[0] == "| Type | Days |"
    last = doc.blocks()[-1]
    assert last.text == "After the break." and last.page == 2
    assert all(ln.line_no for b in doc.blocks() for ln in b.lines)


def test_wrapped_lines_join_like_the_language_sets_them() -> None:
    from pipeline.text.lang import join_lines

    def joined(*lines: str) -> str:
        return join_lines(list(lines))[0]

    assert joined("在201", "3年美国网球公开赛中") == "在2013年美国网球公开赛中"
    assert joined("第二届比赛于", "2009年举行") == "第二届比赛于2009年举行"
    assert joined("由Andrew", "W. Mellon基金主持") == "由Andrew W. Mellon基金主持"
    assert joined("Revenue grew 12", "percent in 2023") == "Revenue grew 12 percent in 2023"
    assert joined("adip-", "iscing elit") == "adipiscing elit"


def test_a_semicolon_does_not_end_a_sentence() -> None:
    from pipeline.text.lang import split_sentences

    t = "莎莉公司拆分成两家公司：一家名为希尔夏品牌；另一家名为布兰德斯。它们各自上市。"
    assert [t[a:b] for a, b in split_sentences(t)] == [
        "莎莉公司拆分成两家公司：一家名为希尔夏品牌；另一家名为布兰德斯。",
        "它们各自上市。",
    ]


def test_a_mark_inside_a_title_or_quote_does_not_end_a_sentence() -> None:
    from pipeline.text.lang import split_sentences

    t = "《星河！夜航》是乐队的第二张专辑。她说：“出发！”然后离开。下一句。"
    assert [t[a:b] for a, b in split_sentences(t)] == [
        "《星河！夜航》是乐队的第二张专辑。",
        "她说：“出发！”然后离开。",
        "下一句。",
    ]


def test_a_markdown_table_without_outer_pipes_keeps_its_header_on_its_rows(
    tmp_path: Path,
) -> None:
    from pipeline.chunk import chunk_document

    p = tmp_path / "sales.md"
    p.write_text(
        "# Sales\n\nRegion | 2030 units | 2031 units\n:--- | ---: | ---:\n"
        "North | 120 | 140\nSouth | 80 \\| 85 | 95\n\nThe south did well.\n",
        encoding="utf-8",
    )
    doc = parse_text(p, markdown=True)
    table = next(b for b in doc.blocks() if b.kind == "table").table
    assert table is not None
    assert table.rows == [
        ["Region", "2030 units", "2031 units"],
        ["North", "120", "140"],
        ["South", "80 | 85", "95"],
    ]
    assert table.columns == ["Region", "2030 units", "2031 units"]
    assert table.row_labels == ["", "North", "South"] and table.years[1:] == [2030, 2031]
    rows = next(c for c in chunk_document("s", doc) if c.kind == "table")
    # the heading right above the table opens its chunk (see test_chunk_table_headings)
    assert rows.text.splitlines()[:2] == ["Sales", "| Region | 2030 units | 2031 units |"]
    assert "| North | 120 | 140 |" in rows.text
    prose = [b.text for b in doc.blocks() if b.kind == "paragraph"]
    assert prose == ["The south did well."]  # no cells glued into a paragraph
