"""Consume the agent's async event stream from a plain thread.

The agent may do blocking work inside its async generator (a search, a model
call); running it on its own event loop in a worker thread keeps Gradio's loop,
and so every other user's interface, responsive.
"""

from __future__ import annotations

import asyncio
import contextvars
import queue
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from typing import TypeVar

T = TypeVar("T")
_END = object()


def iterate_in_thread(make: Callable[[], AsyncIterator[T]]) -> Iterator[T]:
    """Items of ``make()`` as a blocking iterator; exceptions are re-raised here."""
    q: queue.Queue[object] = queue.Queue()

    def worker() -> None:
        async def drain() -> None:
            async for item in make():
                q.put(item)

        try:
            asyncio.run(drain())
        except BaseException as exc:  # handed to the consumer, who reports it
            q.put(exc)
        finally:
            q.put(_END)

    # The worker runs in the event's context, so it acts in the caller's workspace.
    context = contextvars.copy_context()
    threading.Thread(target=context.run, args=(worker,), name="folio-chat", daemon=True).start()
    while True:
        item = q.get()
        if item is _END:
            return
        if isinstance(item, BaseException):
            raise item
        yield item  # type: ignore[misc]
