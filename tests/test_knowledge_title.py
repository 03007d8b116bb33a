"""The mind map's root is the document's title from its first page, never an identifier."""

from __future__ import annotations

from pathlib import Path

from pipeline.knowledge.api import load_view
from pipeline.knowledge.models import MindNode
from pipeline.knowledge.title import document_title, is_identifier, shown_title
from pipeline.models import Block
from pipeline.service import Folio
from testkit.knowledge_docs import ZH_POLICY_TITLE, zh_policy_docx
from tests.filingdocs import TITLE as FILING_TITLE
from tests.filingdocs import logo_filing_pdf
from ui.api_schema import document_info
from ui.library_view import status_table_html
from ui.summary_view import summary_html


def _b(text: str, size: float | None = None, kind: str = "paragraph", page: int = 1) -> Block:
    return Block(
        page=page, kind=kind, level=1 if kind == "heading" else 0, text=text, font_size=size
    )


def test_a_filing_cover_names_the_registrant_with_form_and_period() -> None:
    cover = [
        _b("NATIONAL FILINGS OFFICE", 13, "heading"),
        _b("FORM 10-Q", 13, "heading"),
        _b("For the quarterly period ended March 31, 2031", 8),
        _b("____________________", 3),
        _b("HARBOUR LANTERN WORKS, INC.", 13),
        _b("(Exact name of registrant as specified in its charter)", 8),
        _b("Delaware 12-3456789", 8),
    ]
    title = document_title(cover, "", "0000999999-31-000001.pdf")
    assert title == "HARBOUR LANTERN WORKS, INC. — Form 10-Q, quarterly period ended March 31, 2031"


def test_the_largest_print_on_page_one_when_it_stands_out() -> None:
    page = [_b("Lantern Works", 9), _b("Annual Review of", 24), _b("Village Lighting", 24)]
    page += [_b("Body text of the review goes on here.", 9) for _ in range(4)]
    assert document_title(page, "", "review.pdf") == "Annual Review of Village Lighting"
    flat = [_b("Minutes of the meeting", 10), _b("Everyone came.", 10), _b("We ate.", 10)]
    assert document_title(flat, "", "minutes-03.pdf") == "minutes-03"


def test_a_cover_names_the_period_printed_under_its_title() -> None:
    """A company's name over "2031 年第一季度报告" is which of its reports this is; the
    month it was published under that ("2031 年04 月") is no period."""
    cover = [
        _b("海港灯具股份有限公司2031 年第一季度报告全文", 9, "header"),
        _b("海港灯具股份有限公司", 18, "heading"),
        _b("2031 年第一季度报告", 15.9, "heading"),
        _b("2031 年04 月", 15.9, "heading"),
    ]
    assert document_title(cover, "", "report.pdf") == "海港灯具股份有限公司 — 2031年第一季度报告"
    undated = [_b("海港灯具股份有限公司", 18, "heading"), _b("2031 年04 月", 15.9, "heading")]
    assert document_title(undated, "", "report.pdf") == "海港灯具股份有限公司"


def test_the_largest_print_under_the_body_text_is_a_logo_not_the_title() -> None:
    sheet = [_b("The Lantern Sequencer 8 Track Recorder", 14, "heading")]
    sheet += [_b("The sequencer records every track while you play along. " * 2, 9)] * 4
    sheet += [_b("Lantern", 40, "heading"), _b("Lantern Works, Inc.", 9)]
    assert document_title(sheet, "", "lantern.pdf") == "The Lantern Sequencer 8 Track Recorder"


def test_identifiers_are_never_titles() -> None:
    assert is_identifier("0000320187-21-000028") and is_identifier("A-12 / 2031-04")
    assert not is_identifier("FORM 10-K") and not is_identifier("差旅办法")
    page = [_b("0000320187-21-000028", 30), _b("some body text here", 9), _b("more text", 9)]
    assert document_title(page, "0000320187-21-000028", "report.pdf") == "report"


def test_an_opening_title_heading_is_the_title() -> None:
    blocks = [_b("Growing Beans at Home", kind="heading"), _b("Soak them first.")]
    assert document_title(blocks, "", "beans.md") == "Growing Beans at Home"


