"""The system of record: documents, statuses, pages, blocks and chunks in SQLite."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

from pipeline.errors import NotFoundError, StoreError
from pipeline.models import (
    ALL_COMPONENTS,
    Block,
    Chunk,
    Component,
    ComponentState,
    ComponentStatus,
    Document,
    LineRef,
    Page,
    ParsedDocument,
    utcnow,
)
from pipeline.store import schema as _schema  # noqa: F401  (registers the core migrations)
from pipeline.store.db import Database
from pipeline.workspace import LOCAL, visible

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


def chunk_from_row(row: sqlite3.Row) -> Chunk:
    return Chunk(
        chunk_id=row["chunk_id"],
        doc_id=row["doc_id"],
        n=row["n"],
        text=row["text"],
        kind=row["kind"],
        section=json.loads(row["section"]),
        page_start=row["page_start"],
        page_end=row["page_end"],
        lines=[LineRef(**x) for x in json.loads(row["lines"])],
        lang=row["lang"],
    )


def scope_clause(workspaces: Sequence[str] | None, column: str) -> tuple[str, list[str]]:
    """`` AND <column> IN (…)`` restricting a query to these workspaces (None: no limit)."""
    if workspaces is None:
        return "", []
    return f" AND {column} IN ({','.join('?' * len(workspaces))})", list(workspaces)


def visible_doc_ids(
    conn: sqlite3.Connection, doc_ids: Sequence[str], workspaces: Sequence[str] | None
) -> list[str]:
    """The ids among ``doc_ids`` that exist in these workspaces, in the order given."""
    if workspaces is None or not doc_ids:
        return list(doc_ids)
    ids = list(dict.fromkeys(doc_ids))
    found: set[str] = set()
    clause, args = scope_clause(workspaces, "workspace")
    for i in range(0, len(ids), 500):
        part = ids[i : i + 500]
        marks = ",".join("?" * len(part))
        found.update(
            r[0]
            for r in conn.execute(
                f"SELECT doc_id FROM documents WHERE doc_id IN ({marks}){clause}", [*part, *args]
            )
        )
    return [d for d in ids if d in found]


class DocumentStore:
    """Documents of one workspace (plus the read-only shared library it can read).

    ``workspace=None`` is the system view used by the background runner and the cleanup:
    it sees every workspace. Every query carries the workspace condition itself, so a
    document of another workspace is indistinguishable from one that does not exist.
    """

    def __init__(self, db: Database, workspace: str | None = LOCAL) -> None:
        self.db = db
        self.workspace = workspace
        self.readable: tuple[str, ...] | None = None if workspace is None else visible(workspace)

    def scoped(self, workspace: str | None) -> DocumentStore:
        return DocumentStore(self.db, workspace)

    def _scope(self, column: str = "workspace") -> tuple[str, list[str]]:
        return scope_clause(self.readable, column)

    def _own(self, column: str = "workspace") -> tuple[str, list[str]]:
        """Writes are limited to the workspace itself (never the shared library)."""
        return scope_clause(None if self.workspace is None else (self.workspace,), column)

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

    def owns(self, doc_id: str, *, conn: sqlite3.Connection | None = None) -> bool:
        """True when the document exists and belongs to this workspace itself (may be written)."""
        clause, args = self._own()
        row = (
            (conn or self.db.connect())
            .execute(f"SELECT 1 FROM documents WHERE doc_id = ?{clause}", (doc_id, *args))
            .fetchone()
        )
        return row is not None

    # --- statuses ----------------------------------------------------------------------
    def set_status(
        self,
        doc_id: str,
        component: Component,
        state: ComponentState,
        *,
        reason: str | None = None,
        progress: float | None = None,
        conn: sqlite3.Connection | None = None,
    ) -> None:
        if progress is None:
            progress = 1.0 if state == "ready" else 0.0
        conn = conn or self.db.connect()
        clause, args = self._own()
        conn.execute(
            "INSERT INTO components (doc_id, component, state, reason, progress, updated_at) "
            "SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS "
            f"(SELECT 1 FROM documents WHERE doc_id = ?{clause}) "
            "ON CONFLICT(doc_id, component) DO UPDATE SET "
            "state = excluded.state, reason = excluded.reason, progress = excluded.progress, "
            "updated_at = excluded.updated_at",
            (
                doc_id,
                component,
                state,
                reason,
                min(1.0, max(0.0, progress)),
                utcnow(),
                doc_id,
                *args,
            ),
        )

    def status(self, doc_id: str, component: Component) -> ComponentStatus:
        return self.statuses(doc_id).get(component, ComponentStatus(component=component))

    def statuses(self, doc_id: str) -> dict[str, ComponentStatus]:
        return self._statuses(self.db.connect(), [doc_id]).get(doc_id, {})

    def _statuses(
        self, conn: sqlite3.Connection, doc_ids: Sequence[str]
    ) -> dict[str, dict[str, ComponentStatus]]:
        out: dict[str, dict[str, ComponentStatus]] = {d: {} for d in doc_ids}
        if not doc_ids:
            return out
        marks = ",".join("?" * len(doc_ids))
        rows = conn.execute(
            f"SELECT * FROM components WHERE doc_id IN ({marks})", list(doc_ids)
        ).fetchall()
        for r in rows:
            out[r["doc_id"]][r["component"]] = ComponentStatus(
                component=r["component"],
                state=r["state"],
                reason=r["reason"],
                progress=r["progress"],
                updated_at=r["updated_at"],
            )
        for comps in out.values():  # a fixed order reads better everywhere
            ordered: dict[str, ComponentStatus] = {
                c: comps[c] for c in ALL_COMPONENTS if c in comps
            }
            comps.clear()
            comps.update(ordered)
        return out

    # --- pages and blocks --------------------------------------------------------------
    def replace_pages(
        self, doc_id: str, parsed: ParsedDocument, *, conn: sqlite3.Connection
    ) -> None:
        if not self.owns(doc_id, conn=conn):
            raise NotFoundError(f"No document with id '{doc_id}' in this workspace.")
        conn.execute("DELETE FROM blocks WHERE doc_id = ?", (doc_id,))
        conn.execute("DELETE FROM pages WHERE doc_id = ?", (doc_id,))
        conn.executemany(
            "INSERT INTO pages (doc_id, page, width, height, rotation, source, ocr_confidence, "
            "failed, needs_ocr) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    doc_id,
                    p.page,
                    p.width,
                    p.height,
                    p.rotation,
                    p.source,
                    p.ocr_confidence,
                    p.failed,
                    p.needs_ocr,
                )
                for p in parsed.pages
            ],
        )
        conn.executemany(
            "INSERT INTO blocks (doc_id, n, page, kind, level, text, data) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (doc_id, b.n, b.page, b.kind, b.level, b.text, b.model_dump_json())
                for b in parsed.blocks()
            ],
        )

    def pages(self, doc_id: str) -> list[Page]:
        clause, args = self._scope("d.workspace")
        rows = (
            self.db.connect()
            .execute(
                "SELECT p.* FROM pages p JOIN documents d ON d.doc_id = p.doc_id "
                f"WHERE p.doc_id = ?{clause} ORDER BY p.page",
                (doc_id, *args),
            )
            .fetchall()
        )
        return [
            Page(
                page=r["page"],
                width=r["width"],
                height=r["height"],
                rotation=r["rotation"],
                source=r["source"],
                ocr_confidence=r["ocr_confidence"],
                failed=r["failed"],
                needs_ocr=r["needs_ocr"],
            )
            for r in rows
        ]

    def blocks(self, doc_id: str, page: int | None = None) -> list[Block]:
        clause, scope = self._scope("d.workspace")
        sql = (
            "SELECT b.data FROM blocks b JOIN documents d ON d.doc_id = b.doc_id "
            f"WHERE b.doc_id = ?{clause}"
        )
        args: list[Any] = [doc_id, *scope]
        if page is not None:
            sql += " AND b.page = ?"
            args.append(page)
        rows = self.db.connect().execute(sql + " ORDER BY b.n", args).fetchall()
        return [Block.model_validate_json(r["data"]) for r in rows]

    # --- chunks ------------------------------------------------------------------------
    def chunks(self, doc_id: str) -> list[Chunk]:
        clause, args = self._scope("d.workspace")
        rows = (
            self.db.connect()
            .execute(
                "SELECT c.* FROM chunks c JOIN documents d ON d.doc_id = c.doc_id "
                f"WHERE c.doc_id = ?{clause} ORDER BY c.n",
                (doc_id, *args),
            )
            .fetchall()
        )
        return [chunk_from_row(r) for r in rows]

    def chunks_on_page(self, doc_id: str, page: int) -> list[Chunk]:
        """The chunks of a document that cover a page, in order (without reading the rest)."""
        clause, args = self._scope("d.workspace")
        rows = (
            self.db.connect()
            .execute(
                "SELECT c.* FROM chunks c JOIN documents d ON d.doc_id = c.doc_id "
                f"WHERE c.doc_id = ? AND c.page_start <= ? AND c.page_end >= ?{clause} "
                "ORDER BY c.n",
                (doc_id, page, page, *args),
            )
            .fetchall()
        )
        return [chunk_from_row(r) for r in rows]

    def get_chunk(self, chunk_id: str) -> Chunk | None:
        return self.get_chunks([chunk_id]).get(chunk_id)

    def get_chunks(self, chunk_ids: Iterable[str]) -> dict[str, Chunk]:
        ids = list(dict.fromkeys(chunk_ids))
        out: dict[str, Chunk] = {}
        conn = self.db.connect()
        clause, args = self._scope("d.workspace")
        for i in range(0, len(ids), 500):
            part = ids[i : i + 500]
            marks = ",".join("?" * len(part))
            for r in conn.execute(
                "SELECT c.* FROM chunks c JOIN documents d ON d.doc_id = c.doc_id "
                f"WHERE c.chunk_id IN ({marks}){clause}",
                [*part, *args],
            ):
                out[r["chunk_id"]] = chunk_from_row(r)
        return out

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
