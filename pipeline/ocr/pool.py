"""Worker processes with a time limit per task: a stuck or crashed task fails alone.

``multiprocessing.Pool`` cannot stop one task, only the whole pool; OCR needs a
page that hangs (or kills its process) to fail while the other pages go on. So
each worker gets one task at a time over its own pipe; a worker past its limit
is killed and replaced, and its task reported as failed. Workers come from the
same forkserver as the parse workers (a threaded parent forks cleanly), and
keep state between tasks (an OCR engine loads its models once per process).
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Generic, TypeVar

from pipeline.parse.workers import _context

log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass(slots=True)
class TaskFailure:
    """Why a task produced no result (its exception, a timeout, or a crashed worker)."""

    reason: str


def _serve(conn: Connection, fn: Callable[..., Any]) -> None:
    """Worker loop: run ``fn(*args)`` for each task received until told to stop."""
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        key, args = msg
        try:
            conn.send((key, True, fn(*args)))
        except Exception as exc:  # reported to the parent; the worker stays usable
            log.debug("task %s failed", key, exc_info=True)
            conn.send((key, False, f"{type(exc).__name__}: {exc}"))


@dataclass(slots=True)
class _Slot:
    proc: Any
    conn: Connection
    key: int | None = None
    started: float = 0.0


class TaskPool(Generic[T]):
    """Run ``fn(*args)`` for many tasks on ``workers`` processes, ``timeout_s`` each."""

    def __init__(self, fn: Callable[..., T], *, workers: int, timeout_s: float) -> None:
        self.fn = fn
        self.workers = max(1, workers)
        self.timeout_s = timeout_s
        self._slots: list[_Slot] = []

    def _spawn(self) -> _Slot:
        ctx = _context()
        parent, child = ctx.Pipe(duplex=True)
        proc = ctx.Process(target=_serve, args=(child, self.fn), daemon=True)
        proc.start()
        child.close()
        return _Slot(proc=proc, conn=parent)

    def _kill(self, slot: _Slot) -> None:
        slot.proc.kill()
        slot.proc.join(5)
        slot.conn.close()

    def run(
        self,
        tasks: Sequence[tuple[Any, ...]],
        *,
        on_done: Callable[[int, T | TaskFailure], None] | None = None,
    ) -> list[T | TaskFailure]:
        """Results (or TaskFailure) in task order; ``on_done(i, result)`` as each finishes."""
        results: dict[int, T | TaskFailure] = {}
        todo = deque(range(len(tasks)))

        def finish(key: int, result: T | TaskFailure) -> None:
            results[key] = result
            if on_done is not None:
                on_done(key, result)

        try:
            self._slots = [self._spawn() for _ in range(min(self.workers, len(tasks)))]
            while len(results) < len(tasks):
                for slot in self._slots:
                    if slot.key is None and todo:
                        slot.key, slot.started = todo.popleft(), time.monotonic()
                        slot.conn.send((slot.key, tasks[slot.key]))
                self._collect(finish)
        finally:
            self.close()
        return [results[i] for i in range(len(tasks))]

    def _collect(self, finish: Callable[[int, T | TaskFailure], None]) -> None:
        """Wait for the next result, crash or timeout, and handle it."""
        busy = [s for s in self._slots if s.key is not None]
        now = time.monotonic()
        wait_s = max(0.0, min(s.started + self.timeout_s - now for s in busy))
        ready = wait([s.conn for s in busy] + [s.proc.sentinel for s in busy], timeout=wait_s)
        for i, slot in enumerate(self._slots):
            key = slot.key
            if key is None:
                continue
            if slot.conn in ready or slot.proc.sentinel in ready:
                try:
                    got_key, ok, value = slot.conn.recv()
                except (EOFError, OSError):
                    code = slot.proc.exitcode
                    self._replace(i, slot)
                    finish(key, TaskFailure(f"the worker process died (exit code {code})"))
                    continue
                slot.key = None
                finish(got_key, value if ok else TaskFailure(value))
            elif time.monotonic() - slot.started >= self.timeout_s:
                self._replace(i, slot)
                finish(key, TaskFailure(f"timed out after {self.timeout_s:.0f} s"))

    def _replace(self, i: int, slot: _Slot) -> None:
        self._kill(slot)
        self._slots[i] = self._spawn()

    def close(self) -> None:
        for slot in self._slots:
            with contextlib.suppress(OSError, ValueError):
                slot.conn.send(None)
        for slot in self._slots:
            slot.proc.join(2)
            if slot.proc.is_alive():
                slot.proc.kill()
                slot.proc.join(2)
            slot.conn.close()
        self._slots = []
