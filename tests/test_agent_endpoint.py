"""The OpenAI-compatible path against a local stand-in server: real wire format, failures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agent.service import ChatService
from settings import Settings
from testkit.agentdocs import REPORT_MD, ingest_text
from tests.chatstub import Reply, Stub, agent_calls, completion, stub, stub_folio

__all__ = ["stub"]  # the fixture, imported for pytest


def test_http_errors_fall_back_to_offline_with_a_notice(
    settings: Settings, tmp_path: Path, stub: Stub
) -> None:
    requests = stub.requests
    folio = stub_folio(settings, stub.url)
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    chat = ChatService(folio)
    assert chat.models.name == "stand-in"
    a = chat.ask("How many stores did Northwind operate at the end of fiscal 2023?", [doc]).answer
    assert len(agent_calls(requests)) == 2  # a try and a retry
    assert a.model == "offline" and a.notice and "500" in a.notice
    assert "318" in a.answer and a.citations
    folio.close()


def test_tool_calls_and_the_answer_travel_the_wire(
    settings: Settings, tmp_path: Path, stub: Stub
) -> None:
    requests, replies = stub.requests, stub.replies
    folio = stub_folio(settings, stub.url)
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)

    def search(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        assert {t["function"]["name"] for t in body["tools"]} == {
            "search_document",
            "lookup_term",
            "read_page",
            "lookup_value",
            "document_overview",
            "read_section",
            "calculate",
        }
        call = {
            "id": "call_1",
            "type": "function",
            "function": {"name": "search_document", "arguments": '{"query": "stores"}'},
        }
        return 200, completion({"role": "assistant", "content": None, "tool_calls": [call]})

    def answer(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        tool = next(m for m in body["messages"] if m["role"] == "tool")
        cid = tool["content"].split("]")[0].lstrip("[")
        text = f"Northwind operated 318 stores at the end of fiscal 2023 [{cid}]."
        return 200, completion({"role": "assistant", "content": text})

    replies += [search, answer]
    a = ChatService(folio).ask("How many stores?", [doc]).answer
    assert a.model == "stand-in" and a.notice is None and a.retrieval_rounds == 1
    assert a.answer == "Northwind operated 318 stores at the end of fiscal 2023 [1]."
    assert a.usage.input_tokens == 22 and a.citations[0].doc_id == doc
    assert agent_calls(requests)[0]["messages"][0]["role"] == "system"
    folio.close()


def test_malformed_tool_arguments_fall_back(settings: Settings, tmp_path: Path, stub: Stub) -> None:
    requests, replies = stub.requests, stub.replies
    folio = stub_folio(settings, stub.url)
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    bad = {
        "id": "call_1",
        "type": "function",
        "function": {"name": "search_document", "arguments": "{not json"},
    }
    broken: Reply = lambda body: (200, completion({"role": "assistant", "tool_calls": [bad]}))  # noqa: E731
    replies += [broken, broken]
    a = ChatService(folio).ask("How many stores did Northwind operate?", [doc]).answer
    assert len(agent_calls(requests)) == 2 and a.model == "offline" and a.notice
    assert "318" in a.answer
    folio.close()
