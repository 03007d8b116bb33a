"""The knowledge components as background stages: results, evidence, lookups, export,
failure isolation, regeneration and deletion."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any, get_args

import pytest

import cli
from pipeline.errors import FolioError
from pipeline.knowledge import components
from pipeline.knowledge.api import (
    KnowledgeComponent,
    list_terms,
    load_view,
    lookup_terms,
    render_png,
)
from pipeline.knowledge.mindmap import heading_outline
from pipeline.knowledge.models import MindNode, Summary
from pipeline.scheduler import BUSY_ATTEMPTS
from pipeline.service import Folio
from testkit import pdfgen
from testkit.knowledge_docs import EN_TEXTBOOK, ZH_TEXTBOOK, write

KNOWLEDGE_COMPONENTS: tuple[KnowledgeComponent, ...] = get_args(KnowledgeComponent)


def _ingest(folio: Folio, path: Path) -> str:
    result = folio.ingest([path], wait=True)[0]
    assert result.doc_id, result.error
    return result.doc_id


@pytest.fixture
def zh_doc(folio: Folio, tmp_path: Path) -> str:
    return _ingest(folio, write(tmp_path, "信息论.md", ZH_TEXTBOOK))


@pytest.fixture
def en_doc(folio: Folio, tmp_path: Path) -> str:
    return _ingest(folio, write(tmp_path, "cells.md", EN_TEXTBOOK))


def _states(folio: Folio, doc_id: str) -> dict[str, str]:
    return {k: v.state for k, v in folio.document(doc_id).status.items()}


def test_every_component_is_ready_with_a_view(folio: Folio, zh_doc: str) -> None:
    states = _states(folio, zh_doc)
    assert all(states[c] == "ready" for c in KNOWLEDGE_COMPONENTS), states
    for comp in KNOWLEDGE_COMPONENTS:
        view = load_view(folio.db, zh_doc, comp)
        assert view is not None and view.markdown.strip()
        assert view.refinement["status"] == "off"


def test_terms_keep_definitions_and_evidence(folio: Folio, zh_doc: str) -> None:
    terms = {t.term: t for t in list_terms(folio.db, zh_doc)}
    assert {"信息熵", "自信息", "互信息", "信道容量", "条件熵"} <= set(terms)
    assert terms["自信息"].definition == "某个事件发生时所携带的信息量"
    chunk = folio.chunk(terms["信道容量"].chunk_id)
    assert "信道容量是指" in chunk.text and terms["信道容量"].sentence in chunk.text.replace(
        "\n", ""
    )


def test_lookup_matches_variants_and_the_other_language(folio: Folio, zh_doc: str) -> None:
    exact = lookup_terms(folio.db, [zh_doc], "信息熵")
    assert exact and exact[0].term == "信息熵" and exact[0].score == 1.0
    cross = lookup_terms(folio.db, [zh_doc], "Information Entropy")
    assert cross and cross[0].term == "信息熵" and cross[0].definition
    assert lookup_terms(folio.db, [zh_doc], "光合作用") == []
    assert lookup_terms(folio.db, ["another-doc"], "信息熵") == []


def test_lookup_english_plural_and_acronym(folio: Folio, en_doc: str) -> None:
    assert lookup_terms(folio.db, [en_doc], "cell membranes")[0].term == "cell membrane"
    atp = lookup_terms(folio.db, [en_doc], "ATP")
    assert atp and atp[0].term.lower() == "adenosine triphosphate"
    glossary = lookup_terms(folio.db, [en_doc], "enzyme")
    assert glossary and glossary[0].definition.startswith("a protein")


def test_mindmap_is_the_heading_tree_with_terms(folio: Folio, zh_doc: str) -> None:
    view = load_view(folio.db, zh_doc, "mindmap")
    assert view is not None and view.svg is not None
    root = MindNode.model_validate(view.data["root"])
    titles = [t for _, t in heading_outline(root)]
    want = [m.group(1) for m in re.finditer(r"^#+ (.+)$", ZH_TEXTBOOK, re.M)]
    assert titles == want
    sec = next(n for ch in root.children for n in ch.children if n.title == "1.2 信息熵")
    assert "信息熵" in sec.terms
    assert "WenQuanYi Micro Hei" in view.svg and "1.2 信息熵" in view.svg
    png = render_png(view)
    assert png is not None and png.startswith(b"\x89PNG")


def test_graph_edges_are_typed_with_evidence(folio: Folio, zh_doc: str) -> None:
    view = load_view(folio.db, zh_doc, "graph")
    assert view is not None and view.svg
    edges = {(e["source"], e["target"], e["type"]): e for e in view.data["edges"]}
    defined = edges[("信道容量", "互信息", "defined_with")]
    assert defined["evidence"][0]["page"] == 1 and defined["evidence"][0]["chunk_id"]
    assert ("互信息", "信息熵", "defined_with") in edges


def test_route_puts_prerequisites_first(folio: Folio, zh_doc: str) -> None:
    view = load_view(folio.db, zh_doc, "route")
    assert view is not None
    order = [t["term"] for st in view.data["steps"] for t in st["terms"]]
    assert order.index("信息熵") < order.index("互信息") < order.index("信道容量")
    assert all(st["pages"][0] >= 1 for st in view.data["steps"])
    # Two chapters only: the steps are their sections, in reading order, no front matter.
    steps = [st["section"] for st in view.data["steps"]]
    assert steps == ["1.1 自信息", "1.2 信息熵", "2.1 互信息", "2.2 信道容量"]


def test_summary_sentences_are_cited_and_found_in_their_chunks(folio: Folio, en_doc: str) -> None:
    view = load_view(folio.db, en_doc, "summary")
    assert view is not None
    summary = Summary.model_validate(view.data)
    assert summary.coverage >= 0.85 and len(summary.overview) >= 2
    for s in summary.overview + [x for sec in summary.sections for x in sec.sentences]:
        assert re.fullmatch(r"\[p\d+, \S.*\]", s.citation)
        assert s.text in " ".join(folio.chunk(s.chunk_id).text.split())
        assert f"{s.text} {s.citation}" in view.markdown


def test_a_failing_component_leaves_the_others_alone(
    folio: Folio, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise FolioError("graph renderer broke")

    monkeypatch.setattr(components, "_save_graph", broken)
    doc_id = _ingest(folio, write(tmp_path, "zh.md", ZH_TEXTBOOK))
    states = _states(folio, doc_id)
    assert states["graph"] == "failed"
    assert folio.document(doc_id).status["graph"].reason == "graph renderer broke"
    assert all(states[c] == "ready" for c in ("terms", "mindmap", "route", "summary", "embed"))
    assert load_view(folio.db, doc_id, "graph") is None
    assert load_view(folio.db, doc_id, "route") is not None  # built its graph in memory

    monkeypatch.undo()
    folio.regenerate(doc_id, "graph", wait=True)
    assert _states(folio, doc_id)["graph"] == "ready"
    assert load_view(folio.db, doc_id, "graph") is not None


def test_mindmap_survives_broken_terms(
    folio: Folio, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> list[object]:
        raise RuntimeError("term extractor crashed")

    monkeypatch.setattr(components, "extract_terms", broken)
    doc_id = _ingest(folio, write(tmp_path, "zh.md", ZH_TEXTBOOK))
    states = _states(folio, doc_id)
    assert states["terms"] == "failed" and "term extractor crashed" in (
        folio.document(doc_id).status["terms"].reason or ""
    )
    assert states["mindmap"] == "ready" and states["summary"] == "ready"
    view = load_view(folio.db, doc_id, "mindmap")
    assert view is not None and "第二章 信道" in view.markdown


def test_a_database_kept_busy_by_another_process_retries_the_component(
    folio: Folio, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = components.extract_terms
    calls: list[int] = []

    def busy_once(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise sqlite3.OperationalError("database is locked")
        return real(*args, **kwargs)

    monkeypatch.setattr(components, "extract_terms", busy_once)
    doc_id = _ingest(folio, write(tmp_path, "zh.md", ZH_TEXTBOOK))
    assert _states(folio, doc_id)["terms"] == "ready" and len(calls) == 2
    assert list_terms(folio.db, doc_id)

    def always_busy(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(components, "extract_terms", always_busy)
    calls.clear()
    folio.regenerate(doc_id, "terms", wait=True)
    assert _states(folio, doc_id)["terms"] == "failed" and len(calls) == BUSY_ATTEMPTS


def test_regenerating_one_component_touches_only_it(folio: Folio, zh_doc: str) -> None:
    conn = folio.db.connect()

    def stamps() -> dict[str, str]:
        rows = conn.execute(
            "SELECT component, created_at FROM knowledge_views WHERE doc_id = ?", (zh_doc,)
        )
        return {r[0]: r[1] for r in rows}

    conn.execute("UPDATE knowledge_views SET created_at = 'old' WHERE doc_id = ?", (zh_doc,))
    folio.regenerate(zh_doc, "terms", wait=True)
    after = stamps()
    assert after["terms"] != "old"
    assert all(after[c] == "old" for c in ("mindmap", "graph", "route", "summary"))
    assert list_terms(folio.db, zh_doc)


def test_deleting_a_document_removes_its_knowledge(folio: Folio, zh_doc: str) -> None:
    folio.delete(zh_doc)
    conn = folio.db.connect()
    for table in ("knowledge_terms", "knowledge_term_keys", "knowledge_views"):
        assert conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] == 0


def test_document_without_headings_still_gets_every_component(folio: Folio, tmp_path: Path) -> None:
    text = (
        "Photosynthesis refers to the process by which plants make sugar from light.\n\n"
        "Chlorophyll is the pigment that absorbs light for photosynthesis in the leaf.\n\n"
        "The leaf contains chlorophyll, and photosynthesis happens in the leaf cells.\n"
    )
    doc_id = _ingest(folio, write(tmp_path, "plain.txt", text))
    assert all(_states(folio, doc_id)[c] == "ready" for c in KNOWLEDGE_COMPONENTS)
    root = MindNode.model_validate(load_view(folio.db, doc_id, "mindmap").data["root"])  # type: ignore[union-attr]
    assert root.children  # top terms stand in for the missing headings
    summary = load_view(folio.db, doc_id, "summary")
    assert summary is not None and summary.data["overview"]


def test_pdf_pages_are_cited(folio: Folio, tmp_path: Path) -> None:
    doc_id = _ingest(folio, pdfgen.headed_pdf(tmp_path / "report.pdf", pages=3))
    view = load_view(folio.db, doc_id, "summary")
    assert view is not None
    pages = {s["page"] for s in view.data["overview"]}
    assert pages == {1, 2, 3}


def test_cli_export_markdown_json_and_png(
    folio: Folio, zh_doc: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["export", zh_doc, "--component", "mindmap", "--format", "md"]) == 0
    assert "第一章 信息的度量" in capsys.readouterr().out
    assert cli.main(["export", zh_doc, "--component", "terms", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["component"] == "terms" and data["data"]["terms"][0]["chunk_id"]
    out = tmp_path / "graph.png"
    assert (
        cli.main(["export", zh_doc, "--component", "graph", "--format", "png", "--out", str(out)])
        == 0
    )
    assert out.read_bytes().startswith(b"\x89PNG")
    assert cli.main(["terms", zh_doc, "information entropy"]) == 0
    assert "信息熵" in capsys.readouterr().out
    assert cli.main(["export", "nope", "--component", "graph"]) == 2


def test_bold_terms_inside_pdf_lines_become_terms(folio: Folio, tmp_path: Path) -> None:
    doc_id = _ingest(folio, pdfgen.inline_bold_pdf(tmp_path / "plants.pdf"))
    blocks = folio.store.blocks(doc_id)
    assert ["photosynthesis"] in [ln.emph for b in blocks for ln in b.lines]
    terms = {t.term: t for t in list_terms(folio.db, doc_id)}
    assert {"photosynthesis", "chlorophyll", "stomata"} <= set(terms)
    assert terms["stomata"].page == 1 and terms["stomata"].chunk_id


def test_summary_passes_over_signatures_and_exhibit_indexes(folio: Folio, tmp_path: Path) -> None:
    md = tmp_path / "annual-review.md"
    md.write_text(
        "# Annual review\n\n## Results\n\n"
        "Revenue grew by a tenth over the year because the stores sold more laptops. "
        "The company opened four new stores in the northern region during the spring.\n\n"
        "## Signatures\n\n"
        "Pursuant to the requirements of the act, the report was signed on behalf of the "
        "company by the undersigned, thereunto duly authorized on the date below.\n\n"
        "## Exhibit index\n\n"
        "The following exhibits are filed as part of this report and listed in the index below.\n",
        encoding="utf-8",
    )
    (res,) = folio.ingest([md], wait=True)
    assert res.doc_id
    view = load_view(folio.db, res.doc_id, "summary")
    assert view is not None
    cited = [s["text"] for s in view.data["overview"]]
    cited += [s["text"] for sec in view.data["sections"] for s in sec["sentences"]]
    assert any("Revenue grew" in c or "four new stores" in c for c in cited)
    assert not any("undersigned" in c or "exhibits are filed" in c for c in cited)
    assert view.data["left_out"] == []


def test_a_chinese_reports_important_notice_is_front_matter(folio: Folio, tmp_path: Path) -> None:
    md = tmp_path / "季度报告.md"
    md.write_text(
        "# 青禾渔业2030年第一季度报告\n\n## 第一节 重要提示\n\n"
        "公司董事会及全体董事保证本报告内容的真实、准确和完整，不存在任何虚假记载。\n\n"
        "## 第二节 经营情况\n\n"
        "本季度公司新建了三座冷库，鲜鱼的损耗比上年同期明显下降。"
        "沿海门店的销量增长较快，主要来自冷链配送范围的扩大。\n",
        encoding="utf-8",
    )
    (res,) = folio.ingest([md], wait=True)
    assert res.doc_id
    view = load_view(folio.db, res.doc_id, "summary")
    assert view is not None
    cited = [s["text"] for s in view.data["overview"]]
    cited += [s["text"] for sec in view.data["sections"] for s in sec["sentences"]]
    assert any("冷库" in c or "冷链" in c for c in cited)
    assert not any("保证本报告" in c for c in cited)  # the board's declaration, not content
