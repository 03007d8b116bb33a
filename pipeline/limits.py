"""Per-workspace limits (documents, pages, stored MB), checked before any work starts.

Visitor and user workspaces of a public deployment are limited; the operator's own
workspaces (``local`` and names given with ``--workspace``) are not.
"""

from __future__ import annotations

import logging
from pathlib import Path

from pipeline.errors import LimitError
from pipeline.models import Document, FileKind
from pipeline.store.documents import DocumentStore
from pipeline.workspace import kind_of
from settings import Settings

log = logging.getLogger(__name__)

# Pages a non-PDF file counts as before it is parsed: about a printed page of text.
_BYTES_PER_PAGE = 3000


def estimate_pages(path: Path, kind: FileKind) -> int:
    """Pages a file will have, without parsing it (PDFs: the page count of the file)."""
    if kind == "pdf":
        import pymupdf

        try:
            with pymupdf.open(path) as pdf:
                return int(pdf.page_count)
        except Exception:  # a broken PDF fails in the parser with a proper message
            return 1
    return max(1, path.stat().st_size // _BYTES_PER_PAGE)


def check_limits(
    settings: Settings,
    store: DocumentStore,
    *,
    name: str,
    size: int,
    pages: int,
    replacing: Document | None,
) -> None:
    """Raise LimitError (zh + en) when adding this file would exceed its workspace's limits."""
    ws = store.workspace
    if ws is None or kind_of(ws) not in ("anonymous", "user"):
        return
    docs, used_pages, used_bytes = store.usage()
    if replacing is not None:
        docs, used_pages, used_bytes = (
            docs - 1,
            used_pages - replacing.pages,
            used_bytes - replacing.size,
        )
    mb = (used_bytes + size) / 1024 / 1024
    if docs + 1 > settings.workspace_max_docs:
        _refuse(
            name,
            f"this workspace already holds {docs} documents (limit {settings.workspace_max_docs})",
            f"此工作区已有 {docs} 个文档（上限 {settings.workspace_max_docs}）",
        )
    if used_pages + pages > settings.workspace_max_pages:
        _refuse(
            name,
            f"its {pages} pages would bring this workspace to {used_pages + pages} "
            f"(limit {settings.workspace_max_pages})",
            f"它的 {pages} 页会使此工作区达到 {used_pages + pages} 页（上限 "
            f"{settings.workspace_max_pages}）",
        )
    if mb > settings.workspace_max_mb:
        _refuse(
            name,
            f"it would bring this workspace to {mb:.1f} MB "
            f"(limit {settings.workspace_max_mb:g} MB)",
            f"它会使此工作区达到 {mb:.1f} MB（上限 {settings.workspace_max_mb:g} MB）",
        )


def _refuse(name: str, en: str, zh: str) -> None:
    log.info("upload refused by a workspace limit: %s", en)
    raise LimitError(
        f"'{name}' was not added: {en}. Delete documents to make room. / "
        f"未添加“{name}”：{zh}。请先删除一些文档。"
    )
