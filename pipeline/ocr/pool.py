"""Worker processes with a time limit per task: a stuck or crashed task fails alone.

``multiprocessing.Pool`` cannot stop one task, only the whole pool; OCR needs a
page that hangs (or kills its process) to fail while the other pages go on. So
each worker gets one task at a time over its own pipe; a worker past its limit
is killed and replaced, and its task reported as failed. Workers come from the
same forkserver as the parse workers (a threaded parent forks cleanly), and
keep state between tasks (an OCR engine loads its models once per process).
A task's clock starts when a ready worker receives it, so a slow process start
on a busy machine is not charged to the task. The limit is CPU time the worker spent
on the task (``timeout_s × cpu_scale``, the scale being its threads): on a machine
busy with other work a page gets little CPU per second, and a wall-clock limit failed
readable scan pages at load 25. A task that neither finishes nor spends its CPU
budget (blocked, or starved) is still stopped at ``WALL_FACTOR`` times the limit.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any, Generic, TypeVar

from pipeline.errors import OcrError
from pipeline.parse.workers import _context, spawnable_main

log = logging.getLogger(__name__)
T = TypeVar("T")

_READY = -1
STARTUP_TIMEOUT_S = 120.0
WALL_FACTOR = 5.0
_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process (all its threads), or None where unreadable."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / _TICK


@dataclass(slots=True)
class TaskFailure:
    """Why a task produced no result (its exception, a timeout, or a crashed worker)."""

    reason: str


def _serve(conn: Connection, fn: Callable[..., Any]) -> None:
    """Worker loop: say ready, then run ``fn(*args)`` per task until told to stop."""
    conn.send((_READY, True, None))
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
    spawned: float
    ready: bool = False
    dead: bool = False
    key: int | None = None
    started: float = 0.0
    cpu_start: float | None = None  # the worker's CPU seconds when the task began
    check: float = 0.0  # when to look at the task's CPU time next


class TaskPool(Generic[T]):
    """Run ``fn(*args)`` for many tasks on ``workers`` processes, ``timeout_s`` each."""

    def __init__(
        self, fn: Callable[..., T], *, workers: int, timeout_s: float, cpu_scale: float = 1.0
    ) -> None:
        self.fn = fn
        self.workers = max(1, workers)
        self.timeout_s = timeout_s
        self.cpu_budget = timeout_s * max(1.0, cpu_scale)
        self._slots: list[_Slot] = []
        self._results: dict[int, T | TaskFailure] = {}
        self._on_done: Callable[[int, T | TaskFailure], None] | None = None

    def run(
        self,
        tasks: Sequence[tuple[Any, ...]],
        *,
        on_done: Callable[[int, T | TaskFailure], None] | None = None,
    ) -> list[T | TaskFailure]:
        """Results (or TaskFailure) in task order; ``on_done(i, result)`` as each finishes."""
        self._results, self._on_done = {}, on_done
        todo = deque(range(len(tasks)))
        try:
            self._slots = [self._spawn() for _ in range(min(self.workers, len(tasks)))]
            while len(self._results) < len(tasks):
                for slot in self._slots:
                    if slot.ready and not slot.dead and slot.key is None and todo:
                        slot.key, slot.started = todo.popleft(), time.monotonic()
                        slot.cpu_start = cpu_seconds(slot.proc.pid)
                        slot.check = slot.started + self.timeout_s
                        slot.conn.send((slot.key, tasks[slot.key]))
                self._step(more=bool(todo))
        finally:
            self.close()
        return [self._results[i] for i in range(len(tasks))]

    def _finish(self, key: int, result: T | TaskFailure) -> None:
        self._results[key] = result
        if self._on_done is not None:
            self._on_done(key, result)

    def _deadline(self, slot: _Slot) -> float:
        if not slot.ready:
            return slot.spawned + STARTUP_TIMEOUT_S
        return slot.check if slot.key is not None else float("inf")

    def _over_budget(self, slot: _Slot) -> bool:
        """Past its CPU budget or the wall-clock cap; else the next look is scheduled."""
        now = time.monotonic()
        used = cpu_seconds(slot.proc.pid)
        if slot.cpu_start is None or used is None:
            return True  # no CPU clock here: the wall clock is the limit
        left = self.cpu_budget - (used - slot.cpu_start)
        cap = slot.started + self.timeout_s * WALL_FACTOR
        if left <= 0 or now >= cap:
            return True
        slot.check = min(cap, now + max(1.0, left))
        return False

    def _step(self, *, more: bool) -> None:
        """Wait for the next message, crash or deadline, and handle it."""
        waiting = [s for s in self._slots if not s.dead and (not s.ready or s.key is not None)]
        wait_s = max(0.0, min(self._deadline(s) for s in waiting) - time.monotonic())
        ready = wait([s.conn for s in waiting] + [s.proc.sentinel for s in waiting], wait_s)
        for i, slot in list(enumerate(self._slots)):
            if slot not in waiting:
                continue
            if slot.conn in ready or slot.proc.sentinel in ready:
                self._receive(i, slot, more=more)
            elif time.monotonic() >= self._deadline(slot):
                if slot.ready and not self._over_budget(slot):
                    continue
                if not slot.ready:
                    raise OcrError(
                        f"OCR worker processes did not start within {STARTUP_TIMEOUT_S:.0f} s; "
                        "the machine is overloaded or out of memory. Try again later."
                    )
                key = slot.key
                self._replace(i, slot, more=more)
                if key is not None:
                    self._finish(key, TaskFailure(f"timed out after {self.timeout_s:.0f} s"))

    def _receive(self, i: int, slot: _Slot, *, more: bool) -> None:
        key = slot.key
        try:
            got, ok, value = slot.conn.recv()
        except (EOFError, OSError):
            code = slot.proc.exitcode
            self._replace(i, slot, more=more)
            if key is not None:
                self._finish(key, TaskFailure(f"the worker process died (exit code {code})"))
            return
        if got == _READY:
            slot.ready = True
            return
        slot.key = None
        self._finish(got, value if ok else TaskFailure(value))

    def _spawn(self) -> _Slot:
        ctx = _context()
        parent, child = ctx.Pipe(duplex=True)
        proc = ctx.Process(target=_serve, args=(child, self.fn), daemon=True)
        with spawnable_main():
            proc.start()
        child.close()
        return _Slot(proc=proc, conn=parent, spawned=time.monotonic())

    def _replace(self, i: int, slot: _Slot, *, more: bool) -> None:
        """Kill a worker; start a new one only if tasks are still waiting."""
        slot.proc.kill()
        slot.proc.join(5)
        slot.conn.close()
        slot.dead = True
        if more:
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
