"""A loopback server that replays a real chat server's recorded HTTP responses, in order.

Each recording (``NNN.json``, written by ``testkit/llm_proxy.py``) holds the status, the
content type and the body exactly as the server sent them. A streamed body (SSE) is sent
event by event with a flush after each, so the client meets the real chunking. Requests
beyond the recordings get HTTP 500: a graph that asks more than it did against the real
server falls back to the offline answer, which the tests notice.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

_EVENT_END = re.compile(r"(?<=\r\n\r\n)|(?<=\n\n)")


@dataclass
class Replay:
    recordings: list[dict[str, Any]]
    url: str = ""
    requests: list[dict[str, Any]] = field(default_factory=list)
    sent_chunks: list[int] = field(default_factory=list)
    """SSE events written per streamed response."""
    refused: list[str] = field(default_factory=list)
    """Requests llama-cpp-python's server would have refused or misread (``llama_cpp_rules``)."""

    @property
    def left(self) -> int:
        return len(self.recordings) - len(self.requests)


def load(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("[0-9]*.json"))]


def llama_cpp_rules(body: dict[str, Any]) -> list[str]:
    """What the recorded server (llama-cpp-python 0.3.36) does not take: an assistant message
    without string content (HTTP 500), tools without a ``tool_choice`` (silently dropped), or
    a reply cap only as ``max_completion_tokens`` (ignored)."""
    out = [
        f"message {i}: assistant content is {type(m.get('content')).__name__}, not a string"
        for i, m in enumerate(body.get("messages", []))
        if m.get("role") == "assistant" and not isinstance(m.get("content"), str)
    ]
    if body.get("tools") and not body.get("tool_choice"):
        out.append("tools sent without tool_choice")
    if "max_completion_tokens" in body and "max_tokens" not in body:
        out.append("max_completion_tokens without max_tokens")
    return out


@contextmanager
def replaying(recordings: list[dict[str, Any]]) -> Iterator[Replay]:
    state = Replay(recordings=list(recordings))
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            with lock:
                n = len(state.requests)
                state.requests.append(body)
                state.refused += llama_cpp_rules(body)
            if n >= len(state.recordings):
                self._send(500, "application/json", '{"error": "no more recordings"}')
                return
            rec = state.recordings[n]
            if rec["content_type"].startswith("text/event-stream"):
                self._stream(rec)
            else:
                self._send(rec["status"], rec["content_type"], rec["body"])

        def _send(self, status: int, content_type: str, text: str) -> None:
            data = text.encode()
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _stream(self, rec: dict[str, Any]) -> None:
            self.send_response(rec["status"])
            self.send_header("Content-Type", rec["content_type"])
            self.send_header("Connection", "close")
            self.end_headers()
            events = [e for e in _EVENT_END.split(rec["body"]) if e.strip()]
            for event in events:  # as sent, separators and all
                self.wfile.write(event.encode())
                self.wfile.flush()
                time.sleep(0.001)
            state.sent_chunks.append(len(events))

        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state.url = f"http://127.0.0.1:{httpd.server_port}/v1"
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()
