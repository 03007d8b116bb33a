"""Chat model faults: each one ends in the offline answerer, cited, with a notice, in bounded time.

The endpoint is a loopback stand-in (tests/chatstub.py). The bound is the documented worst
case of waiting, ``chat_timeout_s × (chat_retries + 1)`` plus the back-off between tries,
plus the offline answer itself: that one is measured on the spot (the same question answered
offline on the same documents just before), since on a loaded machine its wall time
stretches with the load (13.6 s against a fixed 8.5 s bound at load 30), while the waiting
does not. Run with ``-s`` to see the measured times.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from agent.models import ChatModels
from agent.schemas import Answer
from agent.service import AnswerEvent, ChatService
from pipeline.service import Folio
from settings import Settings
from testkit.agentdocs import REPORT_MD, ingest_text
from tests.chatstub import Stub, agent_calls, completion, refused_url, send_json, stub, stub_folio

__all__ = ["stub"]  # the fixture, imported for pytest

TIMEOUT_S = 1.0
RETRIES = 1
BACKOFF_S = 0.5  # ChatModels.backoff_s: the pause after the first failed try
WAIT_S = TIMEOUT_S * (RETRIES + 1) + BACKOFF_S * RETRIES  # the documented worst case
SLACK_S = 2.0  # process overhead beyond the offline answer
QUESTION = "How many stores did Northwind operate at the end of fiscal 2023?"

TIMES: list[tuple[str, float, float, int]] = []


@pytest.fixture(scope="module", autouse=True)
def _table() -> Iterator[None]:
    yield
    if TIMES:
        print(f"\nfault{'':22}fall back in   offline alone   agent calls  (wait {WAIT_S} s)")
        for name, seconds, alone, calls in TIMES:
            print(f"{name:<26} {seconds:>8.2f} s     {alone:>8.2f} s     {calls}")


def _hang(stub: Stub) -> None:
    def fault(handler: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
        stub.released.wait(60)  # far past the configured timeout

    stub.fault = fault


def _status_500(handler: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
    send_json(handler, 500, {"error": {"message": "internal error"}})


def _invalid_json(handler: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
    data = b'{"id": "cmpl-1", "choices": [{"message": {"role": "assist'
    data += b"<html>gateway</html>"
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


def _tool_call(arguments: str) -> Any:
    def fault(handler: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
        call = {
            "id": "call_1",
            "type": "function",
            "function": {"name": "search_document", "arguments": arguments},
        }
        send_json(handler, 200, completion({"role": "assistant", "tool_calls": [call]}))

    return fault


def _cut_halfway(handler: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
    """Headers promise the whole reply; half of it arrives, then the connection closes.

    The agent asks the endpoint without streaming (ChatService.stream streams the answer's
    tokens to the user), so on the wire a stream cut halfway is a truncated body."""
    text = "Northwind operated 318 stores [1]."
    full = json.dumps(completion({"role": "assistant", "content": text})).encode()
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(full)))
    handler.end_headers()
    handler.wfile.write(full[: len(full) // 2])
    handler.wfile.flush()
    handler.close_connection = True
    handler.connection.close()


def _check(name: str, a: Answer, doc: str, calls: int, *, seconds: float, alone: float) -> None:
    TIMES.append((name, seconds, alone, calls))
    assert a.model == "offline", name
    assert a.notice, f"{name}: the fallback must be visible"
    assert a.citations and all(c.doc_id == doc for c in a.citations), name
    assert "318" in a.answer, name
    bound = WAIT_S + 2 * alone + SLACK_S
    assert seconds < bound, (
        f"{name}: {seconds:.1f} s to fall back; bound {bound:.1f} s "
        f"(waiting {WAIT_S} s + twice the offline answer alone, {alone:.1f} s, + {SLACK_S} s)"
    )


def _offline_alone(folio: Folio, doc: str) -> float:
    """Wall seconds of the same question answered offline, now, on the same documents (it
    also loads what the first answer of a process loads, as the faulty turn would)."""
    started = time.perf_counter()
    a = ChatService(folio, models=ChatModels()).ask(QUESTION, [doc]).answer
    assert a.model == "offline" and not a.notice
    return time.perf_counter() - started


def _ask(
    settings: Settings, tmp_path: Path, url: str, arm: Callable[[], None] = lambda: None
) -> tuple[Answer, str, float, float]:
    folio = stub_folio(settings, url, timeout_s=TIMEOUT_S, retries=RETRIES)
    try:
        doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
        alone = _offline_alone(folio, doc)
        arm()  # after ingest: knowledge components may call the endpoint too
        started = time.perf_counter()
        a = ChatService(folio).ask(QUESTION, [doc]).answer
        return a, doc, time.perf_counter() - started, alone
    finally:
        folio.close()


def test_connection_refused(settings: Settings, tmp_path: Path) -> None:
    a, doc, seconds, alone = _ask(settings, tmp_path, refused_url())
    _check("connection refused", a, doc, RETRIES + 1, seconds=seconds, alone=alone)


@pytest.mark.parametrize(
    ("name", "fault"),
    [
        ("HTTP 500", _status_500),
        ("invalid JSON body", _invalid_json),
        ("tool args not JSON", _tool_call("{not json")),
        ("tool args missing field", _tool_call('{"limit": 3}')),
        ("tool args not an object", _tool_call('["stores"]')),
        ("reply cut halfway", _cut_halfway),
    ],
)
def test_fault_falls_back(
    settings: Settings, tmp_path: Path, stub: Stub, name: str, fault: Any
) -> None:
    a, doc, seconds, alone = _ask(
        settings, tmp_path, stub.url, lambda: setattr(stub, "fault", fault)
    )
    calls = len(agent_calls(stub.requests))
    _check(name, a, doc, calls, seconds=seconds, alone=alone)
    assert calls == RETRIES + 1, f"{name}: a try and {RETRIES} retry"


def test_hang_is_cut_by_the_configured_timeout(
    settings: Settings, tmp_path: Path, stub: Stub
) -> None:
    folio = stub_folio(settings, stub.url, timeout_s=TIMEOUT_S, retries=RETRIES)
    try:
        doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
        alone = _offline_alone(folio, doc)
        _hang(stub)  # after ingest: knowledge components may call the endpoint too
        started = time.perf_counter()
        a = ChatService(folio).ask(QUESTION, [doc]).answer
        seconds = time.perf_counter() - started
    finally:
        folio.close()
    calls = len(agent_calls(stub.requests))
    _check("hang (timeout 1 s)", a, doc, calls, seconds=seconds, alone=alone)
    assert seconds >= TIMEOUT_S * (RETRIES + 1), "each try waits for its timeout"


def test_stream_cut_halfway_falls_back_on_the_streaming_path(
    settings: Settings, tmp_path: Path, stub: Stub
) -> None:
    stub.fault = _cut_halfway
    folio = stub_folio(settings, stub.url, timeout_s=TIMEOUT_S, retries=RETRIES)
    try:
        doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
        alone = _offline_alone(folio, doc)
        chat = ChatService(folio)

        async def collect() -> list[Any]:
            return [e async for e in chat.stream(QUESTION, [doc])]

        started = time.perf_counter()
        events = asyncio.run(collect())
        seconds = time.perf_counter() - started
    finally:
        folio.close()
    final = events[-1]
    assert isinstance(final, AnswerEvent)
    calls = len(agent_calls(stub.requests))
    _check("stream cut halfway", final.answer, doc, calls, seconds=seconds, alone=alone)
