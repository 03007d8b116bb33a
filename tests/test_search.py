"""Hybrid search: Chinese segmentation, section weighting, document scoping, boxes."""

from __future__ import annotations

from pathlib import Path

from pipeline.service import Folio
from testkit import pdfgen

ZH = [
    (
        "第一章 年假制度",
        [
            "员工入职满一年后享有带薪年假十天，年假应在当年度内休完。",
            "未休完的年假经部门负责人批准可以顺延至次年第一季度。",
        ],
    ),
    (
        "第二章 报销流程",
        [
            "差旅费用报销须在出差结束后三十日内提交发票原件和审批单。",
            "单笔超过五千元的报销需要财务总监签字确认。",
        ],
    ),
]


def test_chinese_query_finds_the_right_section(folio: Folio, tmp_path: Path) -> None:
    doc = folio.ingest([pdfgen.chinese_pdf(tmp_path / "hr.pdf", ZH)], wait=True)[0]
    assert doc.doc_id
    hits = folio.search("年假可以顺延吗", [doc.doc_id], k=3)
    assert hits and "顺延" in hits[0].text
    assert hits[0].section.startswith("第一章")
    hits = folio.search("报销需要谁签字", [doc.doc_id], k=3)
    assert "财务总监" in hits[0].text


def test_heading_text_is_weighted_in(tmp_path: Path) -> None:
    """Lexical ranking alone: the heading lifts the balance sheet above a page of look-alikes."""
    from settings import Settings
    from tests.conftest import FakeEmbedder

    folio = Folio(Settings(data_dir=tmp_path / "d", dense_weight=0), embedder=FakeEmbedder())
    md = tmp_path / "fin.md"
    md.write_text(
        "# CONSOLIDATED BALANCE SHEETS\n\nTotal assets 1,234 and total liabilities 567.\n\n"
        "# Notes\n\nThe sheet metal business was sold; a balance of views is kept.\n",
        encoding="utf-8",
    )
    doc = folio.ingest([md], wait=True)[0]
    hits = folio.search("balance sheet", [doc.doc_id or ""], k=2)
    assert hits[0].section == "CONSOLIDATED BALANCE SHEETS"
    folio.close()


def test_search_never_leaves_the_requested_documents(folio: Folio, tmp_path: Path) -> None:
    a = folio.ingest([pdfgen.chinese_pdf(tmp_path / "a.pdf", ZH)], wait=True)[0].doc_id or ""
    b_md = tmp_path / "b.md"
    b_md.write_text("# Leave\n\nAnnual leave 年假 can be carried over 顺延 in document B.\n")
    b = folio.ingest([b_md], wait=True)[0].doc_id or ""
    for query in ("年假 顺延", "annual leave carried over document B"):
        assert {h.doc_id for h in folio.search(query, [a], k=20)} <= {a}
        assert {h.doc_id for h in folio.search(query, [b], k=20)} <= {b}
    both = {h.doc_id for h in folio.search("年假 顺延", [a, b], k=20)}
    assert both == {a, b}


def test_hits_carry_page_and_boxes(folio: Folio, tmp_path: Path) -> None:
    pdf = pdfgen.headed_pdf(tmp_path / "r.pdf", pages=3)
    doc_id = folio.ingest([pdf], wait=True)[0].doc_id or ""
    hit = folio.search("Details of part 3", [doc_id], k=1)[0]
    assert hit.page == 3
    assert hit.boxes and all(p == 3 for p, _ in hit.boxes)
    assert hit.lexical_rank == 1 and hit.dense_rank is not None


def test_lexical_search_works_before_embedding(folio: Folio, tmp_path: Path) -> None:
    pdf = pdfgen.headed_pdf(tmp_path / "r.pdf", pages=2)
    res = folio.ingest([pdf], run_background=False)[0]
    assert res.document and res.document.status["embed"].state == "pending"
    hits = folio.search("revenue grew", [res.doc_id or ""], k=2)
    assert hits and hits[0].dense_rank is None


def test_documents_can_be_named_by_file_name_or_prefix(folio: Folio, tmp_path: Path) -> None:
    import pytest

    from pipeline.errors import NotFoundError

    a = tmp_path / "alpha report.md"
    a.write_text("# A\n\nalpha text\n")
    b = tmp_path / "alpine.md"
    b.write_text("# B\n\nalpine text\n")
    ra, _ = folio.ingest([a, b])
    assert folio.resolve("alpha report.md") == ra.doc_id
    assert folio.resolve((ra.doc_id or "")[:8]) == ra.doc_id
    with pytest.raises(NotFoundError, match="several"):
        folio.resolve("alp")
    with pytest.raises(NotFoundError, match="No document"):
        folio.resolve("zzz")
