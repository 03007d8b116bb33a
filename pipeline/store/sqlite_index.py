"""Embedded hybrid index: SQLite FTS5 (BM25 with the scope's statistics, jieba-segmented) +
dense vectors, fused by RRF."""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Mapping, Sequence

import numpy as np

from pipeline.models import Chunk, SearchHit
from pipeline.store.bm25 import ScopedBm25, bump_version
from pipeline.store.content import chunk_from_row
from pipeline.store.db import Database
from pipeline.store.fusion import diversify, rrf
from pipeline.store.index import QueryVector, SearchWeights, resolve_vector
from pipeline.store.rows import PreparedChunks
from pipeline.store.scope import visible_doc_ids
from pipeline.text.expand import across_languages, expand_query, normalize_query
from pipeline.text.segment import query_terms
from pipeline.workspace import visible

log = logging.getLogger(__name__)


class _VectorCache:
    """Per-document matrices of chunk vectors, reloaded when the stored set changes."""

    def __init__(self) -> None:
        self._data: dict[tuple[str, str], tuple[tuple[int, int], list[str], np.ndarray]] = {}
        self._lock = threading.Lock()

    def get(
        self, conn: sqlite3.Connection, doc_id: str, model: str
    ) -> tuple[list[str], np.ndarray]:
        stamp_row = conn.execute(
            "SELECT COUNT(*), COALESCE(MAX(rowid), 0) FROM embeddings "
            "WHERE doc_id = ? AND model = ?",
            (doc_id, model),
        ).fetchone()
        stamp = (int(stamp_row[0]), int(stamp_row[1]))
        key = (doc_id, model)
        with self._lock:
            hit = self._data.get(key)
            if hit and hit[0] == stamp:
                return hit[1], hit[2]
        rows = conn.execute(
            "SELECT chunk_id, vector FROM embeddings WHERE doc_id = ? AND model = ?",
            (doc_id, model),
        ).fetchall()
        ids = [r[0] for r in rows]
        mat = (
            np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32).reshape(len(rows), -1)
            if rows
            else np.zeros((0, 1), dtype=np.float32)
        )
        with self._lock:
            self._data[key] = (stamp, ids, mat)
        return ids, mat


