"""TaskPool: a task that hangs, raises or kills its process fails alone."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from pipeline.ocr.pool import TaskFailure, TaskPool
from tests.pool_tasks import task


def test_results_come_back_in_task_order_with_progress() -> None:
    seen: list[int] = []
    pool: TaskPool[int] = TaskPool(task, workers=2, timeout_s=30)
    out = pool.run([("ok", i) for i in range(5)], on_done=lambda i, _: seen.append(i))
    assert out == [0, 2, 4, 6, 8]
    assert sorted(seen) == [0, 1, 2, 3, 4]


def test_hung_raising_and_crashing_tasks_fail_alone() -> None:
    pool: TaskPool[int] = TaskPool(task, workers=2, timeout_s=1.5)
    started = time.monotonic()
    out = pool.run([("ok", 1), ("sleep", 60), ("raise", 3), ("crash", 4), ("ok", 5)])
    assert time.monotonic() - started < 20  # the sleeper was killed, not awaited
    assert out[0] == 2 and out[4] == 10
    assert isinstance(out[1], TaskFailure) and "timed out" in out[1].reason
    assert isinstance(out[2], TaskFailure) and "bad input 3" in out[2].reason
    assert isinstance(out[3], TaskFailure) and "died" in out[3].reason


def test_the_limit_is_cpu_time_so_a_starved_task_is_not_failed_for_waiting() -> None:
    """A worker that gets no CPU (here: asleep, as on a machine busy with other work)
    is not charged for the wait; one that spends its CPU budget is stopped."""
    pool: TaskPool[int] = TaskPool(task, workers=2, timeout_s=1.0)
    out = pool.run([("sleep", 3), ("spin", 30)])
    assert out[0] == 6, out[0]  # 3 s of wall clock, nearly no CPU: it finishes
    assert isinstance(out[1], TaskFailure) and "timed out" in out[1].reason
    started = time.monotonic()
    assert isinstance(TaskPool(task, workers=1, timeout_s=1.0).run([("sleep", 60)])[0], TaskFailure)
    assert time.monotonic() - started < 30  # a blocked task still stops at the wall cap


def test_a_timed_out_page_is_retried_alone_before_it_fails(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from pipeline import ocr
    from pipeline.models import Page, ParsedDocument
    from pipeline.ocr.pool import TaskFailure
    from settings import Settings

    pools: list[tuple[int, float, int]] = []

    class Busy:
        def __init__(self, fn: object, *, workers: int, timeout_s: float, **_: Any) -> None:
            self.workers, self.timeout_s = workers, timeout_s

        def run(self, tasks: list[tuple[object, ...]], *, on_done: Any) -> list[object]:
            pools.append((self.workers, self.timeout_s, len(tasks)))
            first = len(pools) == 1
            for i in range(len(tasks)):
                on_done(i, TaskFailure("timed out after 5 s" if first else "engine crashed"))
            return []

    monkeypatch.setattr(ocr, "TaskPool", Busy)
    monkeypatch.setattr(ocr, "choose_engine", lambda name: _Choice())
    pages = [Page(page=n, width=100, height=100, needs_ocr="no text layer") for n in (1, 2)]
    parsed = ParsedDocument(kind="pdf", pages=pages)
    settings = Settings(data_dir=tmp_path, ocr_page_timeout_s=5, workers=2)
    report = ocr.ocr_document(tmp_path / "scan.pdf", parsed, settings)
    assert pools[0] == (2, 5, 2) and pools[1] == (1, 10, 2)  # alone, twice the time
    assert report.failed == [1, 2] and all("engine crashed" in (p.failed or "") for p in pages)


class _Choice:
    name = "rapidocr"
    note = None
