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


def _label(pid: int) -> str:
    """A short name for a process: its script or module (app.py, cli.py, pipeline.background)."""
    try:
        args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return "?"
    words = [a.decode(errors="replace") for a in args[1:4] if a]
    if words[:1] == ["-m"] and len(words) > 1:
        return words[1]
    if words[:1] == ["-B"] or words[:1] == ["-c"]:
        return "forkserver/pool"
    return " ".join(Path(w).name for w in words[:2]) or "?"


def _peak_rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0.0


class CpuMeter:
    """``with CpuMeter() as m: …`` then ``m.seconds``: CPU of the process and its workers."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.peak_rss_mb: dict[str, float] = {}  # per kind of process (largest one seen)
        self.cpu_by_label: dict[str, float] = {}  # CPU seconds per kind of process
        self._labels: dict[int, str] = {}
        self._seen: dict[int, float] = {}
        self._start: dict[int, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True, name="cpu-meter")

    def _sample(self) -> None:
        rounds = 0
        while not self._stop.wait(INTERVAL_S):
            found = _descendants(os.getpid())
            self._seen.update(found)
            for pid in found.keys() - self._labels.keys():
                self._labels[pid] = _label(pid)
            rounds += 1
            if rounds % 10 == 0:  # every 2 s: memory peaks move slowly
                for pid in found:
                    label = _label(pid)
                    peak = max(self.peak_rss_mb.get(label, 0.0), _peak_rss_mb(pid))
                    self.peak_rss_mb[label] = peak

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
        for pid, cpu in self._seen.items():
            label = self._labels.get(pid) or _label(pid)
            spent = cpu - self._start.get(pid, 0.0)
            self.cpu_by_label[label] = self.cpu_by_label.get(label, 0.0) + spent
        self.seconds = time.process_time() - self._self0 + max(0.0, workers)
