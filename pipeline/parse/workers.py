"""Run page-level work in worker processes with a hard deadline.

Some PDFs make MuPDF spin for minutes (``issue-301.pdf``); a thread cannot be
stopped, a process can. Workers come from a forkserver so a threaded parent
(the web app) forks cleanly, and PyMuPDF is imported once in the server.
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import multiprocessing.process as mp_process
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.pool import AsyncResult
from typing import Any, TypeVar

from pipeline.errors import ParseTimeoutError

log = logging.getLogger(__name__)
T = TypeVar("T")

_ctx: Any = None


def _context() -> Any:
    global _ctx
    if _ctx is None:
        _ctx = mp.get_context("forkserver")
        _ctx.set_forkserver_preload(["pymupdf", "pipeline.parse.pdf_page"])
    return _ctx


@contextmanager
def spawnable_main() -> Iterator[None]:
    """Let child processes start when the parent's ``__main__`` has no file on disk.

    A forkserver child re-runs the parent's main script from its path; for code read
    from stdin that path is '<stdin>', which does not exist, and every child dies at
    birth. Hiding the path while processes start makes them start clean instead.
    """
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if main is None or path is None:
        yield
        return
    base = getattr(mp_process, "ORIGINAL_DIR", None) or os.getcwd()
    full = path if os.path.isabs(path) else os.path.join(base, path)
    if os.path.isfile(full):
        yield
        return
    del main.__file__
    try:
        yield
    finally:
        main.__file__ = path


STALL_CAP = 4  # the whole document may take this many stall budgets, however steady


def run_batches(
    fn: Callable[..., T],
    batches: Sequence[tuple[Any, ...]],
    *,
    workers: int,
    timeout_s: float,
    on_done: Callable[[int, T], None] | None = None,
    what: str = "parsing",
) -> list[T]:
    """``fn(*batch)`` for every batch in worker processes; results in batch order.

    ``timeout_s`` bounds a stall: it restarts whenever a batch finishes, so a busy machine
    that parses slowly but steadily is not mistaken for a stuck file (a wall-clock budget for
    the whole document failed readable 10-Ks at load 25). The whole run is still capped at
    ``STALL_CAP`` budgets. Raises ParseTimeoutError (and kills the workers) past either.
    """
    if not batches:
        return []
    n = max(1, min(workers, len(batches)))
    with spawnable_main():
        pool = _context().Pool(n)
    started = time.monotonic()
    cap = started + timeout_s * STALL_CAP
    deadline = started + timeout_s
    try:
        pending: list[AsyncResult[T]] = [pool.apply_async(fn, b) for b in batches]
        results: list[T] = []
        for i, job in enumerate(pending):
            remaining = min(deadline, cap) - time.monotonic()
            if remaining <= 0 or not _wait(job, remaining):
                capped = time.monotonic() >= cap
                waited = f"{timeout_s * STALL_CAP:.0f} s" if capped else f"{timeout_s:.0f} s"
                raise ParseTimeoutError(
                    f"{what.capitalize()} did not finish within {waited} "
                    f"(stuck around batch {i + 1} of {len(batches)}); the file is probably "
                    "malformed. Try re-saving it (e.g. print to PDF) and upload it again."
                )
            result = job.get()
            results.append(result)
            deadline = time.monotonic() + timeout_s  # progress: the stall clock restarts
            if on_done is not None:
                on_done(i, result)
        pool.close()
        return results
    finally:
        pool.terminate()
        pool.join()


def _wait(job: AsyncResult[Any], seconds: float) -> bool:
    job.wait(seconds)
    return job.ready()
