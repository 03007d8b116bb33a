"""What the panels call: the Folio facade, the chat service, and an ingestion queue.

Uploads are ingested by one worker thread so a Gradio event returns at once and
the interface stays responsive; panels poll :meth:`IngestJobs.snapshot` and the
document statuses to draw progress.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pipeline.ids import doc_id_for
from pipeline.models import Component, ComponentState
from pipeline.service import Folio
from settings import Settings

if TYPE_CHECKING:
    from agent.service import ChatService

log = logging.getLogger(__name__)

JobState = Literal["queued", "running", "done", "failed"]
ModelState = Literal["lexical", "loading", "ready", "failed"]
JOB_MEMORY_S = 600.0


@dataclass
class Job:
    name: str
    doc_id: str
    state: JobState = "queued"
    outcome: str = ""
    error: str | None = None
    submitted: float = field(default_factory=time.time)
    finished: float | None = None


@dataclass
class StageNote:
    """The latest progress message of one component (the database keeps only the fraction)."""

    state: ComponentState
    progress: float
    message: str


class IngestJobs:
    """A queue of uploads ingested one at a time in a worker thread."""

    def __init__(self, folio: Folio) -> None:
        self.folio = folio
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="folio-ingest")
        self._jobs: list[Job] = []
        self._lock = threading.Lock()
        self._notes: dict[tuple[str, str], StageNote] = {}
        folio.add_listener(self._on_progress)

    def submit(self, files: list[tuple[Path, str]]) -> list[Job]:
        """Queue (path, original name) pairs; the files are copied first (uploads are temporary)."""
        inbox = Path(tempfile.mkdtemp(prefix="folio-upload-"))
        jobs = []
        for i, (path, name) in enumerate(files):
            copy = inbox / f"{i}-{Path(name).name}"
            shutil.copyfile(path, copy)
            job = Job(name=name, doc_id=doc_id_for(name))
            with self._lock:
                self._jobs.append(job)
            jobs.append(job)
            self._pool.submit(self._run, job, copy)
        return jobs

    def regenerate(self, doc_id: str, name: str, component: Component) -> Job:
        """Re-run one component in the worker thread (re-parsing can take a while)."""
        job = Job(name=name, doc_id=doc_id)
        with self._lock:
            self._jobs.append(job)
        self._pool.submit(self._regenerate, job, component)
        return job

    def _regenerate(self, job: Job, component: Component) -> None:
        job.state = "running"
        try:
            self.folio.regenerate(job.doc_id, component)
            job.state = "done"
            job.outcome = "regenerated"
        except Exception as exc:  # FolioError messages are written for users
            log.warning("regenerating %s of %s failed: %s", component, job.doc_id, exc)
            job.error = str(exc)
            job.state = "failed"
        finally:
            job.finished = time.time()

    def _run(self, job: Job, path: Path) -> None:
        job.state = "running"
        try:
            (result,) = self.folio.ingest([path], names=[job.name])
            job.outcome = result.outcome
            job.error = result.error
            job.state = "failed" if result.error else "done"
        except Exception as exc:  # never let one file stop the queue
            log.exception("ingesting %s failed", job.name)
            job.error = f"{type(exc).__name__}: {exc}"
            job.state = "failed"
        finally:
            job.finished = time.time()
            path.unlink(missing_ok=True)

    def _on_progress(
        self,
        doc_id: str,
        component: Component,
        state: ComponentState,
        progress: float,
        message: str = "",
    ) -> None:
        with self._lock:
            self._notes[(doc_id, component)] = StageNote(state, progress, message)

    def note(self, doc_id: str, component: str) -> StageNote | None:
        with self._lock:
            return self._notes.get((doc_id, component))

    def snapshot(self, *, now: float | None = None) -> list[Job]:
        """Jobs still running or finished recently, oldest first."""
        now = now or time.time()
        with self._lock:
            self._jobs = [
                j for j in self._jobs if j.finished is None or now - j.finished < JOB_MEMORY_S
            ]
            return list(self._jobs)

    def busy(self) -> bool:
        return any(j.state in ("queued", "running") for j in self.snapshot())

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


ChatFactory = Callable[[Folio], "ChatService"]


def default_chat_factory(folio: Folio) -> ChatService:
    from agent.service import ChatService

    return ChatService(folio)


class Services:
    """Everything a panel may call; the chat service is built on first use (slow imports)."""

    def __init__(self, folio: Folio, *, chat_factory: ChatFactory = default_chat_factory) -> None:
        self.folio = folio
        self.settings: Settings = folio.settings
        self.jobs = IngestJobs(folio)
        self._chat_factory = chat_factory
        self._chat: ChatService | None = None
        self._chat_lock = threading.Lock()
        self.model_state: ModelState = (
            "lexical"
            if folio.settings.embedding_model.strip().lower() in ("none", "off", "")
            else "loading"
        )

    @property
    def chat(self) -> ChatService:
        if self._chat is None:
            with self._chat_lock:
                if self._chat is None:
                    self._chat = self._chat_factory(self.folio)
        return self._chat

    def warm_up(self) -> None:
        """Load the embedding model and the agent in the background after the server is up."""

        def work() -> None:
            start = time.monotonic()
            try:
                _ = self.chat
            except Exception:
                log.exception("building the chat service failed")
            if self.model_state != "lexical":
                try:
                    embedder = self.folio.embedder()
                    if embedder is not None:
                        embedder.embed_query("warm-up")  # first call pays for lazy setup
                    self.model_state = "ready" if embedder is not None else "lexical"
                except Exception:
                    log.exception("loading the embedding model failed")
                    self.model_state = "failed"
            log.info(
                "warm-up done in %.1f s (search: %s)", time.monotonic() - start, self.model_state
            )

        threading.Thread(target=work, name="folio-warmup", daemon=True).start()

    def document_path(self, doc_id: str) -> Path:
        return self.settings.data_dir / self.folio.document(doc_id).stored_path
