"""The system of record: documents in SQLite, with their statuses (``statuses.py``) and
content (``content.py``: pages, blocks, chunks), each query limited to a workspace
(``scope.py``)."""

from __future__ import annotations

import sqlite3

from pipeline.errors import NotFoundError, StoreError
from pipeline.models import ComponentStatus, Document, utcnow
from pipeline.store import schema as _schema  # noqa: F401  (registers the core migrations)
from pipeline.store.content import ContentRows
from pipeline.store.statuses import StatusRows

_DOC_COLUMNS = (
    "doc_id",
    "name",
    "kind",
    "size",
    "content_hash",
    "stored_path",
    "title",
    "pages",
    "chunks",
    "language",
    "created_at",
    "updated_at",
    "pipeline_version",
    "workspace",
)


# A row that only records a failed upload (no content): it does not count against limits.
_REFUSED_ROW = (
    "documents.chunks = 0 AND EXISTS (SELECT 1 FROM components c WHERE c.doc_id = "
    "documents.doc_id AND c.component = 'parse' AND c.state = 'failed')"
)


class DocumentStore(ContentRows, StatusRows):
    """Documents of one workspace (plus the read-only shared library it can read).

    ``workspace=None`` is the system view used by the background runner and the cleanup:
    it sees every workspace. Every query carries the workspace condition itself, so a
    document of another workspace is indistinguishable from one that does not exist.
    """

    def scoped(self, workspace: str | None) -> DocumentStore:
        return DocumentStore(self.db, workspace)

    # --- documents ---------------------------------------------------------------------
    def get(self, doc_id: str) -> Document | None:
        conn = self.db.connect()
        clause, args = self._scope()
        row = conn.execute(
            f"SELECT * FROM documents WHERE doc_id = ?{clause}", (doc_id, *args)
        ).fetchone()
        if row is None:
            return None
        return self._document(row, self._statuses(conn, [doc_id]).get(doc_id, {}))

    def by_name(self, name: str) -> Document | None:
        """This workspace's own document called ``name`` (the shared library is not searched)."""
        conn = self.db.connect()
        clause, args = self._own()
        row = conn.execute(
            f"SELECT * FROM documents WHERE name = ?{clause}", (name, *args)
        ).fetchone()
        if row is None:
            return None
        return self._document(row, self._statuses(conn, [row["doc_id"]]).get(row["doc_id"], {}))

    def require(self, doc_id: str) -> Document:
        doc = self.get(doc_id)
        if doc is None:
            raise NotFoundError(
                f"No document with id '{doc_id}'. Run 'python cli.py list' to see the ids."
            )
        return doc

    def all(self, *, own_only: bool = False) -> list[Document]:
        conn = self.db.connect()
        clause, args = self._own() if own_only else self._scope()
        rows = conn.execute(
            f"SELECT * FROM documents WHERE 1 = 1{clause} ORDER BY created_at, name", args
        ).fetchall()
        statuses = self._statuses(conn, [r["doc_id"] for r in rows])
        return [self._document(r, statuses.get(r["doc_id"], {})) for r in rows]

    def upsert(self, doc: Document, *, conn: sqlite3.Connection | None = None) -> None:
        """Insert or update a document of this workspace; never touches another's row."""
        conn = conn or self.db.connect()
        if self.workspace is not None:
            doc.workspace = self.workspace
        values = doc.model_dump(include=set(_DOC_COLUMNS))
        values["updated_at"] = utcnow()
        cols = ", ".join(_DOC_COLUMNS)
        marks = ", ".join(f":{c}" for c in _DOC_COLUMNS)
        updates = ", ".join(f"{c} = excluded.{c}" for c in _DOC_COLUMNS if c != "created_at")
        cur = conn.execute(
            f"INSERT INTO documents ({cols}) VALUES ({marks}) "
            f"ON CONFLICT(doc_id) DO UPDATE SET {updates} "
            "WHERE documents.workspace = excluded.workspace",
            values,
        )
        if cur.rowcount == 0:
            raise StoreError(
                f"The document id '{doc.doc_id}' is taken by another workspace; "
                "rename the file and upload it again."
            )

    def delete(self, doc_id: str, *, conn: sqlite3.Connection) -> bool:
        """Delete a document row of this workspace; pages, blocks, chunks, statuses cascade."""
        clause, args = self._own()
        cur = conn.execute(f"DELETE FROM documents WHERE doc_id = ?{clause}", (doc_id, *args))
        return cur.rowcount > 0

    # --- numbers -----------------------------------------------------------------------
    def counts(self, doc_id: str) -> dict[str, int]:
        conn = self.db.connect()
        visible_id = doc_id if self.get(doc_id) is not None else ""  # others' count as empty

        def one(sql: str) -> int:
            return int(conn.execute(sql, (visible_id,)).fetchone()[0])

        return {
            "pages": one("SELECT COUNT(*) FROM pages WHERE doc_id = ?"),
            "ocr_pages": one("SELECT COUNT(*) FROM pages WHERE doc_id = ? AND source = 'ocr'"),
            "failed_pages": one(
                "SELECT COUNT(*) FROM pages WHERE doc_id = ? AND failed IS NOT NULL"
            ),
            "blocks": one("SELECT COUNT(*) FROM blocks WHERE doc_id = ?"),
            "headings": one("SELECT COUNT(*) FROM blocks WHERE doc_id = ? AND kind = 'heading'"),
            "tables": one("SELECT COUNT(*) FROM blocks WHERE doc_id = ? AND kind = 'table'"),
            "chunks": one("SELECT COUNT(*) FROM chunks WHERE doc_id = ?"),
            "embedded": one("SELECT COUNT(*) FROM embeddings WHERE doc_id = ?"),
            "chars": one("SELECT COALESCE(SUM(LENGTH(text)), 0) FROM chunks WHERE doc_id = ?"),
        }

    def usage(self) -> tuple[int, int, int]:
        """(documents, pages, stored bytes) this workspace owns, for its limits (rows of
        failed uploads, which hold nothing, are not counted)."""
        clause, args = self._own()
        row = (
            self.db.connect()
            .execute(
                "SELECT COUNT(*), COALESCE(SUM(pages), 0), COALESCE(SUM(size), 0) "
                f"FROM documents WHERE 1 = 1{clause} AND NOT ({_REFUSED_ROW})",
                args,
            )
            .fetchone()
        )
        return int(row[0]), int(row[1]), int(row[2])

    def ocr_failures(self) -> dict[str, tuple[int, int]]:
        """Documents with pages that OCR could not read: doc id → (failed, needing OCR)."""
        clause, args = self._scope("d.workspace")
        rows = self.db.connect().execute(
            "SELECT p.doc_id, SUM(p.failed IS NOT NULL) AS bad, COUNT(*) AS todo FROM pages p "
            "JOIN documents d ON d.doc_id = p.doc_id "
            f"WHERE p.needs_ocr IS NOT NULL AND p.needs_ocr != ''{clause} "
            "GROUP BY p.doc_id HAVING bad > 0",
            args,
        )
        return {r["doc_id"]: (int(r["bad"]), int(r["todo"])) for r in rows}

    @staticmethod
    def _document(row: sqlite3.Row, status: dict[str, ComponentStatus]) -> Document:
        return Document(**{c: row[c] for c in _DOC_COLUMNS}, status=status)
