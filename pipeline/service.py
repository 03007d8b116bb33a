"""Folio's services in one object: what the CLI, the agent and the UI call.

Building a ``Folio`` opens nothing heavy: the database is opened on first use and
the embedding model is loaded the first time it is needed.
"""

from __future__ import annotations

import copy
import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from pipeline.embed import Embedder, make_embedder
from pipeline.embed.omp import one_omp_thread
from pipeline.errors import FolioError, NotFoundError, WorkspaceError
from pipeline.ingest import Ingestor, IngestResult, refused_row
from pipeline.models import Chunk, Component, Document, SearchHit
from pipeline.parse import SUFFIXES
from pipeline.progress import ProgressCallback, log_progress
from pipeline.scheduler import Scheduler, lane_of
from pipeline.stages import StageContext, background_components
from pipeline.stages.embed import vector_space
from pipeline.store.db import Database
from pipeline.store.documents import DocumentStore
from pipeline.store.index import QueryVector, SearchIndex, SearchWeights
from pipeline.store.jobs import Job, JobQueue, Lane
from pipeline.store.sqlite_index import SqliteIndex
from pipeline.store.workspaces import WorkspaceRegistry
from pipeline.text.lang import estimate_tokens, split_sentences
from pipeline.worker import LANES, Worker
from pipeline.workspace import LOCAL, SHARED
from settings import Settings

if TYPE_CHECKING:
    from pipeline.background import WorkerProcess

log = logging.getLogger(__name__)


@dataclass
class _Fanout:
    """Progress callbacks registered at run time (e.g. by a UI session)."""

    listeners: list[ProgressCallback]

    def __call__(
        self, doc_id: str, component: Component, state: Any, progress: float, message: str = ""
    ) -> None:
        for fn in list(self.listeners):
            try:
                fn(doc_id, component, state, progress, message)
            except Exception:  # a broken listener must not break ingestion
                log.exception("progress listener failed")


def make_index(settings: Settings, db: Database) -> SearchIndex:
    match settings.index_backend:
        case "sqlite":
            return SqliteIndex(db)
        case "weaviate":
            from pipeline.store.weaviate_index import WeaviateIndex

            return WeaviateIndex(settings, db)


