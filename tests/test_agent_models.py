"""Scripted chat models through the real graph: tool use, reflection, endpoint failures."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from agent.models import ChatModels
from agent.models.fake import FakeChatModel, tool_call
from agent.service import ChatService
from pipeline.service import Folio
from settings import Settings
from testkit.agentdocs import REPORT_MD, ingest_text
from tests.conftest import FakeEmbedder


def _chunk_with(messages: list[BaseMessage], text: str) -> str:
    for m in messages:
        if isinstance(m, ToolMessage) and isinstance(m.artifact, dict):
            for p in m.artifact["passages"]:
                if text in p["text"]:
                    return str(p["chunk_id"])
    raise AssertionError(f"no passage with {text!r} was returned")


def answer_with(
    template: str, needle: str = "318 stores"
) -> Callable[[list[BaseMessage]], AIMessage]:
    def step(messages: list[BaseMessage]) -> AIMessage:
        return AIMessage(template.format(id=_chunk_with(messages, needle)))

    return step


def _chat(folio: Folio, *script: object, retries: int = 1) -> tuple[ChatService, FakeChatModel]:
    model = FakeChatModel(script=list(script))
    models = ChatModels(primary=model, name="fake-model", retries=retries, backoff_s=0)
    return ChatService(folio, models=models), model


@pytest.fixture
def doc(folio: Folio, tmp_path: Path) -> str:
    return ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)


def test_scripted_model_answer_becomes_a_cited_answer(folio: Folio, doc: str) -> None:
    chat, model = _chat(
        folio,
        tool_call("search_document", query="Northwind stores", top_k=3),
        answer_with(
            "Northwind operated 318 stores at the end of fiscal 2023 [{id}].\n\n"
            "Follow-up questions:\n- What is the outlook for fiscal 2024?\n- What was revenue?"
        ),
    )
    a = chat.ask("How many stores?", [doc]).answer
    assert a.model == "fake-model" and not a.refused and a.notice is None
    assert a.answer == "Northwind operated 318 stores at the end of fiscal 2023 [1]."
    assert a.citations[0].quote.startswith("Northwind Traders operated 318 stores")
    assert a.follow_up_questions == ["What is the outlook for fiscal 2024?", "What was revenue?"]
    assert a.retrieval_rounds == 1
    assert model.bound[0] == [
        "search_document",
        "lookup_term",
        "read_page",
        "lookup_value",
        "document_overview",
        "read_section",
        "calculate",
    ]


def test_unsupported_sentence_triggers_another_round_with_feedback(folio: Folio, doc: str) -> None:
    chat, model = _chat(
        folio,
        tool_call("search_document", query="stores"),
        answer_with("Northwind operated 999 stores in fiscal 2023 [{id}]."),
        tool_call("search_document", query="number of stores fiscal 2023", call_id="call_2"),
        answer_with("Northwind operated 318 stores at the end of fiscal 2023 [{id}]."),
    )
    a = chat.ask("How many stores?", [doc]).answer
    assert "318" in a.answer and "999" not in a.answer and a.retrieval_rounds == 2
    feedback = [m for m in model.calls[2] if isinstance(m, HumanMessage) and m.name]
    assert feedback and "999 stores" in str(feedback[-1].content)


def test_unsupported_claims_are_dropped_when_rounds_run_out(
    tmp_path: Path, settings: Settings
) -> None:
    folio = Folio(settings.model_copy(update={"max_rounds": 1}), embedder=FakeEmbedder())
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    chat, _ = _chat(
        folio,
        tool_call("search_document", query="stores"),
        answer_with(
            "Northwind operated 318 stores at the end of fiscal 2023 [{id}]. "
            "It also runs 77 warehouses in Canada [{id}]. It is owned by Contoso [other-doc#4]."
        ),
    )
    a = chat.ask("Tell me about Northwind's stores.", [doc]).answer
    assert "318 stores" in a.answer and "77 warehouses" not in a.answer
    assert "Contoso" not in a.answer and "left out" in a.answer
    assert [c.chunk_id.split("#")[0] for c in a.citations] == [doc]
    folio.close()


def test_only_unsupported_claims_means_a_refusal(folio: Folio, doc: str) -> None:
    invented = AIMessage("Northwind was founded in 1887 by Jane Doe [other-doc#1].")
    chat, _ = _chat(folio, tool_call("search_document", query="history"), *[invented] * 6)
    a = chat.ask("When was Northwind founded?", [doc]).answer
    assert a.refused and a.citations == [] and "1887" not in a.answer


@pytest.mark.parametrize(
    "failure",
    [
        TimeoutError("request timed out"),
        ConnectionError("HTTP 502 Bad Gateway"),
        AIMessage(
            content="",
            invalid_tool_calls=[
                {
                    "name": "search_document",
                    "args": "{not json",
                    "id": "c1",
                    "error": "invalid JSON",
                    "type": "invalid_tool_call",
                }
            ],
        ),
        AIMessage(content="", tool_calls=[{"name": "drop_tables", "args": {}, "id": "c1"}]),
    ],
    ids=["timeout", "http-error", "invalid-json", "unknown-tool"],
)
def test_endpoint_failure_falls_back_to_offline_with_a_notice(
    folio: Folio, doc: str, failure: object
) -> None:
    chat, model = _chat(folio, failure, failure, retries=1)
    a = chat.ask("How many stores did Northwind operate at the end of fiscal 2023?", [doc]).answer
    assert len(model.calls) == 2  # one try, one retry, then offline
    assert a.model == "offline" and a.notice and "offline" in a.notice
    assert "318" in a.answer and a.citations


def test_failure_mid_turn_keeps_the_evidence_found(folio: Folio, doc: str) -> None:
    chat, _ = _chat(
        folio,
        tool_call("search_document", query="stores fiscal 2023"),
        RuntimeError("HTTP 500"),
        RuntimeError("HTTP 500"),
        retries=1,
    )
    a = chat.ask("How many stores did Northwind operate at the end of fiscal 2023?", [doc]).answer
    assert a.notice and "RuntimeError" in a.notice
    assert "318" in a.answer and a.retrieval_rounds >= 1
