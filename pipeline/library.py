"""Reading, naming and deleting a workspace's documents: part of :class:`pipeline.service.Folio`."""

from __future__ import annotations

from typing import Any

from pipeline.errors import NotFoundError, WorkspaceError
from pipeline.ingest_checks import refused_row
from pipeline.models import Chunk, Document
from pipeline.store.db import Database
from pipeline.store.documents import DocumentStore
from pipeline.store.index import SearchIndex
from settings import Settings


class LibraryMethods:
    """Mixed into Folio, which provides these attributes."""

    settings: Settings
    workspace: str
    db: Database
    store: DocumentStore
    index: SearchIndex

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