def test_a_docx_title_style_is_the_mind_map_root(folio: Folio, tmp_path: Path) -> None:
    result = folio.ingest([zh_policy_docx(tmp_path / "policy.docx")], wait=True)[0]
    assert result.doc_id, result.error
    view = load_view(folio.db, result.doc_id, "mindmap")
    assert view is not None
    root = MindNode.model_validate(view.data["root"])
    assert root.title == ZH_POLICY_TITLE
    assert [c.title for c in root.children][:2] == ["第一章 总则", "第二章 术语和定义"]


def test_a_word_files_mind_map_names_no_pages(folio: Folio, tmp_path: Path) -> None:
    """A DOCX has no pages: its boxes and outline must not all say "p1"."""
    import re

    result = folio.ingest([zh_policy_docx(tmp_path / "policy.docx")], wait=True)[0]
    assert result.doc_id, result.error
    view = load_view(folio.db, result.doc_id, "mindmap")
    assert view is not None and view.svg and view.markdown
    shown = re.findall(r">([^<>]+)</text>", view.svg)
    tips = re.findall(r"<title>([^<]*)</title>", view.svg)
    assert "第一章 总则" in shown
    assert not [t for t in shown if re.fullmatch(r"p\d+(–\d+)?", t.strip())]
    assert not [t for t in tips if re.search(r"\(p\d", t)]
    assert "(p1" not in view.markdown and "- 第一章 总则" in view.markdown


def test_a_pdfs_mind_map_still_names_pages() -> None:
    from pipeline.knowledge.mindmap import mindmap_markdown
    from pipeline.knowledge.render import mindmap_svg

    root = MindNode(title="Report", level=0, children=[MindNode(title="Risks", level=1,
                    page_start=4, page_end=6)])  # fmt: skip
    assert ">p4–6<" in mindmap_svg(root) and "<title>Risks (p4–6)" in mindmap_svg(root)
    assert "- Risks (p4–6)" in mindmap_markdown(root)
    assert ">p4–6<" not in mindmap_svg(root, paged=False)


def test_a_cover_with_its_name_in_a_logo_takes_the_name_from_the_signatures() -> None:
    cover = [
        _b("FORM 10-K", 13, "heading"),
        _b("For the fiscal year ended December 31, 2031", 8),
        _b("For the transition period from to\nCommission File Number 001-09999", 8),
        _b("(Exact name of registrant as specified in its charter)", 8),
    ]
    signed = [
        _b("SIGNATURES", 12, "heading", page=40),
        _b(
            "Pursuant to the requirements of the Securities Exchange Act of 1934, the registrant"
            " has duly caused this report to be signed on its behalf by the undersigned.",
            9,
            page=40,
        ),
        _b("Dated: March 12, 2032", 9, page=40),
        _b("THE LANTERN COMPANY\n(Registrant)\nBy: /s/ Jane Roe", 9, page=40),
    ]
    title = document_title(cover + signed, "Document", "0000999999-32-000001.pdf")
    assert title == "THE LANTERN COMPANY — Form 10-K, fiscal year ended December 31, 2031"
    # No signatures either: the cover names no one, so the title is not a cover label.
    assert not document_title(cover, "", "lantern-10k.pdf").startswith("For the")


def test_a_current_report_is_dated_by_its_event() -> None:
    cover = [
        _b("FORM 8-K", 13, "heading"),
        _b("Date of Report (Date of earliest event reported): May 3, 2031", 8),
        _b("Harbour Lantern Works, Inc.", 12),
        _b("(Exact name of registrant as specified in its charter)", 8),
    ]
    assert (
        document_title(cover, "", "x.pdf") == "Harbour Lantern Works, Inc. — Form 8-K, May 3, 2031"
    )


def test_placeholder_metadata_titles_give_way_to_the_file_name() -> None:
    body = [_b("Minutes of the meeting", 10), _b("Everyone came.", 10), _b("We ate.", 10)]
    assert document_title(body, "Document", "minutes-03.pdf") == "minutes-03"
    assert document_title(body, "Microsoft Word - draft.docx", "m.pdf") == "m"
    assert document_title(body, "Spring Planting Policy", "m.pdf") == "Spring Planting Policy"
    assert shown_title("Document", "board-notes.pdf") == "board-notes"
    assert shown_title("Spring Planting Policy", "p.pdf") == "Spring Planting Policy"


