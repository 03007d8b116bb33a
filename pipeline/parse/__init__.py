"""Parsers: one function per format, all returning a ParsedDocument or raising an InputError."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pipeline.errors import EmptyFileError, FileTooLargeError, InputError, UnsupportedFileError
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


def check_file(path: Path, *, max_mb: float) -> FileKind:
    """Validate size and type before anything is stored."""
    kind = detect_kind(path)
    if path.is_symlink():
        raise InputError(
            f"'{path.name}' is a symbolic link; Folio reads only regular files "
            "(a link may point at anything on this machine). Upload the file itself."
        )
    if not path.is_file():
        raise InputError(f"'{path}' does not exist or is not a file.")
    size = path.stat().st_size
    if size == 0:
        raise EmptyFileError(f"'{path.name}' is empty (0 bytes).")
    if size > max_mb * 1024 * 1024:
        raise FileTooLargeError(
            f"'{path.name}' is {size / 1024 / 1024:.1f} MB, over the {max_mb:g} MB limit "
            "(FOLIO_MAX_FILE_MB). Split the file or raise the limit."
        )
    return kind


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
