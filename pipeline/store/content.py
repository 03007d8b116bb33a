"""A document's content as stored: pages, blocks and chunks."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

from pipeline.errors import NotFoundError
from pipeline.models import Block, Chunk, LineRef, Page, ParsedDocument
from pipeline.store.rows import PageRows
from pipeline.store.scope import ScopedStore


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


class ContentRows(ScopedStore):
    """Reads and writes of pages, blocks and chunks, limited to the store's workspace."""

    def replace_pages(
        self, doc_id: str, parsed: ParsedDocument | PageRows, *, conn: sqlite3.Connection
    ) -> None:
        if not self.owns(doc_id, conn=conn):
            raise NotFoundError(f"No document with id '{doc_id}' in this workspace.")
        rows = parsed if isinstance(parsed, PageRows) else PageRows(doc_id, parsed)
        conn.execute("DELETE FROM blocks WHERE doc_id = ?", (doc_id,))
        conn.execute("DELETE FROM pages WHERE doc_id = ?", (doc_id,))
        conn.executemany(
            "INSERT INTO pages (doc_id, page, width, height, rotation, source, ocr_confidence, "
            "failed, needs_ocr) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows.pages,
        )
        conn.executemany(
            "INSERT INTO blocks (doc_id, n, page, kind, level, text, data) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows.blocks,
        )

    def _readable_rows(
        self, table: str, where: str, args: Sequence[Any], order: str, columns: str = "*"
    ) -> list[sqlite3.Row]:
        """Rows of ``table`` (aliased by its initial) whose document this store can read."""
        t = table[0]
        clause, scope = self._scope("d.workspace")
        return (
            self.db.connect()
            .execute(
                f"SELECT {t}.{columns} FROM {table} {t} JOIN documents d ON d.doc_id = {t}.doc_id "
                f"WHERE {where}{clause} ORDER BY {order}",
                (*args, *scope),
            )
            .fetchall()
        )

    def pages(self, doc_id: str) -> list[Page]:
        rows = self._readable_rows("pages", "p.doc_id = ?", (doc_id,), "p.page")
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
        where, args = (
            ("b.doc_id = ?", [doc_id])
            if page is None
            else ("b.doc_id = ? AND b.page = ?", [doc_id, page])
        )
        rows = self._readable_rows("blocks", where, args, "b.n", columns="data")
        return [Block.model_validate_json(r["data"]) for r in rows]

    def chunks(self, doc_id: str) -> list[Chunk]:
        rows = self._readable_rows("chunks", "c.doc_id = ?", (doc_id,), "c.n")
        return [chunk_from_row(r) for r in rows]

    def chunks_on_page(self, doc_id: str, page: int) -> list[Chunk]:
        """The chunks of a document that cover a page, in order (without reading the rest)."""
        where = "c.doc_id = ? AND c.page_start <= ? AND c.page_end >= ?"
        rows = self._readable_rows("chunks", where, (doc_id, page, page), "c.n")
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
