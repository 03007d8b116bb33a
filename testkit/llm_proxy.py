"""A loopback proxy in front of a chat endpoint: every exchange timed, kept and recordable.

The bench points the app at this proxy, so it sees exactly what the app sends (to check
that only passages of the documents in scope leave the machine) and what the server
answers, byte for byte, with the time of the first and last chunk (streaming). With a
``record`` folder each exchange is written as ``NNN.json`` in the format the replay tests
read (``tests/llmreplay.py``).
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

_HOP = {"connection", "transfer-encoding", "keep-alive", "content-length"}


@dataclass
class Exchange:
    path: str
    request: dict[str, Any]
    status: int = 0
    content_type: str = ""
    body: str = ""
    chunks: int = 0
    """Pieces the response arrived in (SSE events for a stream)."""
    first_s: float = 0.0
    """Seconds from the request to the first piece of the body."""
    total_s: float = 0.0

    @property
    def streamed(self) -> bool:
        return self.content_type.startswith("text/event-stream")

    def record(self) -> dict[str, Any]:
        """What a replay needs (the response, as sent) and a summary of the request."""
        req = self.request
        return {
            "path": self.path,
            "request": {
                "model": req.get("model"),
                "stream": bool(req.get("stream")),
                "max_tokens": req.get("max_tokens"),
                "tools": [t.get("function", {}).get("name") for t in req.get("tools", [])],
                "roles": [m.get("role") for m in req.get("messages", [])],
            },
            "status": self.status,
            "content_type": self.content_type,
            "body": self.body,
            "chunks": self.chunks,
            "first_s": round(self.first_s, 3),
            "total_s": round(self.total_s, 3),
        }


@dataclass
class Proxy:
    upstream: str
    """The server's base URL, e.g. http://127.0.0.1:8001/v1."""
    record_dir: Path | None = None
    exchanges: list[Exchange] = field(default_factory=list)
    url: str = ""
    _httpd: ThreadingHTTPServer | None = None
    _recorded: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def start(self) -> Proxy:
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                proxy._forward(self)

            def log_message(self, *args: object) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._httpd.server_port}/v1"
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()

    def record_to(self, folder: Path | None) -> None:
        """Write the next exchanges as 001.json, 002.json... in ``folder`` (None: stop)."""
        with self._lock:
            self.record_dir, self._recorded = folder, 0

    def mark(self) -> int:
        return len(self.exchanges)

    def since(self, mark: int) -> list[Exchange]:
        with self._lock:
            return list(self.exchanges[mark:])

    def _forward(self, handler: BaseHTTPRequestHandler) -> None:
        raw = handler.rfile.read(int(handler.headers.get("Content-Length", 0)))
        try:
            request = json.loads(raw or b"{}")
        except ValueError:
            request = {"unparsed": raw.decode("utf-8", "replace")}
        up = urlsplit(self.upstream)
        path = up.path.rstrip("/") + handler.path.removeprefix("/v1")
        ex = Exchange(path=handler.path, request=request)
        started = time.perf_counter()
        https = up.scheme == "https"
        kind = http.client.HTTPSConnection if https else http.client.HTTPConnection
        conn = kind(up.hostname or "127.0.0.1", up.port or (443 if https else 80), timeout=600)
        try:
            conn.request("POST", path, body=raw, headers=_headers(handler))
            resp = conn.getresponse()
        except OSError as exc:  # the server is down: say so as a gateway would
            handler.send_error(502, f"upstream {self.upstream}: {exc}")
            return
        ex.status, ex.content_type = resp.status, resp.getheader("Content-Type", "")
        handler.send_response(resp.status)
        for k, v in resp.getheaders():
            if k.lower() not in _HOP:
                handler.send_header(k, v)
        handler.send_header("Connection", "close")
        handler.end_headers()
        pieces: list[bytes] = []
        while piece := (resp.readline() if ex.streamed else resp.read(65536)):
            if not pieces:
                ex.first_s = time.perf_counter() - started
            pieces.append(piece)
            handler.wfile.write(piece)
            handler.wfile.flush()
        conn.close()
        ex.total_s = time.perf_counter() - started
        ex.body = b"".join(pieces).decode("utf-8", "replace")
        ex.chunks = ex.body.count("data:") if ex.streamed else 1
        self._keep(ex)

    def _keep(self, ex: Exchange) -> None:
        with self._lock:
            self.exchanges.append(ex)
            self._recorded += 1
            folder, n = self.record_dir, self._recorded
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            out = folder / f"{n:03d}.json"
            out.write_text(json.dumps(ex.record(), ensure_ascii=False, indent=1), encoding="utf-8")


def _headers(handler: BaseHTTPRequestHandler) -> dict[str, str]:
    keep = ("content-type", "authorization", "accept")
    return {k: v for k, v in handler.headers.items() if k.lower() in keep}