class SqliteIndex:
    """SearchIndex over the chunks table of the system-of-record database."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._vectors = _VectorCache()
        self._bm25 = ScopedBm25()

    # --- writing -------------------------------------------------------------------------
    def replace_document(
        self, doc_id: str, chunks: Sequence[Chunk], *, conn: sqlite3.Connection | None = None
    ) -> None:
        if conn is None:
            with self.db.transaction() as tx:
                self._replace(tx, doc_id, chunks)
        else:
            self._replace(conn, doc_id, chunks)

    def _replace(self, conn: sqlite3.Connection, doc_id: str, chunks: Sequence[Chunk]) -> None:
        ready = chunks if isinstance(chunks, PreparedChunks) else PreparedChunks(doc_id, chunks)
        # Keep vectors of unchanged chunk texts so a re-ingest does not re-embed them.
        # One vector per (text, model), however many chunks repeat the text.
        kept: dict[str, dict[str, bytes]] = {}
        for h, model, vec in conn.execute(
            "SELECT c.content_hash, e.model, e.vector FROM embeddings e "
            "JOIN chunks c ON c.chunk_id = e.chunk_id WHERE e.doc_id = ?",
            (doc_id,),
        ):
            kept.setdefault(h, {})[model] = vec
        self._delete(conn, doc_id)
        conn.executemany(
            "INSERT INTO chunks (chunk_id, doc_id, n, text, kind, section, page_start, "
            "page_end, lines, lang, content_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            ready.rows,
        )
        rowids = dict(
            conn.execute("SELECT chunk_id, rowid FROM chunks WHERE doc_id = ?", (doc_id,))
        )
        conn.executemany(
            "INSERT INTO chunks_fts (rowid, body, section, doc) VALUES (?, ?, ?, ?)",
            [(rowids[row[0]], *fts) for row, fts in zip(ready.rows, ready.fts, strict=True)],
        )
        conn.executemany(
            "INSERT OR REPLACE INTO embeddings (chunk_id, doc_id, model, content_hash, vector) "
            "VALUES (?, ?, ?, ?, ?)",
            [
                (row[0], doc_id, model, row[-1], vec)
                for row in ready.rows
                for model, vec in kept.get(row[-1], {}).items()
            ],
        )

    def delete_document(self, doc_id: str, *, conn: sqlite3.Connection | None = None) -> None:
        if conn is None:
            with self.db.transaction() as tx:
                self._delete(tx, doc_id)
        else:
            self._delete(conn, doc_id)

    @staticmethod
    def _delete(conn: sqlite3.Connection, doc_id: str) -> None:
        bump_version(conn, doc_id)
        conn.execute(
            "DELETE FROM chunks_fts WHERE rowid IN (SELECT rowid FROM chunks WHERE doc_id = ?)",
            (doc_id,),
        )
        conn.execute("DELETE FROM embeddings WHERE doc_id = ?", (doc_id,))
        conn.execute("DELETE FROM chunks WHERE doc_id = ?", (doc_id,))

    def chunks_without_vectors(self, doc_id: str, model: str) -> list[Chunk]:
        rows = (
            self.db.connect()
            .execute(
                "SELECT c.* FROM chunks c LEFT JOIN embeddings e "
                "ON e.chunk_id = c.chunk_id AND e.model = ? "
                "WHERE c.doc_id = ? AND e.chunk_id IS NULL ORDER BY c.n",
                (model, doc_id),
            )
            .fetchall()
        )
        return [chunk_from_row(r) for r in rows]

    def documents_missing_vectors(self, model: str) -> list[str]:
        rows = (
            self.db.connect()
            .execute(
                "SELECT DISTINCT c.doc_id FROM chunks c LEFT JOIN embeddings e "
                "ON e.chunk_id = c.chunk_id AND e.model = ? WHERE e.chunk_id IS NULL",
                (model,),
            )
            .fetchall()
        )
        return sorted(r[0] for r in rows)

    def set_vectors(self, doc_id: str, model: str, vectors: Mapping[str, np.ndarray]) -> None:
        with self.db.transaction() as conn:
            hashes = dict(
                conn.execute(
                    "SELECT chunk_id, content_hash FROM chunks WHERE doc_id = ?", (doc_id,)
                ).fetchall()
            )
            conn.executemany(
                "INSERT OR REPLACE INTO embeddings (chunk_id, doc_id, model, content_hash, vector) "
                "VALUES (?, ?, ?, ?, ?)",
                [
                    (cid, doc_id, model, hashes[cid], np.asarray(v, np.float32).tobytes())
                    for cid, v in vectors.items()
                    if cid in hashes  # the chunk was replaced meanwhile: drop its vector
                ],
            )

    # --- searching -----------------------------------------------------------------------
    def lexical(
        self, query: str, doc_ids: Sequence[str], *, n: int, section_weight: float
    ) -> list[tuple[str, float]]:
        terms = query_terms(query) or query_terms(query, keep_stopwords=True)
        if not terms or not doc_ids:
            return []
        terms = terms[:64]
        conn = self.db.connect()
        # Scored with the scope's own statistics: other documents never re-order these.
        ranked = self._bm25.rank(conn, terms, doc_ids, section_weight=section_weight, n=n)
        if not ranked:
            return []
        marks = ",".join("?" * len(ranked))
        ids = dict(
            conn.execute(
                f"SELECT rowid, chunk_id FROM chunks WHERE rowid IN ({marks})",
                [r[0] for r in ranked],
            ).fetchall()
        )
        return [(ids[rowid], score) for rowid, score in ranked if rowid in ids]

    def dense(
        self, query_vector: np.ndarray, doc_ids: Sequence[str], *, model: str, n: int
    ) -> list[tuple[str, float]]:
        conn = self.db.connect()
        scored: list[tuple[str, float]] = []
        for doc_id in doc_ids:
            ids, mat = self._vectors.get(conn, doc_id, model)
            if not ids:
                continue
            # einsum stays on this thread: BLAS would wake its thread pool, whose spinning
            # threads then slow the next query embedding (p50 61 → 46 ms on 10k chunks).
            sims = np.einsum("ij,j->i", mat, query_vector.astype(np.float32))
            top = np.argsort(-sims)[:n]
            scored += [(ids[i], float(sims[i])) for i in top]
        scored.sort(key=lambda x: -x[1])
        return scored[:n]

    def search(
        self,
        query: str,
        doc_ids: Sequence[str],
        *,
        k: int = 8,
        query_vector: QueryVector | None = None,
        model: str | None = None,
        weights: SearchWeights | None = None,
        workspace: str | None = None,
    ) -> list[SearchHit]:
        w = weights or SearchWeights()
        if workspace is not None:
            doc_ids = visible_doc_ids(self.db.connect(), doc_ids, visible(workspace))
        pool = max(50, 5 * k)
        lex = self.lexical(normalize_query(query), doc_ids, n=pool, section_weight=w.section)
        extra = expand_query(query)
        lex2 = (
            self.lexical(extra.query, doc_ids, n=pool, section_weight=w.section)
            if extra and w.expansion > 0
            else []
        )
        # the items' names in the other language: a Chinese report's rows for an English
        # question; a document of the question's language matches none of them
        across = across_languages(query)
        lex3 = self.lexical(across, doc_ids, n=pool, section_weight=w.section) if across else []
        qv = resolve_vector(query_vector) if model and w.dense > 0 else None
        den = self.dense(qv, doc_ids, model=model, n=pool) if qv is not None and model else []
        lex_rank = {cid: i + 1 for i, (cid, _) in enumerate(lex)}
        den_rank = {cid: i + 1 for i, (cid, _) in enumerate(den)}
        fused = rrf(
            [
                (w.lexical, [c for c, _ in lex]),
                (w.expansion * extra.strength, [c for c, _ in lex2]),
                (w.lexical, [c for c, _ in lex3]),
                (w.dense, [c for c, _ in den]),
            ],
            w.rrf_k,
        )
        fused = diversify(fused, self._pages(list(fused)), w.page_decay)
        best = sorted(fused.items(), key=lambda x: -x[1])[:k]
        chunks = self._chunks([cid for cid, _ in best])
        hits: list[SearchHit] = []
        for cid, score in best:
            ch = chunks.get(cid)
            if ch is None:
                continue
            hits.append(
                SearchHit(
                    chunk_id=cid,
                    doc_id=ch.doc_id,
                    page=ch.page_start,
                    page_end=ch.page_end,
                    section=ch.section_path,
                    score=round(score, 6),
                    text=ch.text,
                    kind=ch.kind,
                    boxes=[(r.page, r.box) for r in ch.lines if r.box is not None],
                    paged=ch.paged,
                    lexical_rank=lex_rank.get(cid),
                    dense_rank=den_rank.get(cid),
                )
            )
        return hits

    def _pages(self, ids: list[str]) -> dict[str, tuple[str, int]]:
        out: dict[str, tuple[str, int]] = {}
        conn = self.db.connect()
        for i in range(0, len(ids), 500):
            part = ids[i : i + 500]
            marks = ",".join("?" * len(part))
            for r in conn.execute(
                f"SELECT chunk_id, doc_id, page_start FROM chunks WHERE chunk_id IN ({marks})", part
            ):
                out[r[0]] = (r[1], r[2])
        return out

    def _chunks(self, ids: list[str]) -> dict[str, Chunk]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = (
            self.db.connect()
            .execute(f"SELECT * FROM chunks WHERE chunk_id IN ({marks})", ids)
            .fetchall()
        )
        return {r["chunk_id"]: chunk_from_row(r) for r in rows}
