"""What the panels call: the Folio facade, the chat service, and an ingestion queue.

Uploads become jobs of the shared queue, so a Gradio event returns at once and
the interface stays responsive; panels poll :meth:`IngestJobs.snapshot` and the
document statuses to draw progress.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pipeline.errors import FolioError
from pipeline.ids import doc_id_for
from pipeline.models import Component, ComponentState
from pipeline.service import Folio
from settings import Settings
from ui.upload_conflicts import PendingUploads
from ui.workspace import Sessions, current_request

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
    component: Component = "parse"
    workspace: str = "local"
    submitted: float = field(default_factory=time.time)
    finished: float | None = None


@dataclass
class StageNote:
    """The latest progress message of one component (the database keeps only the fraction)."""

    state: ComponentState
    progress: float
    message: str


class IngestJobs:
    """Uploads as jobs of the shared queue: this process's workers (and any other
    Folio process on the same data dir) parse them, short files first and several
    documents at a time, so a small file does not wait behind a long report.

    Each job runs in the workspace it was submitted from, and a workspace only ever sees
    its own jobs (``workspace`` arguments; the caller passes its own).
    """

    def __init__(self, folio: Folio) -> None:
        self.folio = folio
        self._jobs: list[Job] = []
        self._lock = threading.Lock()
        self._notes: dict[tuple[str, str], StageNote] = {}
        folio.add_listener(self._on_progress)

    def submit(self, files: list[tuple[Path, str]], workspace: str | None = None) -> list[Job]:
        """Queue (path, original name) pairs; each is copied into the data dir first."""
        ws = workspace or self.folio.workspace
        folio = self.folio.scoped(ws)
        self.folio.serve()
        jobs = []
        for path, name in files:
            (result,) = folio.submit([path], names=[name])
            job = Job(
                name=name,
                doc_id=result.doc_id or doc_id_for(name, ws),
                component="parse",
                workspace=ws,
            )
            if result.outcome != "queued":
                job.state = "failed" if result.error else "done"
                job.outcome, job.error, job.finished = result.outcome, result.error, time.time()
            with self._lock:
                self._jobs.append(job)
            jobs.append(job)
        return jobs

    def regenerate(
        self, doc_id: str, name: str, component: Component, workspace: str | None = None
    ) -> Job:
        """Queue one component again (re-parsing can take a while)."""
        ws = workspace or self.folio.workspace
        self.folio.serve()
        lead: Component = "parse" if component in ("parse", "ocr", "index") else component
        job = Job(name=name, doc_id=doc_id, component=lead, outcome="regenerated", workspace=ws)
        try:
            self.folio.scoped(ws).regenerate(doc_id, component)
        except FolioError as exc:  # its message is written for users
            log.warning("regenerating %s of %s failed: %s", component, doc_id, exc)
            job.error, job.state, job.finished = str(exc), "failed", time.time()
        with self._lock:
            self._jobs.append(job)
        return job

    def _refresh(self, job: Job) -> None:
        """A queued or running job's state, read from the shared queue."""
        queued = self.folio.queue.get(job.doc_id, job.component)
        if queued is None:  # deleted meanwhile
            job.state, job.finished = "failed", time.time()
            job.error = job.error or f"'{job.name}' was deleted."
            return
        if queued.state in ("queued", "running"):
            job.state = queued.state
            return
        job.state = "done" if queued.state == "done" else "failed"
        job.error = queued.error if queued.state == "failed" else None
        if not job.outcome:
            job.outcome = "updated" if queued.payload.get("existed") else "added"
        job.finished = time.time()

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

    def snapshot(self, workspace: str | None = None, *, now: float | None = None) -> list[Job]:
        """This workspace's jobs still running or finished recently, oldest first."""
        ws = workspace or self.folio.workspace
        now = now or time.time()
        with self._lock:
            for job in self._jobs:
                if job.finished is None and job.workspace == ws:
                    self._refresh(job)
            self._jobs = [
                j for j in self._jobs if j.finished is None or now - j.finished < JOB_MEMORY_S
            ]
            return [j for j in self._jobs if j.workspace == ws]

    def forget(self, doc_id: str, workspace: str | None = None) -> None:
        """Drop a deleted document's jobs: its card ("Could not add …", a finished upload)
        must not stay on the progress list of a document the user has just removed."""
        ws = workspace or self.folio.workspace
        with self._lock:
            self._jobs = [j for j in self._jobs if not (j.doc_id == doc_id and j.workspace == ws)]

    def busy(self, workspace: str | None = None) -> bool:
        return any(j.state in ("queued", "running") for j in self.snapshot(workspace))

    def shutdown(self) -> None:
        """Nothing to stop here: the jobs live in the queue, the workers in the Folio."""


ChatFactory = Callable[[Folio], "ChatService"]


def default_chat_factory(folio: Folio) -> ChatService:
    from agent.service import ChatService

    return ChatService(folio)


class Services:
    """Everything a panel may call; the chat service is built on first use (slow imports).

    ``folio`` and ``chat`` act in the workspace of the event being handled: with
    ``sessions`` (the web app) that of the visitor or user; without (tests, tools) the
    workspace of the Folio given.
    """

    def __init__(
        self,
        folio: Folio,
        *,
        chat_factory: ChatFactory = default_chat_factory,
        sessions: Sessions | None = None,
    ) -> None:
        self.root = folio
        self.sessions = sessions
        self.settings: Settings = folio.settings
        self.jobs = IngestJobs(folio)
        self.pending = PendingUploads()  # same-name uploads waiting for an answer, per page
        self._chat_factory = chat_factory
        self._chat: ChatService | None = None
        self._chat_lock = threading.Lock()
        self.model_state: ModelState = (
            "lexical"
            if folio.settings.embedding_model.strip().lower() in ("none", "off", "")
            else "loading"
        )

    def claim(self, token: str | None) -> str | None:
        """The page's first event: bind it to its workspace, return the browser's token."""
        return self.sessions.claim(token) if self.sessions is not None else token

    @property
    def workspace(self) -> str:
        if self.sessions is None:
            return self.root.workspace
        ws = self.sessions.current()
        if self.sessions.claimed(ws):
            self.root.workspaces.touch(ws)
        return ws

    @property
    def page(self) -> str:
        """The browser tab of the event being handled (its Gradio session), else the
        workspace: what a same-name question belongs to."""
        request = current_request() if self.sessions is not None else None
        return str(getattr(request, "session_hash", None) or self.workspace)

    @property
    def folio(self) -> Folio:
        return self.root.scoped(self.workspace)

    @property
    def chat(self) -> ChatService:
        return self.root_chat().scoped(self.workspace)

    def chat_in(self, workspace: str) -> ChatService:
        """The chat service of a workspace named explicitly (the API's callers)."""
        return self.root_chat().scoped(workspace)

    def root_chat(self) -> ChatService:
        if self._chat is None:
            with self._chat_lock:
                if self._chat is None:
                    self._chat = self._chat_factory(self.root)
        return self._chat

    def warm_up(self) -> None:
        """Load the embedding model and the agent in the background after the server is up."""

        def work() -> None:
            start = time.monotonic()
            try:
                self.root_chat().warm_up()
            except Exception:
                log.exception("building the chat service failed")
            if self.model_state != "lexical":
                try:
                    embedder = self.root.embedder()
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
