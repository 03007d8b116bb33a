"""The foreground part of ingestion: check → store file → parse → OCR → chunk → index.

:meth:`Ingestor.prepare` checks a file, keeps a private copy under the data dir
and queues a parse job; :meth:`Ingestor.run_parse` is that job (whichever process
claims it). When it commits, the document is lexically searchable and its
background components are queued in the same transaction. A failure leaves any
earlier version of the document exactly as it was; a killed parse leaves its
job and its copy for the next process to finish.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pipeline.chunk import chunk_document
from pipeline.errors import FolioError
from pipeline.ids import doc_id_for, file_hash
from pipeline.ingest_checks import (
    all_ready,
    file_size,
    lost_note,
    ocr_status,
    refused_row,
    require_text,
    safe_name,
    stored_lost_note,
    unexpected_message,
)
from pipeline.knowledge.title import reader_title
from pipeline.limits import check_limits, estimate_pages
from pipeline.models import Component, Document, ParsedDocument
from pipeline.ocr import ocr_document, pages_needing_ocr
from pipeline.parse import SUFFIXES, check_file, detect_kind, parse_file, pdf_pages
from pipeline.perceive import perceive
from pipeline.perceive.store import save_perception
from pipeline.progress import ProgressCallback, counted, log_progress, of_total
from pipeline.store.documents import DocumentStore
from pipeline.store.index import SearchIndex
from pipeline.store.jobs import Job, JobQueue, LeaseLost
from pipeline.store.rows import PageRows, PreparedChunks
from pipeline.text.latin import SAMPLE_CHARS, document_language
from pipeline.worker import Interrupted
from pipeline.workspace import LOCAL
from settings import Settings

__all__ = ["IngestResult", "Ingestor", "refused_row", "safe_name", "unexpected_message"]

log = logging.getLogger(__name__)

Outcome = Literal["added", "updated", "replaced", "unchanged", "failed", "queued"]
"""'updated': same file, processed again by a newer pipeline; 'replaced': a different file
under an existing name took that document's place (``previous_pages`` says what it was);
'queued': its parse job waits in the queue (:meth:`Ingestor.prepare`)."""

# Bump when parsing or chunking changes what a file turns into: documents made by
# an older version are re-processed when ingested again (vectors of unchanged
# chunk texts are kept).
PIPELINE_VERSION = "30"


@dataclass
class IngestResult:
    name: str
    outcome: Outcome
    doc_id: str | None = None
    error: str | None = None
    document: Document | None = None
    seconds: float = 0.0
    queued: list[Component] = field(default_factory=list)
    previous_pages: int | None = None


@dataclass
class Ingestor:
    settings: Settings
    store: DocumentStore
    index: SearchIndex
    queue: JobQueue
    progress: ProgressCallback = log_progress
    after_commit: Callable[[sqlite3.Connection, Document], None] | None = None
    """Called inside the commit transaction (queues the background components)."""

    @property
    def version(self) -> str:
        s = self.settings
        return f"{PIPELINE_VERSION}/{s.chunk_tokens}/{s.chunk_overlap_tokens}/{int(s.tables)}"

    @property
    def workspace(self) -> str:
        return self.store.workspace or LOCAL

    def prepare(self, path: Path, *, name: str | None = None, force: bool = False) -> IngestResult:
        """Check a file, keep a private copy and queue its parse job (outcome 'queued').

        Never raises for bad input: the result carries the error. ``force`` parses
        again even when the stored version is current (regenerate). A different file
        under a name the workspace already has replaces that document (outcome
        'replaced'); callers that must ask first check ``Folio.conflict`` before.
        """
        name = name or path.name
        doc_id = doc_id_for(name, self.workspace)
        try:
            kind = check_file(
                path,
                max_mb=self.settings.max_file_mb,
                name=name,
                max_text_mb=self.settings.max_text_mb,
            )
            pages = pdf_pages(path, name) if kind == "pdf" else estimate_pages(path, kind)
            data = path.read_bytes()
        except FolioError as exc:
            return self._refused(path, name, doc_id, str(exc))
        except OSError as exc:
            return self._refused(path, name, doc_id, f"'{name}' cannot be read ({exc.strerror}).")
        digest = file_hash(data)
        existing = self.store.get(doc_id)
        version = self.version
        if (
            not force
            and existing
            and existing.content_hash == digest
            and existing.pipeline_version == version
            and all_ready(existing, "parse", "index")
        ):
            return IngestResult(name=name, outcome="unchanged", doc_id=doc_id, document=existing)
        try:
            check_limits(
                self.settings,
                self.store,
                name=name,
                size=len(data),
                pages=pages,
                replacing=existing,
            )
        except FolioError as exc:
            return IngestResult(name=name, outcome="failed", error=str(exc))
        doc = Document(
            doc_id=doc_id,
            name=name,
            kind=kind,
            size=len(data),
            content_hash=digest,
            stored_path=f"files/{doc_id}{path.suffix.lower()}",
            pipeline_version=version,
            workspace=self.workspace,
        )
        staged = self._stage_copy(data, doc)
        payload = {
            "doc": doc.model_dump(mode="json", include=set(_PAYLOAD_FIELDS)),
            "staged": staged.relative_to(self.settings.data_dir).as_posix(),
            "existed": existing is not None,
            "workspace": self.workspace,
            # A different file under an existing name replaces it (never silently).
            "replaces": (
                existing.pages
                if existing is not None
                and existing.content_hash not in (digest, "")
                and all_ready(existing, "index")
                else None
            ),
        }
        with self.store.db.transaction() as conn:
            if existing is None:
                self.store.upsert(doc, conn=conn)
            self.queue.enqueue(
                doc_id,
                "parse",
                "parse",
                cost=len(data) / 1024,
                payload=payload,
                conn=conn,
                restart=True,
            )
        self.progress(doc_id, "parse", "pending", 0.0, "queued")
        return IngestResult(name=name, outcome="queued", doc_id=doc_id)

    def run_parse(self, job: Job, report: Callable[[float, str], None]) -> None:
        """The parse job: parse → OCR → chunk → index, committed with the job's end."""
        doc = Document(**job.payload["doc"])
        staged = self.settings.data_dir / job.payload["staged"]
        if not staged.is_file():
            self._fail_job(job, doc, f"The upload of '{doc.name}' was lost; upload it again.")
            return
        self._running(doc.doc_id, "parse", 0.0, "parsing", report)
        try:
            parsed, ocr_note = self._parse(staged, doc, report)
            require_text(parsed, doc.name)
            chunks = chunk_document(
                doc.doc_id,
                parsed,
                max_tokens=self.settings.chunk_tokens,
                overlap_tokens=self.settings.chunk_overlap_tokens,
            )
        except (LeaseLost, Interrupted):
            raise  # the job goes on elsewhere (or later); keep the staged copy
        except FolioError as exc:
            self._fail_job(job, doc, str(exc), staged)
            return
        except Exception as exc:  # a parser bug must not take the library down
            log.exception("unexpected failure parsing %s", doc.name)
            self._fail_job(job, doc, unexpected_message(doc.name, exc), staged)
            return
        self._commit(job, doc=doc, parsed=parsed, chunks=chunks, staged=staged, ocr_note=ocr_note)

    def _refused(self, path: Path, name: str, doc_id: str, reason: str) -> IngestResult:
        """A file the first checks refused: a ``failed`` row with the reason (the Library shows
        and deletes it), unless a real document already has the name (it is never touched)."""
        result = IngestResult(name=name, outcome="failed", error=reason)
        existing = self.store.get(doc_id)
        if existing is not None and not refused_row(existing):
            return result
        doc = Document(
            doc_id=doc_id,
            name=name,
            kind=SUFFIXES.get(Path(name).suffix.lower(), "other"),
            size=file_size(path),
            content_hash="",
            stored_path=f"files/{doc_id}{Path(name).suffix.lower()[:16]}",
            workspace=self.workspace,
        )
        try:
            with self.store.db.transaction() as conn:
                self.store.upsert(doc, conn=conn)
                self.store.set_status(doc_id, "parse", "failed", reason=reason, conn=conn)
        except FolioError:  # the id is another workspace's: the message alone must do
            return result
        result.doc_id = doc_id
        self.progress(doc_id, "parse", "failed", 0.0, reason)
        return result

    # --- steps ---------------------------------------------------------------------------
    def _stage_copy(self, data: bytes, doc: Document) -> Path:
        """A private copy under the original name (messages name the user's file)."""
        self.settings.ensure_dirs()
        folder = Path(tempfile.mkdtemp(prefix=".incoming-", dir=self.settings.files_dir))
        staged = folder / safe_name(doc.name, doc.stored_path)
        part = staged.with_name(staged.name + ".part")
        part.write_bytes(data)
        os.replace(part, staged)  # whole or absent: a parse never reads half an upload
        return staged

    @staticmethod
    def _discard(staged: Path) -> None:
        staged.unlink(missing_ok=True)
        with contextlib.suppress(OSError):
            staged.parent.rmdir()

    def _parse(
        self, path: Path, doc: Document, report: Callable[[float, str], None]
    ) -> tuple[ParsedDocument, str | None]:
        """The parsed document, and a note on OCR (e.g. the engine asked for is missing)."""

        def on_pages(done: int, total: int) -> None:
            msg = f"parsed {of_total(done, total, 'page')}"
            self._running(doc.doc_id, "parse", done / max(1, total), msg, report)

        parsed = parse_file(
            path,
            detect_kind(path),  # the staged copy keeps the checked name's suffix
            workers=self.settings.workers,
            timeout_s=self.settings.parse_timeout_s,
            tables=self.settings.tables,
            on_pages=on_pages,
        )
        todo = pages_needing_ocr(parsed)
        if todo:
            self._running(doc.doc_id, "ocr", 0.0, f"OCR of {counted(len(todo), 'page')}", report)

            def on_ocr(done: int, total: int) -> None:
                msg = f"OCR {of_total(done, total, 'page')}"
                self._running(doc.doc_id, "ocr", done / max(1, total), msg, report)

            result = ocr_document(path, parsed, self.settings, on_page=on_ocr)
            if result.note:
                self.progress(doc.doc_id, "ocr", "running", 0.0, result.note)
            return parsed, result.note
        return parsed, None

    def _commit(
        self,
        job: Job,
        *,
        doc: Document,
        parsed: ParsedDocument,
        chunks: list,
        staged: Path,
        ocr_note: str | None,
    ) -> None:
        final = self.settings.data_dir / doc.stored_path
        doc.pages, doc.chunks = len(parsed.pages), len(chunks)
        # The name a reader knows it by (registrant, form and period of a filing), shown in
        # the library and the API; the metadata title is often a placeholder ("Document").
        doc.title = reader_title(parsed.blocks(), parsed.title, doc.name)
        doc.language = document_language(parsed.language, _language_sample(parsed))
        perception = perceive(parsed.blocks())  # labels and references, regenerated per parse
        # Rows are made before the lock is taken: every other writer waits while it is held.
        pages, ready = PageRows(doc.doc_id, parsed), PreparedChunks(doc.doc_id, chunks)
        with self.store.db.transaction() as conn:
            self.queue.finish(job, "done", conn=conn)  # first: raises if no longer ours
            self.store.upsert(doc, conn=conn)
            self.store.replace_pages(doc.doc_id, pages, conn=conn)
            save_perception(doc.doc_id, perception, conn=conn)
            self.index.replace_document(doc.doc_id, ready, conn=conn)
            # A damaged file's pages that were left out.
            note = lost_note(parsed.lost_pages, len(parsed.pages))
            self.store.set_status(doc.doc_id, "parse", "ready", reason=note, conn=conn)
            state, reason = ocr_status(parsed, ocr_note)
            self.store.set_status(doc.doc_id, "ocr", state, reason=reason, conn=conn)
            self.store.set_status(doc.doc_id, "index", "ready", conn=conn)
            if self.after_commit is not None:
                self.after_commit(conn, doc)
            os.replace(staged, final)  # last: the stored file always matches the rows
        self._discard(staged)
        for comp in ("parse", "ocr", "index"):
            self.progress(doc.doc_id, comp, "ready", 1.0, "")

    def _fail_job(self, job: Job, doc: Document, reason: str, staged: Path | None = None) -> None:
        """Record a failed parse; earlier good content stays as it was, and so does its status."""
        with self.store.db.transaction() as conn:
            self.queue.finish(job, "failed", error=reason, conn=conn)
            kept = conn.execute(
                "SELECT 1 FROM chunks WHERE doc_id = ? LIMIT 1", (doc.doc_id,)
            ).fetchone()
            if kept:
                note = stored_lost_note(conn, doc.doc_id)
                self.store.set_status(doc.doc_id, "parse", "ready", reason=note, conn=conn)
            else:
                self.store.set_status(doc.doc_id, "parse", "failed", reason=reason, conn=conn)
            for other in ("ocr", "index"):
                conn.execute(
                    "DELETE FROM components "
                    "WHERE doc_id = ? AND component = ? AND state = 'running'",
                    (doc.doc_id, other),
                )
        if staged is not None:
            self._discard(staged)
        self.progress(doc.doc_id, "parse", "failed", 0.0, reason)

    def _running(
        self,
        doc_id: str,
        comp: Component,
        progress: float,
        message: str,
        report: Callable[[float, str], None],
    ) -> None:
        report(progress, message)  # raises when the job is no longer ours to run
        self.store.set_status(doc_id, comp, "running", progress=progress, note=message or None)
        self.progress(doc_id, comp, "running", progress, message)


_PAYLOAD_FIELDS = (
    "doc_id",
    "name",
    "kind",
    "size",
    "content_hash",
    "stored_path",
    "pipeline_version",
    "workspace",
)


def _language_sample(parsed: ParsedDocument) -> str:
    """The document's own text (not running headers and footers), enough to tell its language."""
    parts: list[str] = []
    size = 0
    for block in parsed.blocks():
        if block.kind in ("header", "footer") or size >= SAMPLE_CHARS:
            continue
        parts.append(block.text)
        size += len(block.text) + 1
    return " ".join(parts)
