"""The chat model's HTTP transport, held to the answer's deadline (``pipeline/deadline.py``).

Each request's connect/read/write/pool timeouts are cut to the time left, and a response
body stops at its first chunk after the deadline: an endpoint that trickles a byte at a
time cannot keep a call (or the thread it runs in) alive past it. Without a deadline in
the context (a call outside an answer) the transport is the default one.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx

from pipeline.deadline import Deadline, current

_TIMEOUT_KEYS = ("connect", "read", "write", "pool")


class DeadlineTransport(httpx.BaseTransport):
    def __init__(self, inner: httpx.BaseTransport | None = None) -> None:
        self._inner = inner or httpx.HTTPTransport()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        deadline = current()
        if deadline is None:
            return self._inner.handle_request(request)
        left = deadline.left()
        if left <= 0:
            raise httpx.ConnectTimeout(str(deadline.error()), request=request)
        given = request.extensions.get("timeout", {})
        request.extensions["timeout"] = {
            k: left if given.get(k) is None else min(float(given[k]), left) for k in _TIMEOUT_KEYS
        }
        response = self._inner.handle_request(request)
        if isinstance(response.stream, httpx.SyncByteStream):
            response.stream = _HeldStream(response.stream, deadline, request)
        return response

    def close(self) -> None:
        self._inner.close()


class _HeldStream(httpx.SyncByteStream):
    """A response body that raises ReadTimeout on its first chunk after the deadline."""

    def __init__(self, inner: httpx.SyncByteStream, deadline: Deadline, request: httpx.Request):
        self._inner = inner
        self._deadline = deadline
        self._request = request

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self._inner:
            if self._deadline.passed:
                raise httpx.ReadTimeout(str(self._deadline.error()), request=self._request)
            yield chunk

    def close(self) -> None:
        self._inner.close()


def deadline_client() -> httpx.Client:
    """An httpx client for the OpenAI SDK; timeouts come with each request."""
    return httpx.Client(transport=DeadlineTransport(), follow_redirects=True)
