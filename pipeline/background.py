"""Runs background components (embedding, knowledge) one at a time in a worker thread.

The embedding engine already uses both cores, so one worker is the right size.
Each task claims its component by setting it to ``running``; failures are
recorded with their reason and never touch other components.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Iterable

from pipeline.errors import FolioError
from pipeline.models import Component
from pipeline.progress import ProgressCallback
from pipeline.stages import StageContext, stage_for
from pipeline.store.documents import DocumentStore

log = logging.getLogger(__name__)

Task = tuple[str, Component]
ContextFactory = Callable[[str, Component, Callable[[float, str], None]], StageContext | None]


class BackgroundRunner:
    def __init__(
        self, store: DocumentStore, make_context: ContextFactory, progress: ProgressCallback
    ) -> None:
        self.store = store
        self.make_context = make_context
        self.progress = progress
        self._queue: queue.Queue[Task | None] = queue.Queue()
        self._pending: set[Task] = set()
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def submit(self, doc_id: str, components: Iterable[Component]) -> None:
        with self._cond:
            for comp in components:
                task = (doc_id, comp)
                if task in self._pending:
                    continue
                self._pending.add(task)
                self.store.set_status(doc_id, comp, "pending")
                self._queue.put(task)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="folio-bg", daemon=True)
                self._thread.start()

    def wait(self, doc_ids: Iterable[str] | None = None, timeout: float | None = None) -> bool:
        """Block until no task of these documents (or none at all) is queued or running."""
        wanted = set(doc_ids) if doc_ids is not None else None
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while any(wanted is None or d in wanted for d, _ in self._pending):
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return False
                self._cond.wait(remaining if remaining is not None else 1.0)
        return True

    def busy(self) -> bool:
        with self._cond:
            return bool(self._pending)

    def run_now(self, doc_id: str, component: Component) -> None:
        """Run one component synchronously in the caller's thread."""
        self._run(doc_id, component)

    def _loop(self) -> None:
        while True:
            try:
                task = self._queue.get(timeout=30)
            except queue.Empty:
                with self._cond:
                    if self._queue.empty():
                        self._thread = None
                        return
                continue
            if task is None:
                return
            try:
                self._run(*task)
            finally:
                with self._cond:
                    self._pending.discard(task)
                    self._cond.notify_all()

    def _run(self, doc_id: str, comp: Component) -> None:
        last = [0.0]

        def report(fraction: float, message: str) -> None:
            now = time.monotonic()
            if fraction < 1.0 and now - last[0] < 0.5:
                return  # keep status writes cheap
            last[0] = now
            self.store.set_status(doc_id, comp, "running", progress=fraction)
            self.progress(doc_id, comp, "running", fraction, message)

        ctx = self.make_context(doc_id, comp, report)
        if ctx is None:  # the document was deleted meanwhile
            return
        self.store.set_status(doc_id, comp, "running", progress=0.0)
        self.progress(doc_id, comp, "running", 0.0, "")
        try:
            stage_for(comp)(ctx)
        except FolioError as exc:
            self._fail(doc_id, comp, str(exc))
        except Exception as exc:
            log.exception("%s failed for %s", comp, doc_id)
            self._fail(doc_id, comp, f"unexpected error: {exc}")
        else:
            if self.store.get(doc_id) is not None:
                self.store.set_status(doc_id, comp, "ready")
                self.progress(doc_id, comp, "ready", 1.0, "")

    def _fail(self, doc_id: str, comp: Component, reason: str) -> None:
        if self.store.get(doc_id) is not None:
            self.store.set_status(doc_id, comp, "failed", reason=reason)
        self.progress(doc_id, comp, "failed", 0.0, reason)
