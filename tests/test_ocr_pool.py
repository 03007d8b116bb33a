"""TaskPool: a task that hangs, raises or kills its process fails alone."""

from __future__ import annotations

import time

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
