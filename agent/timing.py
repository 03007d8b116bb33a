"""Where one answer's time goes: wall seconds per phase, gathered while the graph runs.

The service times each graph node as its update arrives (``tools``, ``reflect``, …); the
agent node adds its model calls (``model``) and the tools their document searches
(``search``): a round's tool calls run in parallel threads, so the searches' summed time
may exceed the tools' wall time. :meth:`Clock.timing` turns them into the answer's ``Timing``.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

from agent.schemas import Timing


class Clock:
    def __init__(self) -> None:
        self._seconds: dict[str, float] = defaultdict(float)
        self._lock = threading.Lock()  # tools may run in parallel threads

    def add(self, phase: str, seconds: float) -> None:
        with self._lock:
            self._seconds[phase] += seconds

    @contextmanager
    def phase(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self.add(name, time.perf_counter() - started)

    def seconds(self, phase: str) -> float:
        with self._lock:
            return self._seconds.get(phase, 0.0)

    def timing(self, total_ms: int) -> Timing:
        def ms(phase: str) -> int:
            return round(self.seconds(phase) * 1000)

        return Timing(
            search_ms=ms("search"),
            model_ms=ms("model"),
            tools_ms=ms("tools"),
            reflection_ms=ms("reflect"),
            total_ms=total_ms,
        )
