"""Chat-model refinement with a scripted fake model: applied when valid, offline result
kept (and the failure recorded) when the model fails or answers unsupported text."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pipeline.chat_model import override_chat_model
from pipeline.knowledge.api import list_terms, load_view
from pipeline.knowledge.refine import (
    CitedSentence,
    EdgeLabels,
    MindmapTerms,
    Overview,
    RouteNotes,
    StepNote,
    TermReview,
    TermVerdict,
)
from pipeline.service import Folio
from settings import Settings
from testkit.knowledge_docs import ZH_TEXTBOOK, write
from tests.conftest import FakeEmbedder
from tests.structured_fake import SchemaFake


@pytest.fixture
def llm_folio(tmp_path: Path) -> Iterator[Folio]:
    # A configured endpoint that is never contacted: the scripted model stands in for it.
    settings = Settings(
        data_dir=tmp_path / "data",
        workers=2,
        openai_base_url="http://127.0.0.1:9/v1",
        chat_model="scripted-fake",
    )
    f = Folio(settings, embedder=FakeEmbedder())
    yield f
    f.wait(timeout=60)
    f.close()


def _line_no(listing: str, term: str) -> int:
    for line in listing.splitlines():
        n, _, rest = line.partition(". ")
        if rest.startswith(term + " "):
            return int(n)
    raise AssertionError(f"{term} not offered to the model")


def _review(listing: str) -> TermReview:
    return TermReview(
        items=[
            TermVerdict(n=_line_no(listing, "联合熵"), keep=False),
            TermVerdict(
                n=_line_no(listing, "自信息"), keep=True, definition="事件发生时携带的信息量"
            ),
            TermVerdict(n=_line_no(listing, "信道"), keep=True, definition="一种外星人发明的装置"),
        ]
    )


def _overview(listing: str) -> Overview:
    lines = listing.splitlines()
    return Overview(
        sentences=[
            CitedSentence(text=line.split("] ", 1)[1], cites=[i]) for i, line in enumerate(lines)
        ]
        + [CitedSentence(text="The moon is made of cheese.", cites=[0])]
    )


def test_refinement_applies_only_what_the_evidence_supports(
    llm_folio: Folio, tmp_path: Path
) -> None:
    model = SchemaFake.of(
        {
            TermReview: _review,
            MindmapTerms: lambda _: MindmapTerms(items=[]),
            EdgeLabels: lambda _: EdgeLabels(items=[]),
            RouteNotes: lambda _: RouteNotes(items=[StepNote(order=1, note="先掌握自信息。")]),
            Overview: _overview,
        }
    )
    with override_chat_model(model):
        doc_id = llm_folio.ingest([write(tmp_path, "zh.md", ZH_TEXTBOOK)], wait=True)[0].doc_id
    assert doc_id
    terms = {t.term: t for t in list_terms(llm_folio.db, doc_id)}
    assert "联合熵" not in terms  # rejected by the model
    assert terms["自信息"].definition == "事件发生时携带的信息量"  # supported by its sentence
    assert terms["信道"].definition == "传输信息的媒介"  # unsupported rewrite ignored
    assert terms["自信息"].chunk_id and terms["自信息"].page == 1
    view = load_view(llm_folio.db, doc_id, "terms")
    assert view is not None and view.refinement == {
        "status": "applied",
        "model": "scripted-fake",
        "notice": "",
    }
    summary = load_view(llm_folio.db, doc_id, "summary")
    assert summary is not None and summary.refinement["status"] == "applied"
    assert "cheese" not in summary.markdown
    route = load_view(llm_folio.db, doc_id, "route")
    assert route is not None and route.data["steps"][0]["note"] == "先掌握自信息。"


def test_model_failure_keeps_the_offline_result_and_says_so(
    llm_folio: Folio, tmp_path: Path
) -> None:
    model = SchemaFake.of({})  # every request times out
    with override_chat_model(model):
        doc_id = llm_folio.ingest([write(tmp_path, "zh.md", ZH_TEXTBOOK)], wait=True)[0].doc_id
    assert doc_id
    states = {k: v.state for k, v in llm_folio.document(doc_id).status.items()}
    assert all(states[c] == "ready" for c in ("terms", "mindmap", "graph", "route", "summary"))
    # (The graph of this small text has no merely co-occurring pair to ask about.)
    for comp in ("terms", "mindmap", "route", "summary"):
        view = load_view(llm_folio.db, doc_id, comp)
        assert view is not None
        assert view.refinement["status"] == "failed"
        assert "offline result kept" in view.refinement["notice"]
        assert "timed out" in view.refinement["notice"]
    assert "信息熵" in {t.term for t in list_terms(llm_folio.db, doc_id)}
    assert TermReview in model.calls and Overview in model.calls


def test_no_model_is_asked_without_an_endpoint(folio: Folio, tmp_path: Path) -> None:
    model = SchemaFake.of({})
    with override_chat_model(model):
        doc_id = folio.ingest([write(tmp_path, "zh.md", ZH_TEXTBOOK)], wait=True)[0].doc_id
    assert doc_id and model.calls == []
