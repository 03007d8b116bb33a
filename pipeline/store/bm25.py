"""BM25 with the statistics of the query's scope, not of the whole index.

SQLite's ``bm25()`` takes its document frequencies and average length from every row
of the FTS table, so adding an unrelated document re-weights the query's words and
re-orders a document's own hits. Here each word is searched on its own inside the
scope; its ``bm25()`` there is idf × f(tf, length), and with the word's index-wide idf
(its row count) and the rows' lengths (FTS5's ``docsize`` and ``averages`` records)
that gives back each row's column-weighted term frequency exactly. The score is then
BM25 (k1 = 1.2, b = 0.75, FTS5's column weights and lengths) with the scope's rows,
average length and document frequencies, so a search over some documents ranks as if
they were all there is. Its idf is log(1 + (N − df + ½)/(df + ½)), never ≤ 0 (FTS5
floors its own at 1e-6, which inside one document silences every word found in most
of its rows); tests/test_scoped_bm25.py checks the scores against a by-hand BM25.
"""

from __future__ import annotations

import math
import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pipeline.store.schema import doc_token

K1, B = 1.2, 0.75


@dataclass(frozen=True)
class ScopeStats:
    rowids: np.ndarray
    """The document's FTS rowids, ascending."""
    lengths: np.ndarray
    """Each row's length in tokens (all columns, as FTS5 counts it)."""


def _varints(blob: bytes) -> list[int]:
    """FTS5's docsize record: one varint per column (token counts stay far below 2**56)."""
    out, value = [], 0
    for byte in blob:
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            out.append(value)
            value = 0
    return out


class ScopedBm25:
    """Scores words in scope with the statistics of the documents searched."""

    def __init__(self) -> None:
        self._stats: dict[str, tuple[tuple[int, int], ScopeStats]] = {}
        self._hits: dict[tuple[bytes, str], int] = {}  # (index averages, word) → rows with it
        self._lock = threading.Lock()

    def doc_stats(self, conn: sqlite3.Connection, doc_id: str) -> ScopeStats:
        """The rows of one document and their lengths, cached until its chunks change."""
        row = conn.execute(
            "SELECT COUNT(*), COALESCE(MAX(rowid), 0) FROM chunks WHERE doc_id = ?", (doc_id,)
        ).fetchone()
        stamp = (int(row[0]), int(row[1]))
        with self._lock:
            hit = self._stats.get(doc_id)
        if hit is not None and hit[0] == stamp:
            return hit[1]
        sizes = conn.execute(
            "SELECT id, sz FROM chunks_fts_docsize WHERE id IN "
            "(SELECT rowid FROM chunks WHERE doc_id = ?) ORDER BY id",
            (doc_id,),
        ).fetchall()
        stats = ScopeStats(
            rowids=np.array([r[0] for r in sizes], dtype=np.int64),
            lengths=np.array([sum(_varints(r[1])) for r in sizes], dtype=np.float64),
        )
        with self._lock:
            self._stats[doc_id] = (stamp, stats)
        return stats

    def rank(
        self,
        conn: sqlite3.Connection,
        terms: Sequence[str],
        doc_ids: Sequence[str],
        *,
        section_weight: float,
        n: int,
    ) -> list[tuple[int, float]]:
        """The best ``n`` rows of ``doc_ids`` for ``terms``: FTS rowid and BM25 score."""
        scope = [self.doc_stats(conn, d) for d in dict.fromkeys(doc_ids)]
        rowids = np.concatenate([st.rowids for st in scope]) if scope else np.zeros(0, np.int64)
        lengths = np.concatenate([st.lengths for st in scope]) if scope else np.zeros(0)
        order = np.argsort(rowids, kind="stable")
        rowids, lengths = rowids[order], lengths[order]
        record = conn.execute("SELECT block FROM chunks_fts_data WHERE id = 1").fetchone()
        if not len(rowids) or record is None:
            return []
        averages = bytes(record[0])
        totals = _varints(averages)  # rows, then tokens per column, of the whole index
        index_norm = K1 * (1 - B + B * lengths / (sum(totals[1:]) / max(1, totals[0])))
        norm = K1 * (1 - B + B * lengths / max(1e-9, float(lengths.mean())))
        docs = " OR ".join(doc_token(d) for d in dict.fromkeys(doc_ids))
        scores = np.zeros(len(rowids))
        for term in dict.fromkeys(terms):
            phrase = '"' + term.replace('"', '""') + '"'
            index_idf = _fts5_idf(totals[0], self._index_hits(conn, averages, phrase))
            found = np.array(
                conn.execute(
                    "SELECT rowid, -bm25(chunks_fts, 1.0, ?, 0.0) FROM chunks_fts "
                    "WHERE chunks_fts MATCH ?",
                    [section_weight, f"{phrase} AND doc : ({docs})"],
                ).fetchall(),
                dtype=np.float64,
            ).reshape(-1, 2)
            ids = found[:, 0].astype(np.int64)
            pos = np.minimum(np.searchsorted(rowids, ids), len(rowids) - 1)
            inside = rowids[pos] == ids
            idf = _idf(len(rowids), int(inside.sum()))
            keep = inside & (found[:, 1] > 0)
            pos, score = pos[keep], found[keep, 1]
            # Invert ratio = tf·(k1+1)/(tf + norm) for the row's column-weighted tf.
            ratio = np.minimum(score / index_idf, K1 + 1 - 1e-9)
            tf = ratio * index_norm[pos] / (K1 + 1 - ratio)
            np.add.at(scores, pos, idf * tf * (K1 + 1) / (tf + norm[pos]))
        hit = np.flatnonzero(scores > 0)
        best = hit[np.lexsort((rowids[hit], -scores[hit]))][:n]
        return [(int(rowids[i]), float(scores[i])) for i in best]

    def _index_hits(self, conn: sqlite3.Connection, averages: bytes, phrase: str) -> int:
        """Rows of the whole index holding ``phrase`` (cached while the index is unchanged)."""
        key = (averages, phrase)
        with self._lock:
            hits = self._hits.get(key)
        if hits is None:
            hits = int(
                conn.execute(
                    "SELECT COUNT(*) FROM chunks_fts WHERE chunks_fts MATCH ?", [phrase]
                ).fetchone()[0]
            )
            with self._lock:
                if len(self._hits) > 20_000:
                    self._hits.clear()
                self._hits[key] = hits
        return hits


def _fts5_idf(rows: int, hits: int) -> float:
    """The idf inside SQLite's bm25() (floored, so a word in most rows weighs ~nothing)."""
    return max(1e-6, math.log((rows - hits + 0.5) / (hits + 0.5)))


def _idf(rows: int, hits: int) -> float:
    """The scoring idf: never ≤ 0, so a word common in one document still counts a little
    (within one document many words are in over half its rows). Chosen on the training
    split (FinanceBench train evidence-page recall), see bench/retrieval.py --lexical."""
    return math.log(1 + (rows - hits + 0.5) / (hits + 0.5))
