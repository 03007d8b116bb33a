"""Threads that claim jobs from the shared queue and run them, with leases kept alive.

Each lane has a global limit (counted over every process): parsing runs
``parse_jobs`` documents at once, knowledge components and embedding one at a
time each (the embedding engine already uses both cores). A *drain* serves a
set of documents until their jobs are done and then ends (the CLI); ``serve``
runs until the process stops (the web app). A stage learns that its process is
stopping at its next progress report, and the job goes back to the queue.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Sequence

from pipeline.store.jobs import Job, JobQueue, Lane, LeaseLost

log = logging.getLogger(__name__)

LANES: tuple[Lane, ...] = ("parse", "knowledge", "embed")
IDLE_POLL_S = 0.5


class Interrupted(Exception):
    """This process is stopping; the job is given back to the queue."""


Reporter = Callable[[float, str], None]
JobRunner = Callable[[Job, Reporter], None]


class Worker:
    def __init__(
        self,
        queue: JobQueue,
        run_job: JobRunner,
        limits: dict[Lane, int],
        on_progress: Callable[[Job, float, str], None],
    ) -> None:
        self.queue = queue
        self.run_job = run_job
        self.limits = limits
        self.on_progress = on_progress
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()
        self._serving = False
        self._beat: threading.Thread | None = None

    # --- starting ------------------------------------------------------------------------
    def serve(self) -> None:
        """Work on every lane until :meth:`stop` (idempotent)."""
        with self._lock:
            if self._serving:
                return
            self._serving = True
        for lane in LANES:
            for i in range(self.limits[lane]):
                self._start(f"folio-{lane}-{i}", lane, None, ())

    def drain(self, lanes: Iterable[Lane], doc_ids: Sequence[str] | None) -> None:
        """Work on these documents' jobs of these lanes until none is left in them."""
        scope = tuple(lanes)
        for lane in scope:
            for i in range(self.limits[lane]):
                self._start(f"folio-{lane}-drain-{i}", lane, doc_ids, scope)

    def _start(
        self, name: str, lane: Lane, doc_ids: Sequence[str] | None, scope: tuple[Lane, ...]
    ) -> None:
        """A thread claiming ``lane`` jobs; it ends when ``scope`` (lanes) has no live job
        of these documents left, or never when ``scope`` is empty."""
        t = threading.Thread(target=self._loop, args=(lane, doc_ids, scope), name=name, daemon=True)
        with self._lock:
            self._threads = [x for x in self._threads if x.is_alive()]
            self._threads.append(t)
            if self._beat is None:
                self._beat = threading.Thread(
                    target=self._heartbeat, name="folio-lease", daemon=True
                )
                self._beat.start()
        t.start()

    def stop(self, timeout: float = 10.0) -> None:
        self._stop.set()
        deadline = time.monotonic() + timeout
        for t in list(self._threads):
            t.join(max(0.0, deadline - time.monotonic()))

    # --- the loops -----------------------------------------------------------------------
    def _loop(self, lane: Lane, doc_ids: Sequence[str] | None, scope: tuple[Lane, ...]) -> None:
        while not self._stop.is_set():
            try:
                job = self.queue.claim(lane, limit=self.limits[lane], doc_ids=doc_ids)
            except Exception:  # a locked or broken database: try again shortly
                log.exception("claiming a %s job failed", lane)
                job = None
            if job is None:
                if scope and not self.queue.live(doc_ids, scope):
                    return
                self._stop.wait(IDLE_POLL_S)
                continue
            self._run(job)

    def _run(self, job: Job) -> None:
        last = [0.0]

        def report(fraction: float, message: str) -> None:
            if self._stop.is_set():
                raise Interrupted(f"{job.component} of {job.doc_id}: this process is stopping")
            now = time.monotonic()
            if fraction < 1.0 and now - last[0] < 0.5:
                return  # keep status writes cheap
            last[0] = now
            self.queue.check_owned(job)
            self.on_progress(job, fraction, message)

        try:
            self.run_job(job, report)
        except Interrupted:
            log.info("giving %s of %s back to the queue", job.component, job.doc_id)
            self.queue.release(job)
        except LeaseLost:
            log.warning("%s of %s was taken over by another process", job.component, job.doc_id)
        except Exception:  # run_job records stage failures itself; this is a bug
            log.exception("job %s of %s crashed", job.component, job.doc_id)
            try:
                self.queue.fail(job, "unexpected error; the log has the details")
            except Exception:
                log.exception("recording the failure of %s failed", job.component)

    def _heartbeat(self) -> None:
        every = max(0.2, self.queue.lease_s / 4)
        while not self._stop.wait(every):
            try:
                self.queue.heartbeat()
            except Exception:
                log.exception("renewing job leases failed")
