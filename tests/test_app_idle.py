"""The served app costs next to nothing while nobody uses it: on 2 cores, every idle
percent of a core is taken from ingestion running beside it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from testkit.appserver import serve_process

pytestmark = pytest.mark.slow

SAMPLE_S = 10.0
IDLE_CPU_SHARE = 0.02  # of one core; Gradio's own 1 ms queue polling alone spent ~0.06


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])  # utime + stime
    return ticks / 100.0


def _wait_for(log: Path, text: str, budget: float) -> None:
    deadline = time.monotonic() + budget
    while time.monotonic() < deadline:
        if text in log.read_text(errors="replace"):
            return
        time.sleep(0.5)
    raise TimeoutError(f"{text!r} never appeared in {log}")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_the_idle_app_spends_under_two_percent_of_a_core(tmp_path: Path) -> None:
    log = tmp_path / "app.log"
    with serve_process(tmp_path / "data", log) as (_, proc):
        _wait_for(log, "warm-up done", 240)  # the models load after the server is up
        time.sleep(2.0)
        before, started = _cpu_seconds(proc.pid), time.monotonic()
        time.sleep(SAMPLE_S)
        spent = _cpu_seconds(proc.pid) - before
        share = spent / (time.monotonic() - started)
    assert share < IDLE_CPU_SHARE, f"the idle app spent {share:.1%} of a core"
