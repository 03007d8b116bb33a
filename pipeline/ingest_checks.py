"""Checks and names of the parse job: readable text, OCR status, safe file names, messages."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from pipeline.errors import EmptyFileError, without_paths
from pipeline.models import ComponentState, Document, ParsedDocument
from pipeline.parse.damage import UNREADABLE, page_list
from pipeline.progress import counted
from pipeline.text.script import HAN_SPAN


def ocr_status(parsed: ParsedDocument, note: str | None) -> tuple[ComponentState, str | None]:
    ocr_pages = [p for p in parsed.pages if p.needs_ocr]
    if not ocr_pages:
        return "ready", "no pages need OCR"
    failed = [p.page for p in ocr_pages if p.failed]
    reason = (
        f"{len(failed)} of {counted(len(ocr_pages), 'page')} failed: "
        f"{', '.join(map(str, failed[:20]))}"
        if failed
        else None
    )
    reason = "; ".join(r for r in (reason, note) if r) or None
    return ("failed" if len(failed) == len(ocr_pages) else "ready"), reason


def lost_note(lost: list[int], total: int) -> str | None:
    """The parse component's note on a damaged file whose lost pages were left out."""
    if not lost:
        return None
    return (
        f"{len(lost)} of {counted(total, 'page')} could not be read (the file is "
        f"damaged or was cut short): {page_list(lost)}. Upload a complete copy to read them."
    )


def stored_lost_note(conn: sqlite3.Connection, doc_id: str) -> str | None:
    """The note of the document as stored (kept when a later upload of it fails)."""
    rows = conn.execute(
        "SELECT page, failed FROM pages WHERE doc_id = ? ORDER BY page", (doc_id,)
    ).fetchall()
    return lost_note([int(r[0]) for r in rows if r[1] == UNREADABLE], len(rows))


def safe_name(name: str, fallback: str) -> str:
    """The upload's own name as a single safe path component (no '..', '/', NUL; ≤ 120 bytes)."""
    base = Path(name.replace("\\", "/")).name.replace("\x00", "")
    if base in ("", ".", ".."):
        base = Path(fallback).name
    suffix = Path(base).suffix[:16]
    stem = base[: len(base) - len(suffix)] if suffix else base
    while len((stem + suffix).encode()) > 120 and stem:
        stem = stem[:-1]
    return (stem or "upload") + suffix


def unexpected_message(name: str, exc: BaseException) -> str:
    """A message for a bug: names the file and the error kind, never internal paths."""
    return (
        f"'{name}' could not be read ({type(exc).__name__}: {without_paths(str(exc))[:200]}). "
        "The file may be damaged or not what its name says; re-save it (e.g. print to PDF) "
        "and upload it again."
    )


def refused_row(doc: Document) -> bool:
    """A row that records only a refused or failed upload: no content of its own to keep."""
    parse = doc.status.get("parse")
    return doc.chunks == 0 and parse is not None and parse.state == "failed"


def file_size(path: Path) -> int:
    """The file's size in bytes (0 for a link, which is never followed, or a missing file)."""
    try:
        return 0 if path.is_symlink() else path.stat().st_size
    except OSError:
        return 0


def all_ready(doc: Document, *components: str) -> bool:
    return all(doc.status.get(c) is not None and doc.status[c].state == "ready" for c in components)


_WORD = re.compile(r"[A-Za-z\u00C0-\u024F\u0400-\u04FF]{3,}|" + f"[{HAN_SPAN}]{{2,}}")


def require_text(parsed: ParsedDocument, name: str) -> None:
    """Fail a document that yields no readable words at all (blank, drawings only)."""
    # A PDF's stray marks (page numbers, a drawing's labels, OCR noise) can make a few
    # "words"; a text file's words are what its author typed, so one is enough ('Lamps 12€').
    enough = 5 if parsed.kind == "pdf" else 1
    words = 0
    for block in parsed.blocks():
        if block.kind not in ("header", "footer"):
            words += len(_WORD.findall(block.text))
            if words >= enough:
                return
    failed = [p for p in parsed.pages if p.failed]
    hint = f" {len(failed)} page(s) could not be read: {failed[0].failed}." if failed else ""
    raise EmptyFileError(f"No readable text was found in '{name}'.{hint}{_empty_advice(parsed)}")


def _empty_advice(parsed: ParsedDocument) -> str:
    """What to do about a file without words. Asking to enable OCR is advice only when OCR
    did not read the pages: after it read them, it only sends the user looking for a
    setting that is already on."""
    read = sum(1 for p in parsed.pages if p.source == "ocr" and not p.failed)
    if read:
        return (
            f" OCR read {read} page(s) and found no words either: if it is a drawing or an "
            "image, there is nothing to search; if it is a faint scan, scan it again at "
            "300 dpi and upload that."
        )
    if any(p.needs_ocr for p in parsed.pages):
        return (
            " If it is a scan, check that OCR is enabled on this server (ask whoever runs "
            "Folio), or upload a copy with a text layer; if it is a drawing or an image, "
            "there is nothing to search."
        )
    return (
        " Check that it is the file you meant to upload; if it is a drawing or an image, "
        "there is nothing to search."
    )
