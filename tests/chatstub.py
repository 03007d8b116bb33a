"""A loopback stand-in for an OpenAI-compatible endpoint: scripted replies and faults.

Shared by the endpoint tests (real wire format) and the fault tests (refused connections,
errors, hangs, broken bodies, cut streams). Listens on 127.0.0.1 only.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from pipeline.service import Folio
from settings import Settings
from tests.conftest import FakeEmbedder

Reply = Callable[[dict[str, Any]], tuple[int, dict[str, Any]]]
Raw = Callable[[BaseHTTPRequestHandler, dict[str, Any]], None]
"""A fault: writes (or withholds) the whole HTTP response itself."""


def completion(message: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "cmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": "stand-in",
        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18},
    }


@dataclass
class Stub:
    url: str
    requests: list[dict[str, Any]] = field(default_factory=list)
    replies: list[Reply] = field(default_factory=list)
    """Scripted replies, used in order; when empty, ``fault`` (or HTTP 500) answers."""
    fault: Raw | None = None
    released: threading.Event = field(default_factory=threading.Event)
    """Set at teardown so a hanging handler lets go."""


def agent_calls(requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The agent's requests (with tools); knowledge components may call the endpoint too."""
    return [
        r
        for r in requests
        if any(t.get("function", {}).get("name") == "search_document" for t in r.get("tools", []))
    ]


def send_json(handler: BaseHTTPRequestHandler, status: int, payload: object) -> None:
    data = json.dumps(payload).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


@pytest.fixture
def stub() -> Iterator[Stub]:
    state = Stub(url="")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            state.requests.append(body)
            if state.replies:
                send_json(self, *state.replies.pop(0)(body))
            elif state.fault is not None:
                state.fault(self, body)
            else:
                send_json(self, 500, {"error": "down"})

        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state.url = f"http://127.0.0.1:{httpd.server_port}/v1"
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield state
    state.released.set()
    httpd.shutdown()
    httpd.server_close()


def refused_url() -> str:
    """A loopback URL nobody listens on (the port was free a moment ago)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def stub_folio(settings: Settings, url: str, *, timeout_s: float = 5.0, retries: int = 1) -> Folio:
    configured = settings.model_copy(
        update={
            "openai_base_url": url,
            "chat_model": "stand-in",
            "chat_timeout_s": timeout_s,
            "chat_retries": retries,
        }
    )
    return Folio(configured, embedder=FakeEmbedder())
