"""The heading tree built from typography names each chunk's true section: numbered notes
stay under the item they are in, a part and an item set as one block are two headings, a
named heading atop a ruled box of contents opens its section, statement titles are not
nested under the auditor's report, and a title in another script is not ranked above
its peers (pipeline/parse/headings.py)."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from pipeline.knowledge.title import reader_title
from pipeline.parse.pdf import parse_pdf
from testkit.pdfgen import A4, Item, write_flow
from tests.fixture_types import FlowPdf, SectionOf

BODY = (
    "The harbour lantern company keeps its books in the usual way and explains each "
    "figure in plain words for the readers of this report, year after year."
)


def _h(text: str) -> Item:
    return Item(text, bold=True)


def test_numbered_notes_stay_under_the_item_they_are_in(
    tmp_path: Path, flow_pdf: FlowPdf, section_of: SectionOf
) -> None:
    parsed = flow_pdf(
        tmp_path / "notes.pdf",
        [
            [_h("PART II"), _h("Item 8. Financial Statements"), Item(BODY), Item(BODY)],
            [
                _h("Notes to the Financial Statements"),
                _h("1. Summary of Accounting Policies"),
                Item("Lanterns are valued at cost. " + BODY),
                _h("2. Inventories"),
                Item("Wicks are counted each winter. " + BODY),
            ],
        ],
    )
    assert section_of(parsed, "valued at cost") == [
        "PART II",
        "Item 8. Financial Statements",
        "1. Summary of Accounting Policies",
    ]
    assert section_of(parsed, "Wicks are counted")[-2:] == [
        "Item 8. Financial Statements",
        "2. Inventories",
    ]


def test_a_part_and_its_first_item_set_as_one_block_are_two_headings(
    tmp_path: Path, flow_pdf: FlowPdf, section_of: SectionOf
) -> None:
    parsed = flow_pdf(
        tmp_path / "parts.pdf",
        [
            [
                Item("PART II\nItem 5. Market for the Lantern Shares", bold=True),
                Item("Shares trade on the quay. " + BODY),
                _h("Item 7. Discussion of Results"),
                Item("Results were bright. " + BODY),
            ]
        ],
    )
    assert section_of(parsed, "trade on the quay") == [
        "PART II",
        "Item 5. Market for the Lantern Shares",
    ]
    assert section_of(parsed, "Results were bright") == [
        "PART II",
        "Item 7. Discussion of Results",
    ]


def test_a_named_heading_atop_a_box_of_its_contents_opens_its_section(
    tmp_path: Path, section_of: SectionOf
) -> None:
    path = tmp_path / "boxed.pdf"
    doc = pymupdf.open()
    first = doc.new_page(width=A4[0], height=A4[1])
    write_flow(first, [_h("Item 6. Reserved"), Item(BODY), Item(BODY)])
    page = doc.new_page(width=A4[0], height=A4[1])
    rows = [
        ("Item 7. Discussion of Results", ""),
        ("Our Business", ""),
        ("Overview", "30"),
        ("Liquidity", "31"),
        ("Market Risks", "32"),
    ]
    top, height, x = 90.0, 20.0, (72.0, 400.0, 523.0)
    for i, (topic, number) in enumerate(rows):
        y = top + i * height
        page.insert_text((x[0] + 4, y + 14), topic, fontsize=10, fontname="helv")
        page.insert_text((x[1] + 4, y + 14), number, fontsize=10, fontname="helv")
    bottom = top + len(rows) * height
    for i in range(len(rows) + 1):
        page.draw_line((x[0], top + i * height), (x[2], top + i * height))
    for xv in x:
        page.draw_line((xv, top), (xv, bottom))
    write_flow(page, [Item("The lanterns sold well. " + BODY)], y=bottom + 20)
    doc.save(path)
    parsed = parse_pdf(path, workers=1, timeout_s=60)
    assert any(b.kind == "table" for b in parsed.blocks())
    assert section_of(parsed, "lanterns sold well") == ["Item 7. Discussion of Results"]


def test_statement_titles_are_not_nested_under_the_auditors_report(
    tmp_path: Path, flow_pdf: FlowPdf, section_of: SectionOf
) -> None:
    parsed = flow_pdf(
        tmp_path / "statements.pdf",
        [
            [
                _h("REPORT OF THE INDEPENDENT AUDITORS"),
                Item(BODY),
                _h("Opinion on the Statements"),
                Item("We audited the books. " + BODY),
            ],
            [_h("Consolidated Balance Sheets"), Item("Lanterns on hand were counted. " + BODY)],
        ],
    )
    assert section_of(parsed, "We audited")[-1] == "Opinion on the Statements"
    assert section_of(parsed, "Lanterns on hand") == ["Consolidated Balance Sheets"]


ARTICLE = "这是一篇关于港口灯塔的短文，介绍它的历史、用途和今天的样子。" * 3


def test_an_article_titled_in_latin_letters_ranks_with_its_chinese_peers(
    tmp_path: Path, flow_pdf: FlowPdf, section_of: SectionOf
) -> None:
    # The Latin title is drawn bold (another font); the Chinese font has no bold.
    titles = [("灯塔", False), ("渡轮", False), ("POWER Lantern", True), ("港口", False)]
    items: list[Item] = []
    for title, bold in titles:
        items += [Item(title, size=16, bold=bold), Item(f"{title}：{ARTICLE}")]
    parsed = flow_pdf(tmp_path / "文章合集.pdf", [items])
    levels = {b.text: b.level for b in parsed.blocks() if b.kind == "heading"}
    assert len(set(levels.values())) == 1, levels
    assert section_of(parsed, "港口：") == ["港口"]
    # and the collection is not titled after its first article
    assert reader_title(parsed.blocks(), parsed.title, "文章合集.pdf") == "文章合集"
