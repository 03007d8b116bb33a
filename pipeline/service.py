"""Folio's services in one object: what the CLI, the agent and the UI call.

Building a ``Folio`` opens nothing heavy: the database is opened on first use and
the embedding model is loaded the first time it is needed.
"""

from __future__ import annotations

import copy
import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.config_check import check_backends
from pipeline.embed import Embedder, make_embedder
from pipeline.errors import FolioError, NotFoundError
from pipeline.library import LibraryMethods
from pipeline.models import Component, Document, SearchHit
from pipeline.paths import expand_paths
from pipeline.perceive import store as _perception  # noqa: F401  (its migration; ingest is lazy)
from pipeline.progress import Fanout, ProgressCallback, log_progress
from pipeline.query_vectors import QueryVectors, query_for_embedding
from pipeline.reads import ReadMethods
from pipeline.scheduler import Scheduler, lane_of
from pipeline.stage_context import StageContext
from pipeline.stages.embed import vector_space
from pipeline.stages.registry import background_components
from pipeline.store.conversations import ConversationInfo, ConversationStore, StoredMessage
from pipeline.store.db import Database
from pipeline.store.documents import DocumentStore
from pipeline.store.index import SearchIndex
from pipeline.store.indexes import make_index
from pipeline.store.jobs import Job, JobQueue, Lane
from pipeline.store.rules import Rule, RuleStore
from pipeline.store.workspaces import WorkspaceRegistry
from pipeline.worker import LANES, Worker
from pipeline.worker_process import WorkerProcess
from pipeline.workspace import LOCAL, SHARED
from settings import Settings

if TYPE_CHECKING:
    from pipeline.ingest import Ingestor, IngestResult

# The stores' types the other layers name (they reach the stores only through Folio).
__all__ = [
    "ConversationInfo",
    "ConversationStore",
    "Folio",
    "Rule",
    "RuleStore",
    "StoredMessage",
    "expand_paths",
    "make_index",
    "query_for_embedding",
]

log = logging.getLogger(__name__)


