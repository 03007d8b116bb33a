"""The OpenAI-compatible path against a local stand-in server: real wire format, failures."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from agent.service import ChatService
from pipeline.service import Folio
from settings import Settings
from tests.agentdocs import REPORT_MD, ingest_text
from tests.conftest import FakeEmbedder

Reply = Callable[[dict[str, Any]], tuple[int, dict[str, Any]]]


def _completion(message: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "cmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": "stand-in",
        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18},
    }


@pytest.fixture
def server() -> Iterator[tuple[str, list[dict[str, Any]], list[Reply]]]:
    requests: list[dict[str, Any]] = []
    replies: list[Reply] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            requests.append(body)
            status, payload = replies.pop(0)(body) if replies else (500, {"error": "down"})
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_port}/v1", requests, replies
    httpd.shutdown()


def _agent_calls(requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The agent's requests (with tools); knowledge components may call the endpoint too."""
    return [
        r
        for r in requests
        if any(t.get("function", {}).get("name") == "search_document" for t in r.get("tools", []))
    ]


def _folio(settings: Settings, url: str) -> Folio:
    configured = settings.model_copy(
        update={
            "openai_base_url": url,
            "chat_model": "stand-in",
            "chat_timeout_s": 5.0,
            "chat_retries": 1,
        }
    )
    return Folio(configured, embedder=FakeEmbedder())


def test_http_errors_fall_back_to_offline_with_a_notice(
    settings: Settings, tmp_path: Path, server: tuple[str, list[dict[str, Any]], list[Reply]]
) -> None:
    url, requests, _ = server
    folio = _folio(settings, url)
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    chat = ChatService(folio)
    assert chat.models.name == "stand-in"
    a = chat.ask("How many stores did Northwind operate at the end of fiscal 2023?", [doc]).answer
    assert len(_agent_calls(requests)) == 2  # a try and a retry
    assert a.model == "offline" and a.notice and "500" in a.notice
    assert "318" in a.answer and a.citations
    folio.close()


def test_tool_calls_and_the_answer_travel_the_wire(
    settings: Settings, tmp_path: Path, server: tuple[str, list[dict[str, Any]], list[Reply]]
) -> None:
    url, requests, replies = server
    folio = _folio(settings, url)
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)

    def search(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        assert {t["function"]["name"] for t in body["tools"]} == {
            "search_document",
            "lookup_term",
            "read_page",
            "lookup_value",
            "calculate",
        }
        call = {
            "id": "call_1",
            "type": "function",
            "function": {"name": "search_document", "arguments": '{"query": "stores"}'},
        }
        return 200, _completion({"role": "assistant", "content": None, "tool_calls": [call]})

    def answer(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        tool = next(m for m in body["messages"] if m["role"] == "tool")
        cid = tool["content"].split("]")[0].lstrip("[")
        text = f"Northwind operated 318 stores at the end of fiscal 2023 [{cid}]."
        return 200, _completion({"role": "assistant", "content": text})

    replies += [search, answer]
    a = ChatService(folio).ask("How many stores?", [doc]).answer
    assert a.model == "stand-in" and a.notice is None and a.retrieval_rounds == 1
    assert a.answer == "Northwind operated 318 stores at the end of fiscal 2023 [1]."
    assert a.usage.input_tokens == 22 and a.citations[0].doc_id == doc
    assert _agent_calls(requests)[0]["messages"][0]["role"] == "system"
    folio.close()


def test_malformed_tool_arguments_fall_back(
    settings: Settings, tmp_path: Path, server: tuple[str, list[dict[str, Any]], list[Reply]]
) -> None:
    url, requests, replies = server
    folio = _folio(settings, url)
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    bad = {
        "id": "call_1",
        "type": "function",
        "function": {"name": "search_document", "arguments": "{not json"},
    }
    broken: Reply = lambda body: (200, _completion({"role": "assistant", "tool_calls": [bad]}))  # noqa: E731
    replies += [broken, broken]
    a = ChatService(folio).ask("How many stores did Northwind operate?", [doc]).answer
    assert len(_agent_calls(requests)) == 2 and a.model == "offline" and a.notice
    assert "318" in a.answer
    folio.close()
