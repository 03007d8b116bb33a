"""The foreground part of ingestion: check → store file → parse → OCR → chunk → index.

When this returns, the document is lexically searchable; embedding and knowledge
components are queued for the background runner. A failure leaves any earlier
version of the document exactly as it was.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pipeline.chunk import chunk_document
from pipeline.errors import EmptyFileError, FolioError
from pipeline.ids import doc_id_for, file_hash
from pipeline.limits import check_limits, estimate_pages
from pipeline.models import Component, ComponentState, Document, ParsedDocument
from pipeline.ocr import ocr_document, pages_needing_ocr
from pipeline.parse import check_file, parse_file
from pipeline.perceive import perceive
from pipeline.perceive.store import save_perception
from pipeline.progress import ProgressCallback, log_progress
from pipeline.store.documents import DocumentStore
from pipeline.store.index import SearchIndex
from pipeline.workspace import LOCAL
from settings import Settings

log = logging.getLogger(__name__)

Outcome = Literal["added", "updated", "replaced", "unchanged", "failed"]
"""'updated': same file, processed again by a newer pipeline; 'replaced': a different file
under an existing name took that document's place (``previous_pages`` says what it was)."""

# Bump when parsing or chunking changes what a file turns into: documents made by
# an older version are re-processed when ingested again (vectors of unchanged
# chunk texts are kept).
PIPELINE_VERSION = "20"


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
    progress: ProgressCallback = log_progress

    @property
    def version(self) -> str:
        s = self.settings
        return f"{PIPELINE_VERSION}/{s.chunk_tokens}/{s.chunk_overlap_tokens}/{int(s.tables)}"

    @property
    def workspace(self) -> str:
        return self.store.workspace or LOCAL

    def ingest(self, path: Path, *, name: str | None = None) -> IngestResult:
        """Ingest one file; never raises for bad input, the result carries the error.

        A different file under a name the workspace already has replaces that document
        (outcome 'replaced'); callers that must ask first check :meth:`conflict` before.
        """
        name = name or path.name
        doc_id = doc_id_for(name, self.workspace)
        try:
            kind = check_file(path, max_mb=self.settings.max_file_mb)
        except FolioError as exc:
            return IngestResult(name=name, outcome="failed", error=str(exc))
        data = path.read_bytes()
        digest = file_hash(data)
        existing = self.store.get(doc_id)
        version = self.version
        if (
            existing
            and existing.content_hash == digest
            and existing.pipeline_version == version
            and _ready(existing, "parse", "index")
        ):
            return IngestResult(name=name, outcome="unchanged", doc_id=doc_id, document=existing)
        try:
            check_limits(
                self.settings,
                self.store,
                name=name,
                size=len(data),
                pages=estimate_pages(path, kind),
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
        )
        if existing is None:
            self.store.upsert(doc)
        self._status(doc_id, "parse", "running", 0.0, "parsing")
        staged = self._stage_copy(data, doc)
        try:
            parsed, ocr_note = self._parse(staged, doc)
            require_text(parsed, name)
            chunks = chunk_document(
                doc_id,
                parsed,
                max_tokens=self.settings.chunk_tokens,
                overlap_tokens=self.settings.chunk_overlap_tokens,
            )
        except FolioError as exc:
            self._discard(staged)
            return self._failed(doc, existing, str(exc))
        except Exception as exc:  # a parser bug must not take the library down
            log.exception("unexpected failure parsing %s", name)
            self._discard(staged)
            return self._failed(doc, existing, f"unexpected error while parsing: {exc}")
        self._commit(doc, parsed, chunks, staged, ocr_note)
        outcome: Outcome = "added"
        if existing is not None:
            different = existing.content_hash not in (digest, "")
            outcome = "replaced" if different and _ready(existing, "index") else "updated"
        return IngestResult(
            name=name,
            outcome=outcome,
            doc_id=doc_id,
            document=self.store.get(doc_id),
            previous_pages=existing.pages if outcome == "replaced" and existing else None,
        )

    # --- steps ---------------------------------------------------------------------------
    def _stage_copy(self, data: bytes, doc: Document) -> Path:
        """A private copy under the original name (messages name the user's file)."""
        self.settings.ensure_dirs()
        folder = Path(tempfile.mkdtemp(prefix=".incoming-", dir=self.settings.files_dir))
        staged = folder / Path(doc.name).name
        staged.write_bytes(data)
        return staged

    @staticmethod
    def _discard(staged: Path) -> None:
        staged.unlink(missing_ok=True)
        with contextlib.suppress(OSError):
            staged.parent.rmdir()

    def _parse(self, path: Path, doc: Document) -> tuple[ParsedDocument, str | None]:
        """The parsed document, and a note on OCR (e.g. the engine asked for is missing)."""

        def on_pages(done: int, total: int) -> None:
            self._status(
                doc.doc_id, "parse", "running", done / max(1, total), f"parsed {done}/{total} pages"
            )

        parsed = parse_file(
            path,
            doc.kind,
            workers=self.settings.workers,
            timeout_s=self.settings.parse_timeout_s,
            tables=self.settings.tables,
            on_pages=on_pages,
        )
        todo = pages_needing_ocr(parsed)
        if todo:
            self._status(doc.doc_id, "ocr", "running", 0.0, f"OCR of {len(todo)} pages")

            def on_ocr(done: int, total: int) -> None:
                self._status(
                    doc.doc_id, "ocr", "running", done / max(1, total), f"OCR {done}/{total} pages"
                )

            report = ocr_document(path, parsed, self.settings, on_page=on_ocr)
            if report.note:
                self.progress(doc.doc_id, "ocr", "running", 0.0, report.note)
            return parsed, report.note
        return parsed, None

    def _commit(
        self,
        doc: Document,
        parsed: ParsedDocument,
        chunks: list,
        staged: Path,
        ocr_note: str | None = None,
    ) -> None:
        final = self.settings.data_dir / doc.stored_path
        doc.pages, doc.chunks = len(parsed.pages), len(chunks)
        doc.title, doc.language = parsed.title, parsed.language
        ocr_pages = [p for p in parsed.pages if p.needs_ocr]
        failed_ocr = [p.page for p in ocr_pages if p.failed]
        perception = perceive(parsed.blocks())  # labels and references, regenerated per parse
        with self.store.db.transaction() as conn:
            self.store.upsert(doc, conn=conn)
            self.store.replace_pages(doc.doc_id, parsed, conn=conn)
            save_perception(doc.doc_id, perception, conn=conn)
            self.index.replace_document(doc.doc_id, chunks, conn=conn)
            self.store.set_status(doc.doc_id, "parse", "ready", conn=conn)
            if ocr_pages:
                reason = (
                    (
                        f"{len(failed_ocr)} of {len(ocr_pages)} pages failed: "
                        f"{', '.join(map(str, failed_ocr[:20]))}"
                    )
                    if failed_ocr
                    else None
                )
                reason = "; ".join(r for r in (reason, ocr_note) if r) or None
                state: ComponentState = "failed" if len(failed_ocr) == len(ocr_pages) else "ready"
                self.store.set_status(doc.doc_id, "ocr", state, reason=reason, conn=conn)
            else:
                self.store.set_status(
                    doc.doc_id, "ocr", "ready", reason="no pages need OCR", conn=conn
                )
            self.store.set_status(doc.doc_id, "index", "ready", conn=conn)
            os.replace(staged, final)  # last: the stored file always matches the rows
        self._discard(staged)
        for comp in ("parse", "ocr", "index"):
            self.progress(doc.doc_id, comp, "ready", 1.0, "")

    def _failed(self, doc: Document, existing: Document | None, reason: str) -> IngestResult:
        if existing is not None and _ready(existing, "parse", "index"):
            # Earlier content stays as it was, and so does its status.
            self.store.set_status(doc.doc_id, "parse", "ready")
            self.progress(doc.doc_id, "parse", "failed", 0.0, reason)
            return IngestResult(
                name=doc.name, outcome="failed", doc_id=doc.doc_id, error=reason, document=existing
            )
        self.store.set_status(doc.doc_id, "parse", "failed", reason=reason)
        self.progress(doc.doc_id, "parse", "failed", 0.0, reason)
        return IngestResult(
            name=doc.name,
            outcome="failed",
            doc_id=doc.doc_id,
            error=reason,
            document=self.store.get(doc.doc_id),
        )

    def _status(
        self, doc_id: str, comp: Component, state: ComponentState, progress: float, message: str
    ) -> None:
        self.store.set_status(
            doc_id, comp, state, progress=progress, reason=message if state == "failed" else None
        )
        self.progress(doc_id, comp, state, progress, message)


def _ready(doc: Document, *components: str) -> bool:
    return all(doc.status.get(c) is not None and doc.status[c].state == "ready" for c in components)


_WORD = re.compile(r"[A-Za-z\u00C0-\u024F\u0400-\u04FF]{3,}|[\u3400-\u9fff]{2,}")


def require_text(parsed: ParsedDocument, name: str) -> None:
    """Fail a document that yields no readable words at all (blank, drawings only)."""
    words = 0
    for block in parsed.blocks():
        if block.kind not in ("header", "footer"):
            words += len(_WORD.findall(block.text))
            if words >= 5:
                return
    failed = [p for p in parsed.pages if p.failed]
    hint = f" {len(failed)} page(s) could not be read: {failed[0].failed}." if failed else ""
    raise EmptyFileError(
        f"No readable text was found in '{name}'.{hint} If it is a scan, check that OCR is "
        "enabled (FOLIO_OCR_ENGINE); if it is a drawing or an image, there is nothing to search."
    )
