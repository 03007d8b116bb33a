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

A row's term frequency belongs to the row alone, so each document's frequencies of a
word are kept (:class:`TermFrequencies`) until its chunks change: ``bm25()`` costs
~7 µs a matching row, and questions about one document share most of their words.
"""

from __future__ import annotations

import itertools
import math
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

from pipeline.store.db import register_migrations
from pipeline.store.schema import doc_token
from pipeline.text.segment import query_terms
from pipeline.text.variants import has_variants, spellings, word_forms

K1, B = 1.2, 0.75
CACHED_ROWS = 4_000_000
"""Row entries the term-frequency cache keeps (12 bytes each: ~50 MB at most)."""

Stamp = tuple[int, int, int]

# Each replacement or deletion of a document's chunks bumps its version (in the same
# transaction), so kept statistics are never reused for other rows, even when the new
# rows get the old rowids back (SQLite reuses the highest ones) and even when another
# process wrote them.
register_migrations(
    "lexical",
    ["CREATE TABLE chunk_versions (doc_id TEXT PRIMARY KEY, version INTEGER NOT NULL)"],
)


def bump_version(conn: sqlite3.Connection, doc_id: str) -> None:
    """Note that ``doc_id``'s chunks changed (call inside the transaction that changes them)."""
    conn.execute(
        "INSERT INTO chunk_versions (doc_id, version) VALUES (?, 1) "
        "ON CONFLICT(doc_id) DO UPDATE SET version = version + 1",
        (doc_id,),
    )


@dataclass(frozen=True)
class ScopeStats:
    rowids: np.ndarray
    """The document's FTS rowids, ascending."""
    lengths: np.ndarray
    """Each row's length in tokens (all columns, as FTS5 counts it)."""
    stamp: Stamp = (0, 0, 0)
    """(rows, highest rowid, version): changes whenever the document's chunks change."""


@dataclass(frozen=True)
class Postings:
    """One word in one document: the rows holding it and their column-weighted tf."""

    pos: np.ndarray
    """Indexes into the document's :attr:`ScopeStats.rowids`."""
    tf: np.ndarray


def _varints(blob: bytes) -> list[int]:
    """FTS5's docsize record: one varint per column (token counts stay far below 2**56)."""
    out, value = [], 0
    for byte in blob:
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            out.append(value)
            value = 0
    return out


class TermFrequencies:
    """Postings per (document version, word, section weight), least recently used dropped."""

    def __init__(self, max_rows: int = CACHED_ROWS) -> None:
        self._data: OrderedDict[tuple[str, Stamp, str, float], Postings] = OrderedDict()
        self._rows = 0
        self._max = max_rows
        self._lock = threading.Lock()

    def get(self, key: tuple[str, Stamp, str, float]) -> Postings | None:
        with self._lock:
            hit = self._data.get(key)
            if hit is not None:
                self._data.move_to_end(key)
            return hit

    def put(self, key: tuple[str, Stamp, str, float], postings: Postings) -> None:
        with self._lock:
            old = self._data.pop(key, None)
            self._rows -= 0 if old is None else len(old.pos)
            self._data[key] = postings
            self._rows += len(postings.pos)
            while self._rows > self._max and len(self._data) > 1:
                _, dropped = self._data.popitem(last=False)
                self._rows -= len(dropped.pos)


