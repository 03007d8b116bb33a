"""The system of record: documents, statuses, pages, blocks and chunks in SQLite."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

from pipeline.errors import NotFoundError
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


class DocumentStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    # --- documents ---------------------------------------------------------------------
    def get(self, doc_id: str) -> Document | None:
        conn = self.db.connect()
        row = conn.execute("SELECT * FROM documents WHERE doc_id = ?", (doc_id,)).fetchone()
        if row is None:
            return None
        return self._document(row, self._statuses(conn, [doc_id]).get(doc_id, {}))

    def require(self, doc_id: str) -> Document:
        doc = self.get(doc_id)
        if doc is None:
            raise NotFoundError(
                f"No document with id '{doc_id}'. Run 'python cli.py list' to see the ids."
            )
        return doc

    def all(self) -> list[Document]:
        conn = self.db.connect()
        rows = conn.execute("SELECT * FROM documents ORDER BY created_at, name").fetchall()
        statuses = self._statuses(conn, [r["doc_id"] for r in rows])
        return [self._document(r, statuses.get(r["doc_id"], {})) for r in rows]

    def upsert(self, doc: Document, *, conn: sqlite3.Connection | None = None) -> None:
        conn = conn or self.db.connect()
        values = doc.model_dump(include=set(_DOC_COLUMNS))
        values["updated_at"] = utcnow()
        cols = ", ".join(_DOC_COLUMNS)
        marks = ", ".join(f":{c}" for c in _DOC_COLUMNS)
        updates = ", ".join(f"{c} = excluded.{c}" for c in _DOC_COLUMNS if c != "created_at")
        conn.execute(
            f"INSERT INTO documents ({cols}) VALUES ({marks}) "
            f"ON CONFLICT(doc_id) DO UPDATE SET {updates}",
            values,
        )

    def delete(self, doc_id: str, *, conn: sqlite3.Connection) -> None:
        """Delete a document row; pages, blocks, chunks, statuses cascade."""
        conn.execute("DELETE FROM documents WHERE doc_id = ?", (doc_id,))

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
        conn.execute(
            "INSERT INTO components (doc_id, component, state, reason, progress, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(doc_id, component) DO UPDATE SET "
            "state = excluded.state, reason = excluded.reason, progress = excluded.progress, "
            "updated_at = excluded.updated_at",
            (doc_id, component, state, reason, min(1.0, max(0.0, progress)), utcnow()),
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
        rows = (
            self.db.connect()
            .execute("SELECT * FROM pages WHERE doc_id = ? ORDER BY page", (doc_id,))
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
        sql = "SELECT data FROM blocks WHERE doc_id = ?"
        args: list[Any] = [doc_id]
        if page is not None:
            sql += " AND page = ?"
            args.append(page)
        rows = self.db.connect().execute(sql + " ORDER BY n", args).fetchall()
        return [Block.model_validate_json(r["data"]) for r in rows]

    # --- chunks ------------------------------------------------------------------------
    def chunks(self, doc_id: str) -> list[Chunk]:
        rows = (
            self.db.connect()
            .execute("SELECT * FROM chunks WHERE doc_id = ? ORDER BY n", (doc_id,))
            .fetchall()
        )
        return [chunk_from_row(r) for r in rows]

    def get_chunk(self, chunk_id: str) -> Chunk | None:
        row = (
            self.db.connect()
            .execute("SELECT * FROM chunks WHERE chunk_id = ?", (chunk_id,))
            .fetchone()
        )
        return chunk_from_row(row) if row else None

    def get_chunks(self, chunk_ids: Iterable[str]) -> dict[str, Chunk]:
        ids = list(dict.fromkeys(chunk_ids))
        out: dict[str, Chunk] = {}
        conn = self.db.connect()
        for i in range(0, len(ids), 500):
            part = ids[i : i + 500]
            marks = ",".join("?" * len(part))
            for r in conn.execute(f"SELECT * FROM chunks WHERE chunk_id IN ({marks})", part):
                out[r["chunk_id"]] = chunk_from_row(r)
        return out

    # --- numbers -----------------------------------------------------------------------
    def counts(self, doc_id: str) -> dict[str, int]:
        conn = self.db.connect()

        def one(sql: str) -> int:
            return int(conn.execute(sql, (doc_id,)).fetchone()[0])

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

    @staticmethod
    def _document(row: sqlite3.Row, status: dict[str, ComponentStatus]) -> Document:
        return Document(**{c: row[c] for c in _DOC_COLUMNS}, status=status)
