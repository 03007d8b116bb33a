"""Parsers: one function per format, all returning a ParsedDocument or raising an InputError."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pipeline.errors import (
    CorruptFileError,
    EmptyFileError,
    FileTooLargeError,
    InputError,
    UnsupportedFileError,
)
from pipeline.models import FileKind, ParsedDocument

SUFFIXES: dict[str, FileKind] = {
    ".pdf": "pdf",
    ".docx": "docx",
    ".md": "md",
    ".markdown": "md",
    ".txt": "txt",
    ".text": "txt",
}


def detect_kind(path: Path) -> FileKind:
    """The file's format from its name, checked against its first bytes."""
    kind = SUFFIXES.get(path.suffix.lower())
    if kind is None:
        supported = ", ".join(sorted({s for s in SUFFIXES}))
        raise UnsupportedFileError(
            f"'{path.name}': files of type '{path.suffix or 'without extension'}' are not "
            f"supported. Upload one of: {supported}."
        )
    return kind


def check_file(
    path: Path, *, max_mb: float, name: str | None = None, max_text_mb: float | None = None
) -> FileKind:
    """Validate size, type and contents' format before anything is stored.

    ``name`` is what the user called the file (messages use it, never a local path).
    """
    name = name or path.name
    if path.is_symlink():  # first: a link to a folder has no type to complain about
        raise InputError(
            f"'{name}' is a symbolic link; Folio reads only regular files "
            "(a link may point at anything on this machine). Upload the file itself."
        )
    kind = detect_kind(Path(name))
    if not path.is_file():
        raise InputError(
            f"'{name}' does not exist or is not a file: upload the file itself, not a folder."
        )
    size = path.stat().st_size
    if size == 0:
        raise EmptyFileError(
            f"'{name}' is empty (0 bytes): the copy or download did not finish. "
            "Upload the complete file."
        )
    if size > max_mb * 1024 * 1024:
        raise FileTooLargeError(
            f"'{name}' is {size / 1024 / 1024:.1f} MB, over the {max_mb:g} MB limit "
            "this server accepts. Split the file into smaller parts and upload those."
        )
    if kind in ("txt", "md") and max_text_mb is not None and size > max_text_mb * 1024 * 1024:
        raise FileTooLargeError(
            f"'{name}' holds {size / 1024 / 1024:.1f} MB of text, over the {max_text_mb:g} MB "
            "limit for text files: that is thousands of pages. Split it "
            "into smaller files and upload those."
        )
    with path.open("rb") as f:
        head = f.read(1024)
    _check_magic(name, kind, head)
    return kind


def pdf_pages(path: Path, name: str) -> int:
    """The page count of a PDF that opens; else the parser's own refusal (damaged, not a
    PDF at all, password-protected, no pages), raised as the file is uploaded rather than
    after it has waited in the queue behind other files."""
    from pipeline.parse.pdf import open_pdf

    with open_pdf(path, name) as doc:
        return int(doc.page_count)


def _sniff(head: bytes) -> FileKind | None:
    """The format the first bytes show (PDF, or a zip such as DOCX), if any."""
    if b"%PDF-" in head:
        return "pdf"
    if head.startswith(b"PK\x03\x04"):
        return "docx"
    return None


def _check_magic(name: str, kind: FileKind, head: bytes) -> None:
    """A file whose contents are another format than its name says is refused by name."""
    found = _sniff(head)
    if kind in ("pdf", "docx") and found not in (kind, None):
        other = {"pdf": "a PDF", "docx": "a Word (.docx) or other zip file"}[found or kind]
        suffix = ".pdf" if found == "pdf" else ".docx"
        raise UnsupportedFileError(
            f"'{name}' is {other}, not what its name says. Rename it to end in "
            f"'{suffix}' and upload it again."
        )
    if kind == "docx" and found is None:
        raise CorruptFileError(
            f"'{name}' is not a Word (.docx) file (it does not start like one). Old .doc "
            "files must be saved as .docx first (Word: Save As → Word Document)."
        )


def parse_file(
    path: Path,
    kind: FileKind,
    *,
    workers: int,
    timeout_s: float,
    tables: bool = True,
    on_pages: Callable[[int, int], None] | None = None,
) -> ParsedDocument:
    if kind == "pdf":
        from pipeline.parse.pdf import parse_pdf

        return parse_pdf(
            path, workers=workers, timeout_s=timeout_s, tables=tables, on_pages=on_pages
        )
    if kind == "docx":
        from pipeline.parse.docx import parse_docx

        return parse_docx(path)
    from pipeline.parse.text import parse_text

    return parse_text(path, markdown=kind == "md")
