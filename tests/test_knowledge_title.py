"""The mind map's root is the document's title from its first page, never an identifier."""

from __future__ import annotations

from pathlib import Path

from pipeline.knowledge.api import load_view
from pipeline.knowledge.models import MindNode
from pipeline.knowledge.title import document_title, is_identifier
from pipeline.models import Block
from pipeline.service import Folio
from testkit.knowledge_docs import ZH_POLICY_TITLE, zh_policy_docx


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
