"""The atomic review tools as chat-agent tools: scoped, typed, errors told to the model."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from agent.context import ChatContext
from agent.evidence import Evidence
from agent.models import ChatModels
from agent.review import chat_tools
from agent.scope import StatsCache
from agent.toolset import make_tools
from pipeline.corpus import Corpus
from pipeline.service import Folio
from tests.reviewdocs import contract_md


@dataclass
class _State:
    reply_language: str = "en"


@dataclass
class _Runtime:
    context: ChatContext
    state: _State

    def stream_writer(self, _: object) -> None:
        pass


def _runtime(folio: Folio, doc_id: str) -> _Runtime:
    ctx = ChatContext(corpus=Corpus(folio, (doc_id,)), models=ChatModels(), stats=StatsCache())
    return _Runtime(ctx, _State())


def test_chat_agent_registry_offers_the_atomic_tools() -> None:
    names = {t.name for t in make_tools("zh", atomic=True)}
    assert set(chat_tools.REVIEW_TOOL_NAMES) <= names
    default = {t.name for t in make_tools("en")}
    assert "search_document" in default and not default & set(chat_tools.REVIEW_TOOL_NAMES)
    zh = {t.name: t.description for t in make_tools("zh", atomic=True)}
    assert "正则" in zh["search_by_regex"]


def test_chat_tools_return_cited_passages_and_readable_errors(folio: Folio, tmp_path: Path) -> None:
    doc_id = folio.ingest([contract_md(tmp_path)])[0].doc_id
    assert doc_id
    rt = _runtime(folio, doc_id)
    text, artifact = chat_tools.clauses_by_keyword(["subcontract"], runtime=rt)  # type: ignore[arg-type]
    ev = Evidence.model_validate(artifact)
    assert ev.tool == "clauses_by_keyword" and ev.passages and "subcontract" in text
    text, artifact = chat_tools._guard(chat_tools.search_by_regex)("(unclosed", runtime=rt)
    assert text.startswith("error:") and "regular expression" in text and artifact == {}
    text, _ = chat_tools._guard(chat_tools.text_by_page)(1, "someone-elses-doc", runtime=rt)
    assert "not part of this review" in text
