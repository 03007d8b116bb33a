"""CPU seconds spent by this process and its worker processes (Linux /proc), for benches run
on a machine other work loads: wall time then says little, CPU time says what the work cost.

Worker pools outlive a measured call and are not waited for, so ``RUSAGE_CHILDREN`` misses
them; a sampler reads each descendant's /proc/<pid>/stat while it lives and keeps its last
reading (up to one sampling interval is missed at a worker's end).
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
INTERVAL_S = 0.2


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds) of a process, None when it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = raw[raw.rindex(")") + 2 :].split()  # the name may hold spaces
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / _TICK


def _descendants(root: int) -> dict[int, float]:
    table: dict[int, tuple[int, float]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (found := _stat(int(entry))) is not None:
            table[int(entry)] = found
    out: dict[int, float] = {}
    frontier = [root]
    while frontier:
        parent = frontier.pop()
        for pid, (ppid, cpu) in table.items():
            if ppid == parent and pid not in out:
                out[pid] = cpu
                frontier.append(pid)
    return out


class CpuMeter:
    """``with CpuMeter() as m: …`` then ``m.seconds``: CPU of the process and its workers."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._seen: dict[int, float] = {}
        self._start: dict[int, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True, name="cpu-meter")

    def _sample(self) -> None:
        while not self._stop.wait(INTERVAL_S):
            self._seen.update(_descendants(os.getpid()))

    def __enter__(self) -> CpuMeter:
        self._self0 = time.process_time()
        self._start = _descendants(os.getpid())  # workers alive before: count from here
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self._seen.update(_descendants(os.getpid()))
        workers = sum(cpu - self._start.get(pid, 0.0) for pid, cpu in self._seen.items())
        self.seconds = time.process_time() - self._self0 + max(0.0, workers)
