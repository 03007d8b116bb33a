"""Who runs which job: queueing background components, running claimed jobs, recovery.

The queue itself (claims, leases) is :mod:`pipeline.store.jobs`; the threads
that claim are :mod:`pipeline.worker`. This module decides what a job does and
what its end writes, each in one transaction with the job's end.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from pipeline.errors import FolioError, without_paths
from pipeline.models import Component, ComponentState, Document
from pipeline.stage_context import StageContext
from pipeline.stages.registry import background_components, stage_for
from pipeline.store.db import Database
from pipeline.store.documents import DocumentStore
from pipeline.store.jobs import Job, JobQueue, Lane, LeaseLost
from pipeline.worker import Interrupted
from settings import Settings

log = logging.getLogger(__name__)

# A stage that met a database another process kept busy past SQLite's busy timeout (a
# long write on a loaded machine) did nothing wrong: it runs again, up to this many times
# in all, before its component is shown as failed.
BUSY_ATTEMPTS = 3


def database_busy(exc: BaseException) -> bool:
    return isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc).lower()


Reporter = Callable[[float, str], None]


def lane_of(component: Component) -> Lane:
    return "embed" if component == "embed" else "knowledge"


@dataclass
class Scheduler:
    settings: Settings
    db: Database
    store: DocumentStore
    queue: JobQueue
    events: Callable[..., None]
    stage_context: Callable[[str, Reporter], StageContext | None]
    run_parse: Callable[[Job, Reporter], None]

    def queue_background(self, conn: Any, doc: Document) -> None:
        """Queue every background component of a freshly committed document (short first)."""
        for seq, comp in enumerate(background_components()):
            lane = lane_of(comp)
            self.queue.enqueue(
                doc.doc_id, comp, lane, cost=float(doc.chunks), seq=seq, conn=conn, restart=True
            )

    def requeue_unfinished(self, doc_id: str) -> list[Component]:
        """Queue background components that are neither done nor queued (older data dirs)."""
        doc = self.store.get(doc_id)
        if doc is None:
            return []
        todo = [
            c
            for c in background_components()
            if doc.status.get(c) is None or doc.status[c].state in ("pending", "running")
        ]
        for seq, comp in enumerate(background_components()):
            if comp in todo:
                lane = lane_of(comp)
                self.queue.enqueue(doc_id, comp, lane, cost=float(doc.chunks), seq=seq)
        return todo

    def recover(self) -> int:
        """Requeue jobs whose process died, and repair statuses no job stands behind."""
        n = self.queue.reap()
        for doc_id, comp in self.queue.orphan_statuses():
            n += 1
            if comp in background_components():
                self.requeue_unfinished(doc_id)
            else:
                self._settle_orphan(doc_id, cast(Component, comp))
        self._sweep_incoming()
        return n

    def _settle_orphan(self, doc_id: str, comp: Component) -> None:
        """A parse-side status from a process that died before jobs existed: the stored
        version (if any) stands, else the upload is gone and the user must send it again."""
        kept = (
            self.db.connect()
            .execute("SELECT 1 FROM chunks WHERE doc_id = ? LIMIT 1", (doc_id,))
            .fetchone()
        )
        if kept:
            self.store.set_status(doc_id, comp, "ready")
        else:
            reason = "Parsing was interrupted and its upload is gone; upload the file again."
            self.store.set_status(doc_id, comp, "failed", reason=reason)

    def _sweep_incoming(self, min_age_s: float = 30.0) -> None:
        """Delete staged uploads no job needs (left by a process killed while staging)."""
        files = self.settings.files_dir
        if not files.is_dir():
            return
        needed = {(self.settings.data_dir / p).parent for p in self.queue.staged_paths()}
        now = time.time()
        for folder in files.glob(".incoming-*"):
            if folder in needed:
                continue
            try:
                newest = max(
                    [folder.stat().st_mtime] + [f.stat().st_mtime for f in folder.iterdir()]
                )
            except OSError:
                continue
            if now - newest >= min_age_s:
                shutil.rmtree(folder, ignore_errors=True)

    def wait_for(
        self, doc_ids: list[str] | None, *, lanes: Any = None, timeout: float | None = None
    ) -> bool:
        deadline = None if timeout is None else time.monotonic() + timeout
        pause = 0.05
        while self.queue.live(doc_ids, lanes) > 0:
            if deadline is not None and time.monotonic() >= deadline:
                return False
            self.queue.reap()  # a dead owner's job must not keep us waiting
            time.sleep(pause)
            pause = min(0.5, pause * 1.5)
        return True

    def run_job(self, job: Job, report: Callable[[float, str], None]) -> None:
        if job.lane == "parse":
            self.run_parse(job, report)
            return
        ctx = self.stage_context(job.doc_id, report)
        if ctx is None:
            return  # deleted meanwhile (its jobs went with it)
        self.events(job.doc_id, job.component, "running", 0.0, "")
        try:
            stage_for(job.component)(ctx)
        except (LeaseLost, Interrupted):
            raise
        except FolioError as exc:
            self._end(job, "failed", str(exc))
        except Exception as exc:
            if database_busy(exc) and job.attempts < BUSY_ATTEMPTS:
                log.warning("%s of %s met a busy database; queued again", job.component, job.doc_id)
                self.queue.release(job, retry=True)
                return
            log.exception("%s failed for %s", job.component, job.doc_id)
            self._end(job, "failed", f"unexpected error: {without_paths(str(exc))}")
        else:
            self._end(job, "done", None)

    def _end(self, job: Job, state: Any, reason: str | None) -> None:
        with self.db.transaction() as conn:
            if not conn.execute(
                "SELECT 1 FROM documents WHERE doc_id = ?", (job.doc_id,)
            ).fetchone():
                return
            self.queue.finish(job, state, error=reason, conn=conn)
            status: ComponentState = "ready" if state == "done" else "failed"
            self.store.set_status(job.doc_id, job.component, status, reason=reason, conn=conn)
        self.events(
            job.doc_id,
            job.component,
            "ready" if state == "done" else "failed",
            1.0 if state == "done" else 0.0,
            reason or "",
        )

    def on_progress(self, job: Job, fraction: float, message: str) -> None:
        if job.lane == "parse":
            return  # the parse job writes its own statuses (parse, ocr, index)
        self.store.set_status(
            job.doc_id, job.component, "running", progress=fraction, note=message or None
        )
        self.events(job.doc_id, job.component, "running", fraction, message)