def test_a_metadata_title_that_is_a_file_name_gives_way() -> None:
    # Acrobat titles combined files "Binder1.pdf"; the library showed that, not the scan's name
    body = [_b("Minutes of the meeting", 10), _b("Everyone came.", 10), _b("We ate.", 10)]
    assert document_title(body, "Binder1.pdf", "harbour-scan.pdf") == "harbour-scan"
    assert shown_title("draft_v3.DOCX", "lantern-policy.pdf") == "lantern-policy"
    assert shown_title("Harbour Lantern Notes.pdf", "x.pdf") == "x"
    assert shown_title("Web2.0", "x.pdf") == "Web2.0"


def test_a_filing_is_named_alike_in_the_library_api_mind_map_and_summary(
    folio: Folio, tmp_path: Path
) -> None:
    result = folio.ingest([logo_filing_pdf(tmp_path / "0000999999-32-000001.pdf")], wait=True)[0]
    assert result.doc_id, result.error
    doc = folio.document(result.doc_id)
    assert doc.title == FILING_TITLE
    assert document_info(doc)["title"] == FILING_TITLE
    assert f">{FILING_TITLE}</div>" in status_table_html([doc], "en").replace("&amp;", "&")
    view = load_view(folio.db, result.doc_id, "mindmap")
    assert view is not None and view.data["root"]["title"] == FILING_TITLE
    summary = load_view(folio.db, result.doc_id, "summary")
    assert summary is not None and summary.markdown.startswith(f"# {FILING_TITLE}\n")
    shown = summary_html(summary.data, "en").replace("&amp;", "&")
    assert f'<div class="folio-sum-title">{FILING_TITLE}</div>' in shown
    terms = load_view(folio.db, result.doc_id, "terms")
    assert terms is not None and terms.markdown.startswith(f"# {FILING_TITLE} — Terms")


def test_a_release_without_a_printed_headline_is_named_by_its_dateline() -> None:
    page = [
        _b("FOR IMMEDIATE RELEASE", 10, "heading"),
        _b("• Second-quarter sales of lanterns grew by 6%", 10, "list_item"),
        _b(
            "Lanternville, N.J. (July 20, 2031) – Harbour Lantern Works (NYSE: HLW) today "
            "announced results for second-quarter 2031. “A bright quarter,” said Jane Roe.",
            10,
        ),
    ]
    title = document_title(page, "", "hlw-q2.pdf")
    assert title == "Harbour Lantern Works — results for second-quarter 2031 (July 20, 2031)"


def test_the_period_reads_in_lower_case_whatever_the_cover_prints() -> None:
    cover = [
        _b("FORM 10-Q", 13, "heading"),
        _b("For the Quarterly Period Ended June 30, 2031", 8),
        _b("Lantern Works plc", 12),
        _b("(Exact name of Registrant as specified in its charter)", 8),
    ]
    want = "Lantern Works plc — Form 10-Q, quarterly period ended June 30, 2031"
    assert document_title(cover, "", "x.pdf") == want


def test_a_collection_of_articles_is_not_titled_after_its_first_article() -> None:
    articles = []
    for name in ("灯塔", "渡轮", "港口"):
        articles += [_b(name, 14, "heading"), _b(f"{name}是本地的一个地方。" * 8, 10)]
    assert document_title(articles, "", "文章合集-01.pdf") == "文章合集-01"
    assert document_title(articles, "港区文章选", "文章合集-01.pdf") == "港区文章选"
    # a title over its sections still titles the document, and a title set on two lines
    # of one print is one title
    book = [_b("Harbour Lights", 24, "heading"), _b("Body text " * 20, 10)]
    for name in ("Ferries", "Quays", "Lanterns"):
        book += [_b(name, 14, "heading"), _b("Body text " * 20, 10)]
    book[0].level = 1
    for b in book[2::2]:
        b.level = 2
    assert document_title(book, "", "lights.pdf") == "Harbour Lights"
    two_lines = [_b("Annual Review of", 24, "heading"), _b("Village Lighting", 24, "heading")]
    two_lines += [_b("Body text of the review goes on here.", 9) for _ in range(4)]
    assert document_title(two_lines, "", "review.pdf") == "Annual Review of Village Lighting"