class ScopedBm25:
    """Scores words in scope with the statistics of the documents searched."""

    def __init__(self) -> None:
        self._stats: dict[str, ScopeStats] = {}
        self._hits: dict[tuple[bytes, str], int] = {}  # (index averages, word) → rows with it
        self._tfs = TermFrequencies()
        self._lock = threading.Lock()

    def doc_stats(self, conn: sqlite3.Connection, doc_id: str) -> ScopeStats:
        """The rows of one document and their lengths, cached until its chunks change."""
        row = conn.execute(
            "SELECT COUNT(*), COALESCE(MAX(rowid), 0), "
            "(SELECT version FROM chunk_versions WHERE doc_id = ?1) FROM chunks WHERE doc_id = ?1",
            (doc_id,),
        ).fetchone()
        stamp = (int(row[0]), int(row[1]), int(row[2] or 0))
        with self._lock:
            hit = self._stats.get(doc_id)
        if hit is not None and hit.stamp == stamp:
            return hit
        sizes = conn.execute(
            "SELECT id, sz FROM chunks_fts_docsize WHERE id IN "
            "(SELECT rowid FROM chunks WHERE doc_id = ?) ORDER BY id",
            (doc_id,),
        ).fetchall()
        stats = ScopeStats(
            rowids=np.array([r[0] for r in sizes], dtype=np.int64),
            lengths=np.array([sum(_varints(r[1])) for r in sizes], dtype=np.float64),
            stamp=stamp,
        )
        with self._lock:
            self._stats[doc_id] = stats
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
        docs = list(dict.fromkeys(doc_ids))
        with _snapshot(conn):  # the rows, their lengths and bm25()'s statistics agree
            scope = {d: self.doc_stats(conn, d) for d in docs}
            docs = [d for d in docs if len(scope[d].rowids)]
            if not docs:
                return []
            words = list(dict.fromkeys(terms))
            postings = self._postings(conn, words, scope, docs, section_weight)
        rowids = np.concatenate([scope[d].rowids for d in docs])
        lengths = np.concatenate([scope[d].lengths for d in docs])
        starts = np.cumsum([0] + [len(scope[d].rowids) for d in docs])
        norm = K1 * (1 - B + B * lengths / max(1e-9, float(lengths.mean())))
        scores = np.zeros(len(rowids))
        for word in words:
            pos = np.concatenate([postings[d, word].pos + starts[i] for i, d in enumerate(docs)])
            tf = np.concatenate([postings[d, word].tf for d in docs])
            # A row appears once per word, so plain fancy-index addition is exact.
            scores[pos] += _idf(len(rowids), len(pos)) * tf * (K1 + 1) / (tf + norm[pos])
        hit = np.flatnonzero(scores > 0)
        best = hit[np.lexsort((rowids[hit], -scores[hit]))][:n]
        return [(int(rowids[i]), float(scores[i])) for i in best]

    def _postings(
        self,
        conn: sqlite3.Connection,
        words: list[str],
        scope: dict[str, ScopeStats],
        docs: list[str],
        section_weight: float,
    ) -> dict[tuple[str, str], Postings]:
        """Each (document, word)'s postings: kept ones, the rest read in one query a word."""
        out: dict[tuple[str, str], Postings] = {}
        totals: list[int] | None = None
        averages = b""
        for word in words:
            missing = []
            for d in docs:
                hit = self._tfs.get((d, scope[d].stamp, word, section_weight))
                if hit is None:
                    missing.append(d)
                else:
                    out[d, word] = hit
            if not missing:
                continue
            if totals is None:
                record = conn.execute("SELECT block FROM chunks_fts_data WHERE id = 1").fetchone()
                averages = bytes(record[0]) if record is not None else b""
                totals = _varints(averages) or [0]  # rows, then tokens per column
            found = self._read(
                conn, word, missing, section_weight, averages=averages, totals=totals
            )
            for d in missing:
                got = _split(found, scope[d], totals)
                self._tfs.put((d, scope[d].stamp, word, section_weight), got)
                out[d, word] = got
        return out

    def _read(
        self,
        conn: sqlite3.Connection,
        word: str,
        docs: list[str],
        section_weight: float,
        *,
        averages: bytes,
        totals: list[int],
    ) -> np.ndarray:
        """(rowid, bm25 score, index idf) of the rows of ``docs`` holding ``word``."""
        phrase = match_phrase(word)
        index_idf = _fts5_idf(totals[0], self._index_hits(conn, averages, phrase))
        tokens = " OR ".join(doc_token(d) for d in docs)
        rows = conn.execute(
            "SELECT rowid, -bm25(chunks_fts, 1.0, ?, 0.0) FROM chunks_fts WHERE chunks_fts MATCH ?",
            [section_weight, f"{phrase} AND doc : ({tokens})"],
        ).fetchall()
        flat = itertools.chain.from_iterable(rows)  # 3× faster than np.array(rows)
        found = np.fromiter(flat, dtype=np.float64, count=2 * len(rows)).reshape(-1, 2)
        return np.column_stack([found, np.full(len(found), index_idf)])

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


def _split(found: np.ndarray, stats: ScopeStats, totals: list[int]) -> Postings:
    """One document's rows of ``found``, each row's bm25() inverted to its weighted tf."""
    rowids = stats.rowids
    ids = found[:, 0].astype(np.int64)
    pos = np.minimum(np.searchsorted(rowids, ids), len(rowids) - 1)
    inside = rowids[pos] == ids
    pos, score, index_idf = pos[inside], found[inside, 1], found[inside, 2]
    avg = sum(totals[1:]) / max(1, totals[0])
    index_norm = K1 * (1 - B + B * stats.lengths[pos] / avg)
    # Invert ratio = tf·(k1+1)/(tf + norm) for the row's column-weighted tf; a row found
    # through a weight-0 column only counts towards df.
    ratio = np.clip(score / index_idf, 0.0, K1 + 1 - 1e-9)
    tf = ratio * index_norm / (K1 + 1 - ratio)
    return Postings(pos=pos.astype(np.int64), tf=tf)


@contextmanager
def _snapshot(conn: sqlite3.Connection) -> Iterator[None]:
    """One read transaction (a WAL snapshot, so writers never wait on it), unless the
    caller is already in one."""
    if conn.in_transaction:
        yield
        return
    conn.execute("BEGIN")
    try:
        yield
    finally:
        conn.execute("COMMIT")


def _quoted(word: str) -> str:
    return '"' + word.replace('"', '""') + '"'


def match_phrase(word: str) -> str:
    """The FTS5 query finding ``word``: the word as a phrase, or, when it holds a variant
    character ("炮" of "快炮"), any of its spellings ("快砲"), each also as the words the
    index cut it into (``variants.spellings``): a text writing another form holds it; so
    too each other wording of a word group it holds (``variants.word_forms``: "二战" →
    "第二次世界大战")."""
    others = word_forms(word)  # "二战" of a text writing "第二次世界大战"
    if not has_variants(word) and not others:
        return _quoted(word)
    forms: list[str] = []
    for spelled in [*spellings(word), *others]:
        for form in (spelled, " ".join(query_terms(spelled, keep_stopwords=True))):
            if form and _quoted(form) not in forms:
                forms.append(_quoted(form))
    return "(" + " OR ".join(forms) + ")"


def _fts5_idf(rows: int, hits: int) -> float:
    """The idf inside SQLite's bm25() (floored, so a word in most rows weighs ~nothing)."""
    return max(1e-6, math.log((rows - hits + 0.5) / (hits + 0.5)))


def _idf(rows: int, hits: int) -> float:
    """The scoring idf: never ≤ 0, so a word common in one document still counts a little
    (within one document many words are in over half its rows). Chosen on the training
    split (FinanceBench train evidence-page recall), see bench/retrieval.py --lexical."""
    return math.log(1 + (rows - hits + 0.5) / (hits + 0.5))