class Folio:
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
        self.settings = settings
        self.workspace = workspace
        self.db = Database(settings.db_path)
        self.system_store = DocumentStore(self.db, workspace=None)
        self.store = self.system_store.scoped(workspace)
        self.workspaces = WorkspaceRegistry(self.db)
        self.index: SearchIndex = index or make_index(settings, self.db)
        self.events = _Fanout([log_progress])
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
        self.ingestor = self._ingestor(self.store)
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
        self._pool: ThreadPoolExecutor | None = None
        self._query_cache: dict[tuple[str, str], np.ndarray] = {}
        self._elsewhere: WorkerProcess | None = None  # jobs run in that process, not here

    # --- workspaces --------------------------------------------------------------------------
    def scoped(self, workspace: str) -> Folio:
        """The same services acting in ``workspace`` (shares everything heavy with this one)."""
        if workspace == self.workspace:
            return self
        view = copy.copy(self)
        view.workspace = workspace
        view.store = self.system_store.scoped(workspace)
        view.ingestor = self._ingestor(view.store)
        return view

    def _ingestor(self, store: DocumentStore) -> Ingestor:
        return Ingestor(
            self.settings, store, self.index, self.queue, self.events, self.jobs.queue_background
        )

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

    def resume(self) -> list[str]:
        """Recover, then work on every unfinished job in this process; the documents."""
        self.recover()
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
        self.worker.serve()

    def work_elsewhere(self) -> None:
        """Leave every job to a background process at a lower OS priority (started by
        :meth:`serve`): this process only queues jobs and waits for them."""
        from pipeline.background import WorkerProcess

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

    # --- reading -----------------------------------------------------------------------------
    def documents(self) -> list[Document]:
        return self.store.all()

    def document(self, doc_id: str) -> Document:
        return self.store.require(doc_id)

    def resolve(self, ref: str) -> str:
        """A document id from an id, a file name, or a unique prefix of an id."""
        docs = self.store.all()
        for match in (
            [d for d in docs if d.doc_id == ref],
            [d for d in docs if d.name == ref],
            [d for d in docs if d.doc_id.startswith(ref)],
        ):
            if len(match) == 1:
                return match[0].doc_id
            if len(match) > 1:
                names = ", ".join(d.doc_id for d in match[:5])
                raise NotFoundError(f"'{ref}' matches several documents ({names}); be more exact.")
        raise NotFoundError(
            f"No document matches '{ref}'. Run 'python cli.py list' to see the ids."
        )

    def chunk(self, chunk_id: str) -> Chunk:
        ch = self.store.get_chunk(chunk_id)
        if ch is None:
            raise NotFoundError(f"No chunk with id '{chunk_id}'.")
        return ch

    def search(self, query: str, doc_ids: Sequence[str], *, k: int = 8) -> list[SearchHit]:
        """Hybrid search restricted to ``doc_ids`` (dense part where embeddings exist)."""
        if not query.strip():
            return []
        for d in doc_ids:
            self.store.require(d)
        embedder = self.embedder() if self.settings.dense_weight > 0 else None
        qv = self._query_vector(embedder, query) if embedder is not None else None
        return self.index.search(
            query,
            list(doc_ids),
            k=k,
            query_vector=qv,
            model=self.vector_space(embedder),
            weights=self.weights,
            workspace=self.workspace,
        )

    def _query_vector(self, embedder: Embedder, query: str) -> QueryVector:
        """The query embedding, computed on a helper thread while lexical search runs.

        Both the engine (C) and SQLite release the GIL, so the two overlap.
        """
        root = self._root
        key = (embedder.name, query)
        cached = root._query_cache.get(key)
        if cached is not None:
            return cached
        future = self._query_pool().submit(embedder.embed_query, query_for_embedding(query))

        def result() -> np.ndarray:
            vec = future.result()
            if len(root._query_cache) > 512:
                root._query_cache.clear()
            root._query_cache[key] = vec
            return vec

        return result

    def _query_pool(self) -> ThreadPoolExecutor:
        if self._root is not self:
            return self._root._query_pool()
        with self._embedder_lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(
                    max_workers=2, thread_name_prefix="folio-query", initializer=one_omp_thread
                )
            return self._pool

    def vector_space(self, embedder: Embedder | None) -> str | None:
        if embedder is None:
            return None
        return vector_space(embedder.name, self.settings.embed_max_tokens)

    @property
    def weights(self) -> SearchWeights:
        s = self.settings
        return SearchWeights(
            lexical=s.lexical_weight,
            dense=s.dense_weight,
            section=s.section_weight,
            rrf_k=s.rrf_k,
            expansion=s.expansion_weight,
            page_decay=s.page_decay,
        )

    def stats(self) -> dict[str, Any]:
        docs = []
        totals: dict[str, int] = {}
        for doc in self.store.all():
            counts = self.store.counts(doc.doc_id)
            docs.append({"doc_id": doc.doc_id, "name": doc.name, **counts})
            for key, value in counts.items():
                totals[key] = totals.get(key, 0) + value
        totals["documents"] = len(docs)
        return {"documents": docs, "totals": totals}

    # --- deleting ----------------------------------------------------------------------------
    def delete(self, doc_id: str) -> Document:
        doc = self._writable(doc_id)
        with self.db.transaction() as conn:
            if not self.store.owns(doc_id, conn=conn):
                raise NotFoundError(f"No document with id '{doc_id}'.")
            self.index.delete_document(doc_id, conn=conn)  # before the rows its query reads
            self.store.delete(doc_id, conn=conn)
        stored = self.settings.data_dir / doc.stored_path
        stored.unlink(missing_ok=True)
        return doc

    def _writable(self, doc_id: str) -> Document:
        doc = self.store.require(doc_id)
        if doc.workspace != self.workspace:
            raise WorkspaceError(
                f"'{doc.name}' belongs to the shared library, which is read-only. / "
                f"“{doc.name}”属于共享文档库，只读，不能删除或修改。"
            )
        return doc

    # --- names -------------------------------------------------------------------------------
    def conflict(self, name: str, content_hash: str) -> Document | None:
        """This workspace's document called ``name`` when it holds a different file."""
        doc = self.store.by_name(name)
        if doc is None or refused_row(doc):  # a failed upload's row is simply replaced
            return None
        return doc if doc.content_hash != content_hash else None

    def free_name(self, name: str) -> str:
        """``name`` if unused in this workspace, else 'name (2).pdf', 'name (3).pdf', …"""
        if self.store.by_name(name) is None:
            return name
        stem, dot, ext = name.rpartition(".")
        stem, ext = (stem, dot + ext) if stem else (name, "")
        n = 2
        while self.store.by_name(f"{stem} ({n}){ext}") is not None:
            n += 1
        return f"{stem} ({n}){ext}"

    def close(self) -> None:
        self.worker.stop()
        if self._root is not self:
            return  # a view: the root owns the pool and the database
        if self._elsewhere is not None:
            self._elsewhere.stop()
        if self._pool is not None:
            self._pool.shutdown(wait=False)
        self.db.close()


def query_for_embedding(query: str, max_tokens: int = 32) -> str:
    """The part of a long question the dense model reads: its first sentence.

    Embedding cost grows with length (~0.5 ms a token here) and trailing
    instructions ("…then state that and explain why") carry no topic; the
    lexical search still reads the whole question.
    """
    if estimate_tokens(query) <= max_tokens:
        return query
    spans = split_sentences(query)
    first = query[spans[0][0] : spans[0][1]] if spans else query
    if estimate_tokens(first) >= 8:
        query = first
    words = query.split()
    while len(words) > 8 and estimate_tokens(" ".join(words)) > max_tokens:
        words.pop()
    return " ".join(words)


def expand_paths(paths: Iterable[Path]) -> list[Path]:
    """Files as given, folders walked for supported files (sorted, hidden ones skipped)."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out += sorted(
                f
                for f in p.rglob("*")
                if f.is_file()
                and not f.is_symlink()  # a link may point anywhere (/etc/passwd)
                and f.suffix.lower() in SUFFIXES
                and not f.name.startswith(".")
            )
        else:
            out.append(p)
    return out
