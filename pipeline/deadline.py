"""One overall deadline for everything a chat model is asked while answering.

An endpoint's timeout acts per read: one that sends its headers and then a byte every few
seconds never trips it, and would hold a question forever. A :class:`Deadline` bounds the
whole of it instead — connecting, every read, retries and tool loops. :func:`run_within`
runs a model call in a thread of its own and gives up on it when the deadline passes (the
caller then answers offline); the HTTP transport of the chat model
(``pipeline/chat_http.py``) cuts every connect and read to what is left, and ends the
abandoned call at its next byte, so a slow endpoint does not keep threads or sockets.
"""

from __future__ import annotations

import contextvars
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

R = TypeVar("R")


class DeadlineExceeded(TimeoutError):
    """The chat model did not finish within the answer's deadline."""


@dataclass(frozen=True)
class Deadline:
    seconds: float
    ends: float
    """time.monotonic() when it passes."""

    @classmethod
    def start(cls, seconds: float) -> Deadline:
        return cls(seconds, time.monotonic() + seconds)

    def left(self) -> float:
        return self.ends - time.monotonic()

    @property
    def passed(self) -> bool:
        return self.left() <= 0

    def error(self) -> DeadlineExceeded:
        return DeadlineExceeded(
            f"no complete answer within {self.seconds:g} s (FOLIO_CHAT_DEADLINE_S)"
        )


_current: contextvars.ContextVar[Deadline | None] = contextvars.ContextVar(
    "folio_chat_deadline", default=None
)


def current() -> Deadline | None:
    """The deadline of the model call running in this thread, if any."""
    return _current.get()


def run_within(deadline: Deadline, fn: Callable[[], R]) -> R:
    """``fn()`` or :class:`DeadlineExceeded` by the deadline, whichever comes first.

    ``fn`` runs in a daemon thread (a stuck call never holds the process at exit) with a
    copy of the caller's context, plus the deadline for the HTTP transport to read."""
    if deadline.passed:
        raise deadline.error()
    context = contextvars.copy_context()
    context.run(_current.set, deadline)
    done = threading.Event()
    value: list[R] = []
    error: list[BaseException] = []

    def work() -> None:
        try:
            value.append(context.run(fn))
        except BaseException as exc:  # handed to the caller below
            error.append(exc)
        finally:
            done.set()

    threading.Thread(target=work, name="folio-chat-call", daemon=True).start()
    if not done.wait(max(0.0, deadline.left())):
        raise deadline.error()
    if error:
        raise error[0]
    return value[0]
