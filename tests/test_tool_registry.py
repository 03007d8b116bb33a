"""One tool registry: a tool registered in one place (its ToolSpec) is offered to the
model, run by the graph, described in both languages and shown while it runs; a name
registered twice is an error."""

from __future__ import annotations

from pathlib import Path

import pytest
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage

from agent import tools
from agent.evidence import Evidence
from agent.models import ChatModels
from agent.models.fake import FakeChatModel, tool_call
from agent.prompts import Lang
from agent.service import ChatService
from agent.toolset import BUILT_IN, make_tools
from agent.toolspec import REGISTRY, DuplicateName, ToolResult, ToolSpec, UnknownTool, announce
from pipeline.service import Folio
from testkit.agentdocs import REPORT_MD, ingest_text

NAME = "find_sentences_with"
ran: list[str] = []


def find_sentences_with(word: str, *, runtime: tools.Runtime) -> ToolResult:
    """A new tool, made only of what a tool may use: the passages holding a word."""
    ran.append(word)
    announce(runtime, NAME, word)
    ctx = runtime.context
    chunks = [c for d in ctx.doc_ids for c in ctx.corpus.chunks(d) if word in c.text]
    passages = [tools._passage_from_chunk(c, rank=i + 1) for i, c in enumerate(chunks)]
    ev = tools._evidence(ctx, NAME, word, passages)
    return tools.render(ev, "en"), ev.model_dump()


SPEC = ToolSpec(
    name=NAME,
    function=find_sentences_with,
    reads="page",  # an unusual reading, to see that the spec's is the evidence's
    description={"en": "Passages holding a word exactly.", "zh": "返回含有某个词的段落。"},
    status={"en": "finding the word: {arg}", "zh": "查找词语：{arg}"},
)


def _cite(messages: list[BaseMessage]) -> AIMessage:
    for m in messages:
        if isinstance(m, ToolMessage) and m.name == NAME and isinstance(m.artifact, dict):
            assert m.artifact["tool"] == NAME and m.artifact["reads"] == "page"
            cid = next(p["chunk_id"] for p in m.artifact["passages"] if "318" in p["text"])
            return AIMessage(f"Northwind operated 318 stores at the end of fiscal 2023 [{cid}].")
    raise AssertionError(f"the graph never ran {NAME}")


def test_a_tool_registered_in_one_place_is_offered_run_described_and_shown(
    folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    model = FakeChatModel(script=[tool_call(NAME, word="318"), _cite])
    chat = ChatService(folio, models=ChatModels(primary=model, name="fake", backoff_s=0))
    _ = chat.graph  # built before the tool exists: it must be built again to run it
    ran.clear()
    with REGISTRY.added(SPEC):
        _offered_run_described_and_shown(chat, model, doc)
    assert NAME not in REGISTRY and NAME not in {t.name for t in make_tools("en", atomic=True)}


def _offered_run_described_and_shown(chat: ChatService, model: FakeChatModel, doc: str) -> None:
    seen: list[str] = []
    event = chat.ask(
        "How many stores?", [doc], on_event=lambda e: seen.append(getattr(e, "message", ""))
    )
    answer = event.answer

    assert NAME in model.bound[0]  # offered to the model
    assert ran == ["318"]  # run by the graph's tool node
    assert answer.citations and "318 stores" in answer.citations[0].quote
    assert "finding the word: 318" in seen  # the status the user sees
    langs: tuple[Lang, ...] = ("en", "zh")
    for lang in langs:
        text = SPEC.description[lang]
        offered = {t.name: t.description for t in make_tools(lang)}
        assert offered[NAME] == text
        assert REGISTRY.descriptions(lang)[NAME] == text
    assert REGISTRY.statuses("zh")[NAME] == "查找词语：{arg}"


def test_a_name_registered_twice_is_an_error_and_changes_nothing() -> None:
    before = [s.name for s in REGISTRY.specs()]
    twin = ToolSpec(
        name="search_document", function=find_sentences_with, description=SPEC.description
    )
    with pytest.raises(DuplicateName, match="search_document"):
        REGISTRY.add(twin)
    assert [s.name for s in REGISTRY.specs()] == before
    assert REGISTRY.spec("search_document").function is tools.search_document


def test_a_tool_without_both_languages_fails_when_declared() -> None:
    with pytest.raises(ValueError, match="zh"):
        ToolSpec(name="x", function=find_sentences_with, description={"en": "only English"})
    with pytest.raises(ValueError, match="status"):
        ToolSpec(name="x", function=find_sentences_with, description=SPEC.description,
                 status={"en": "x: {arg}"})  # fmt: skip


def test_the_built_in_tools_are_the_registry_and_their_evidence_reads_as_declared() -> None:
    assert [s.name for s in REGISTRY.specs()] == [s.name for s in BUILT_IN]
    assert [t.name for t in make_tools("en", atomic=True)] == [s.name for s in BUILT_IN]
    assert {s.name: s.reads for s in BUILT_IN if not s.atomic} == {
        "search_document": "search",
        "lookup_term": "term",
        "read_page": "page",
        "lookup_value": "figure",
        "document_overview": "overview",
        "read_section": "section",
        "calculate": "value",
    }
    with pytest.raises(UnknownTool, match="no_such_tool"):
        REGISTRY.spec("no_such_tool")
    # evidence stored before it carried its reading is read as its tool's spec says
    assert Evidence.model_validate({"tool": "read_page", "query": "3"}).reads == "page"
    assert Evidence(tool="read_section", reads="search", query="x").reads == "search"


def test_every_review_kind_names_a_registered_atomic_tool() -> None:
    from agent.review import runner
    from agent.review.catalog import kinds

    assert kinds() and {k.tool for k in kinds()} <= set(runner.TOOLS)
    assert set(runner.TOOLS) == {s.name for s in BUILT_IN if s.atomic}
    assert "search_document" not in runner.TOOLS
