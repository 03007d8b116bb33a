"""PDF → ParsedDocument: page extraction in bounded worker processes, then document passes."""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Callable
from pathlib import Path

import pymupdf

from pipeline.errors import CorruptFileError, EmptyFileError, EncryptedFileError
from pipeline.models import OutlineEntry, Page, ParsedDocument
from pipeline.parse.continued_tables import continue_tables
from pipeline.parse.damage import UNREADABLE, lost_pages
from pipeline.parse.furniture import mark_furniture
from pipeline.parse.headings import mark_headings
from pipeline.parse.pdf_page import extract_batch
from pipeline.parse.workers import run_batches
from pipeline.text.lang import script_language
from pipeline.text.normalise import single_spaces

log = logging.getLogger(__name__)

_CAPTION = re.compile(
    r"^(?:fig(?:ure)?\.?|table|chart|exhibit|图|表)\s*[0-9一二三四五六七八九十]+", re.I
)


def open_pdf(path: Path, name: str | None = None) -> pymupdf.Document:
    """Open a PDF or raise a user-facing error that says what is wrong with it (naming the
    file ``name``, what the user called it, else its own name)."""
    name = name or path.name
    try:
        doc = pymupdf.open(path, filetype="pdf")
    except Exception as exc:
        log.info("cannot open %s: %s", path.name, exc)
        raise CorruptFileError(
            f"'{name}' is not a readable PDF: it is damaged or not a PDF at all. "
            "Try opening it in a PDF viewer and saving it again."
        ) from exc
    if doc.needs_pass:
        doc.close()
        raise EncryptedFileError(
            f"'{name}' is password-protected. Remove the password (open it with the "
            "password and save an unprotected copy), then upload it again."
        )
    try:
        pages = doc.page_count
    except RuntimeError as exc:  # cut before its page tree: MuPDF opens it, then cannot count
        log.info("cannot count the pages of %s: %s", path.name, exc)
        pages = 0
    if pages == 0:
        doc.close()
        raise EmptyFileError(
            f"'{name}' has no pages Folio can read: the file was probably cut short (an "
            "interrupted download or copy) or damaged. Download or export it again, check that "
            "it opens in a PDF viewer, then upload it."
        )
    return doc


def refuse_mostly_lost(name: str, total: int, lost: list[int]) -> None:
    """Refuse a damaged file most of whose pages are gone: what is left is no document."""
    if 2 * len(lost) <= total:
        return
    raise CorruptFileError(
        f"'{name}' is damaged: {len(lost)} of {total} pages could not be read (the file was "
        "probably cut short by an interrupted download or copy). Download or export it again, "
        "check that it opens in a PDF viewer, then upload it."
    )


def _drop_lost(pages: list[Page], lost: list[int]) -> None:
    """Lost pages are never OCR'd (their rendering is as broken as their text); text that
    still reads well (a page cut off part-way) is kept."""
    gone = set(lost)
    for p in pages:
        if p.page not in gone:
            continue
        if p.needs_ocr:
            p.blocks, p.source = [], "none"
        p.needs_ocr, p.failed = None, UNREADABLE


def _outline(doc: pymupdf.Document) -> list[OutlineEntry]:
    try:
        toc = doc.get_toc(simple=False)
    except Exception:  # a broken outline is not worth failing the document for
        return []
    return [
        OutlineEntry(
            level=int(lvl),
            title=" ".join(str(title).split()),
            page=int(page),
            top=_link_top(dest),
        )
        for lvl, title, page, dest in toc
        if page and int(page) >= 1 and str(title).strip()
    ]


def _link_top(dest: object) -> float | None:
    to = dest.get("to") if isinstance(dest, dict) else None
    y = getattr(to, "y", None)
    return float(y) if isinstance(y, float | int) and math.isfinite(y) and y > 0 else None


def _mark_captions(pages: list[Page]) -> None:
    for p in pages:
        for b in p.blocks:
            if b.kind == "paragraph" and len(b.text) < 200 and _CAPTION.match(b.text.strip()):
                b.kind = "caption"


def parse_pdf(
    path: Path,
    *,
    workers: int,
    timeout_s: float,
    tables: bool = True,
    on_pages: Callable[[int, int], None] | None = None,
) -> ParsedDocument:
    """Parse a PDF; ``on_pages(done, total)`` reports progress."""
    with open_pdf(path) as doc:
        n = doc.page_count
        lost = lost_pages(doc)  # before any page is extracted: a refusal costs nothing
        refuse_mostly_lost(path.name, n, lost)
        outline = _outline(doc)
        title = _reads_as_title((doc.metadata or {}).get("title", "") or "")
    batch = max(2, min(16, math.ceil(n / (workers * 4))))
    batches = [(str(path), list(range(i, min(n, i + batch))), tables) for i in range(0, n, batch)]
    done = 0

    def report(_: int, pages: list[Page]) -> None:
        nonlocal done
        done += len(pages)
        if on_pages:
            on_pages(done, n)

    results = run_batches(
        extract_batch,
        batches,
        workers=workers,
        timeout_s=timeout_s,
        on_done=report,
        what=f"parsing '{path.name}'",
    )
    pages = [p for part in results for p in part]
    _drop_lost(pages, lost)
    parsed = ParsedDocument(
        kind="pdf", title=title.strip(), pages=pages, outline=outline, lost_pages=lost
    )
    document_passes(parsed)
    return parsed


def document_passes(parsed: ParsedDocument) -> None:
    """Passes that need every page's blocks; run again when OCR has added blocks."""
    mark_furniture(parsed.pages)
    _mark_captions(parsed.pages)
    mark_headings(parsed.pages, parsed.outline)
    continue_tables(parsed.pages)
    finalize(parsed)


_WORD = re.compile(r"[^\W\d_]{2,}")


def _reads_as_title(meta: str) -> str:
    """The metadata title if it reads as one; filing tools often store an identifier
    there (an SEC accession number such as 0000320187-21-000028), which is no title."""
    meta = single_spaces(meta)
    letters = sum(ch.isalpha() for ch in meta)
    return meta if letters >= 4 and len(_WORD.findall(meta)) >= 1 else ""


def finalize(parsed: ParsedDocument) -> None:
    """Number blocks in reading order and guess the document language."""
    sample: list[str] = []
    for i, b in enumerate(parsed.blocks()):
        b.n = i
        if len(sample) < 200 and b.kind not in ("header", "footer"):
            sample.append(b.text)
    parsed.language = script_language(" ".join(sample))
    if not parsed.title:
        first = next((b for b in parsed.blocks() if b.kind == "heading"), None)
        parsed.title = first.text.split("\n")[0][:120] if first else ""