class Folio(LibraryMethods, ReadMethods):
    """The services of one workspace (``local`` unless built with another, or via :meth:`scoped`).

    Every method reads and writes only that workspace (plus reading the shared library).
    ``folio.scoped(ws)`` is a cheap view sharing the database, index, embedder and background
    runner; the interface the UI, the API and the CLI use is ``Folio.scoped(ws).<method>``.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        embedder: Embedder | Callable[[], Embedder | None] | None = None,
        index: SearchIndex | None = None,
        workspace: str = LOCAL,
    ) -> None:
        check_backends(settings)  # a bad engine or backend name fails before anything opens
        self.settings = settings
        self.workspace = workspace
        self.db = Database(settings.db_path)
        self.system_store = DocumentStore(self.db, workspace=None)
        self.store = self.system_store.scoped(workspace)
        self.workspaces = WorkspaceRegistry(self.db)
        self.index: SearchIndex = index or make_index(settings, self.db)
        self.events = Fanout([log_progress])
        self.queue = JobQueue(self.db, lease_s=settings.job_lease_s)
        self.jobs = Scheduler(
            settings,
            self.db,
            self.system_store,
            self.queue,
            self.events,
            self._stage_context,
            self._run_parse,
        )
        self._ingestor_built: Ingestor | None = None
        self.worker = Worker(
            self.queue,
            self.jobs.run_job,
            {"parse": settings.parse_jobs, "knowledge": 1, "embed": 1},
            self.jobs.on_progress,
        )
        self._root = self
        self._embedder_factory = embedder
        self._embedder: Embedder | None = None
        self._embedder_loaded = False
        self._embedder_lock = threading.Lock()
        self._queries = QueryVectors()  # views share it (copy.copy)
        self._elsewhere: WorkerProcess | None = None  # jobs run in that process, not here

    # --- workspaces --------------------------------------------------------------------------
    def scoped(self, workspace: str) -> Folio:
        """The same services acting in ``workspace`` (shares everything heavy with this one)."""
        if workspace == self.workspace:
            return self
        view = copy.copy(self)
        view.workspace = workspace
        view.store = self.system_store.scoped(workspace)
        view._ingestor_built = None
        return view

    @property
    def ingestor(self) -> Ingestor:
        """Built on first use: parsing, OCR and PyMuPDF (seconds of imports, a layout model
        loaded on import) load only in processes that ingest, not for ``list`` or ``ask``."""
        if self._ingestor_built is None:
            from pipeline.ingest import Ingestor

            self._ingestor_built = Ingestor(
                self.settings,
                self.store,
                self.index,
                self.queue,
                self.events,
                self.jobs.queue_background,
            )
        return self._ingestor_built

    def _run_parse(self, job: Job, report: Callable[[float, str], None]) -> None:
        """A parse job runs in its document's workspace, whichever view claimed it."""
        ws = job.payload.get("doc", {}).get("workspace") or LOCAL
        self._root.scoped(ws).ingestor.run_parse(job, report)

    def load_shared_library(self) -> list[IngestResult]:
        """Ingest ``FOLIO_SHARED_DOCS`` into the read-only shared library (unchanged files skip)."""
        folder = self.settings.shared_docs
        if folder is None:
            return []
        if not folder.is_dir():
            log.warning("FOLIO_SHARED_DOCS=%s is not a folder; no shared library", folder)
            return []
        return self.scoped(SHARED).ingest([folder])

    def touch(self) -> None:
        """Note that this workspace is in use (idle anonymous workspaces are cleaned up)."""
        self.workspaces.touch(self.workspace)

    def delete_workspace(self) -> list[Document]:
        """Delete every document this workspace owns (files, rows, vectors, components)."""
        removed = [self.delete(d.doc_id) for d in self.store.all(own_only=True)]
        self.workspaces.forget(self.workspace)
        return removed

    # --- dependencies ----------------------------------------------------------------------
    def embedder(self) -> Embedder | None:
        """The dense model, loaded on first use; None when dense search is off."""
        if self._root is not self:
            return self._root.embedder()
        if not self._embedder_loaded:
            with self._embedder_lock:
                if not self._embedder_loaded:
                    f = self._embedder_factory
                    if f is None:
                        self._embedder = make_embedder(self.settings.embedding_model)
                    elif callable(f) and not hasattr(f, "embed_query"):
                        self._embedder = f()
                    else:
                        self._embedder = f  # type: ignore[assignment]
                    self._embedder_loaded = True
        return self._embedder

    def add_listener(self, fn: ProgressCallback) -> None:
        self.events.listeners.append(fn)

    def _stage_context(
        self, doc_id: str, report: Callable[[float, str], None]
    ) -> StageContext | None:
        doc = self.system_store.get(doc_id)
        if doc is None:
            return None
        return StageContext(
            doc=doc,
            settings=self.settings,
            store=self.system_store.scoped(doc.workspace),
            index=self.index,
            embedder=self.embedder,
            report=report,
        )

    # --- ingestion ---------------------------------------------------------------------------
    def ingest(
        self,
        paths: Iterable[Path],
        *,
        wait: bool = False,
        names: Sequence[str] | None = None,
        run_background: bool = True,
    ) -> list[IngestResult]:
        """Ingest files (folders are walked); returns when each is lexically searchable.

        Parse jobs run in this process unless another process claimed them first
        (then this waits for them). Background components are queued; with
        ``run_background=False`` this process leaves them to another one
        (``cli.py resume``, the web app).
        """
        results = self.submit(paths, names=names)
        queued = [r.doc_id for r in results if r.outcome == "queued" and r.doc_id]
        if queued:
            self._drain(["parse"], queued)
            self.jobs.wait_for(queued, lanes=["parse"])
        for r in results:
            if r.outcome == "queued" and r.doc_id:
                self._settle(r)
        docs = [r.doc_id for r in results if r.doc_id and r.outcome != "failed"]
        if docs and wait:
            self.wait(docs)
        elif docs and run_background:
            self._drain(["knowledge", "embed"], docs)
        for r in results:
            if r.doc_id:
                r.document = self.store.get(r.doc_id) or r.document
        return results

    def submit(
        self, paths: Iterable[Path], *, names: Sequence[str] | None = None
    ) -> list[IngestResult]:
        """Check files and queue their parse jobs; returns at once (outcome 'queued')."""
        self.recover()
        results: list[IngestResult] = []
        for i, path in enumerate(expand_paths(paths)):
            name = names[i] if names and i < len(names) else None
            result = self.ingestor.prepare(path, name=name)
            if result.outcome == "unchanged" and result.doc_id:
                result.queued = self.jobs.requeue_unfinished(result.doc_id)
            results.append(result)
        return results

    def _settle(self, result: IngestResult) -> None:
        """Turn a finished parse job into the result's outcome."""
        assert result.doc_id is not None
        job = self.queue.get(result.doc_id, "parse")
        if job is None:  # the document was deleted meanwhile
            result.outcome, result.error = "failed", f"'{result.name}' was deleted meanwhile."
        elif job.state == "failed":
            result.outcome, result.error = "failed", job.error
        else:
            replaced = job.payload.get("replaces")
            result.outcome = (
                "replaced"
                if replaced is not None
                else "updated"
                if job.payload.get("existed")
                else "added"
            )
            result.previous_pages = replaced
            result.queued = list(background_components())

    def recover(self) -> int:
        """Requeue jobs whose process died; repair statuses no job stands behind."""
        return self.jobs.recover()

    def requeue_stale_vectors(self) -> list[str]:
        """Queue embedding again for documents whose stored vectors another model or an
        older embedding recipe made (they are not searched: the vector space differs)."""
        embedder = self.embedder()
        if embedder is None:
            return []
        space = self.vector_space(embedder) or ""
        stale = []
        for doc_id in self.index.documents_missing_vectors(space):
            doc = self.store.get(doc_id)
            status = doc.status.get("embed") if doc is not None else None
            if status is not None and status.state == "ready":
                self.store.set_status(doc_id, "embed", "pending", note="new embedding recipe")
                self.jobs.requeue_unfinished(doc_id)
                stale.append(doc_id)
        if stale:
            log.info("re-embedding %d documents made with another vector recipe", len(stale))
        return stale

    def resume(self) -> list[str]:
        """Recover, then work on every unfinished job in this process; the documents."""
        self.recover()
        self.requeue_stale_vectors()
        docs = sorted({j.doc_id for j in self.queue.jobs() if j.state in ("queued", "running")})
        self.worker.drain(LANES, None)
        return docs

    def serve(self) -> None:
        """Work on the shared queue until :meth:`close` (the web app): here, or in the
        background process :meth:`work_elsewhere` chose."""
        root = self._root
        if root._elsewhere is not None:
            root._elsewhere.start()
            return
        self.recover()
        self.requeue_stale_vectors()
        self.worker.serve()

    def work_elsewhere(self) -> None:
        """Leave every job to a background process at a lower OS priority (started by
        :meth:`serve`): this process only queues jobs and waits for them."""
        self._root._elsewhere = self._root._elsewhere or WorkerProcess(self.settings)

    def _drain(self, lanes: list[Lane], doc_ids: list[str] | None) -> None:
        if self._root._elsewhere is None:
            self.worker.drain(lanes, doc_ids)
        else:
            self._root._elsewhere.start()

    def wait(self, doc_ids: Iterable[str] | None = None, timeout: float | None = None) -> bool:
        """Block until no job of these documents (or none at all) is queued or running,
        whichever process runs them; this process helps."""
        ids = list(doc_ids) if doc_ids is not None else None
        self._drain(list(LANES), ids)
        return self.jobs.wait_for(ids, timeout=timeout)

    def busy(self) -> bool:
        return self.queue.live() > 0

    def regenerate(self, doc_id: str, component: Component, *, wait: bool = False) -> None:
        """Re-run one component alone from what is stored."""
        doc = self._writable(doc_id)
        if component in ("parse", "ocr", "index"):
            stored = self.settings.data_dir / doc.stored_path
            if not stored.exists():
                raise NotFoundError(f"The stored file of '{doc.name}' is missing; upload it again.")
            result = self.ingestor.prepare(stored, name=doc.name, force=True)
            if result.error:
                raise FolioError(result.error)
        elif component in background_components():
            lane = lane_of(component)
            seq = background_components().index(component)
            self.queue.enqueue(
                doc_id, component, lane, cost=float(doc.chunks), seq=seq, restart=True
            )
        else:
            raise FolioError(f"'{component}' cannot be regenerated in this version.")
        if wait:
            self.wait([doc_id])
            job = self.queue.get(
                doc_id, component if component in background_components() else "parse"
            )
            if job is not None and job.state == "failed" and component in ("parse", "ocr", "index"):
                raise FolioError(job.error or "parsing failed")

    def search(self, query: str, doc_ids: Sequence[str], *, k: int = 8) -> list[SearchHit]:
        """Hybrid search restricted to ``doc_ids`` (dense part where embeddings exist)."""
        if not query.strip():
            return []
        for d in doc_ids:
            self.store.require(d)
        embedder = self.embedder() if self.settings.dense_weight > 0 else None
        qv = self._queries.vector(embedder, query) if embedder is not None else None
        return self.index.search(
            query,
            list(doc_ids),
            k=k,
            query_vector=qv,
            model=self.vector_space(embedder),
            weights=self.weights,
            workspace=self.workspace,
        )

    def vector_space(self, embedder: Embedder | None) -> str | None:
        if embedder is None:
            return None
        return vector_space(embedder.name, self.settings.embed_max_tokens)

    def close(self) -> None:
        self.worker.stop()
        if self._root is not self:
            return  # a view: the root owns the pool and the database
        if self._elsewhere is not None:
            self._elsewhere.stop()
        self._queries.close()
        self.db.close()
