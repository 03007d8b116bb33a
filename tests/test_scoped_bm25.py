"""Lexical scores use the statistics of the documents searched, never of the whole index."""

from __future__ import annotations

import random
from pathlib import Path

from pipeline.models import Chunk
from pipeline.service import Folio
from pipeline.store.schema import doc_token
from pipeline.store.sqlite_index import SqliteIndex
from pipeline.text.segment import query_terms

WORDS = [
    "harbour",
    "tide",
    "ship",
    "cargo",
    "crane",
    "dock",
    "pilot",
    "anchor",
    "ledger",
    "storm",
    "wind",
    "keeper",
    "lamp",
    "beacon",
    "rope",
    "hull",
    "deck",
    "crew",
    "sail",
    "mast",
    "chart",
    "compass",
    "buoy",
    "pier",
    "quay",
    "freight",
    "manifest",
    "customs",
]


def _chunks(doc_id: str, texts: list[str]) -> list[Chunk]:
    return [
        Chunk(chunk_id=f"{doc_id}#{i}", doc_id=doc_id, n=i, text=t, section=["Notes"],
              page_start=i + 1, page_end=i + 1)
        for i, t in enumerate(texts)
    ]  # fmt: skip


def _add(folio: Folio, doc_id: str, texts: list[str]) -> None:
    from pipeline.models import Document

    with folio.db.transaction() as tx:
        folio.store.upsert(
            Document(doc_id=doc_id, name=f"{doc_id}.txt", kind="txt", size=1, content_hash=doc_id),
            conn=tx,
        )
        folio.index.replace_document(doc_id, _chunks(doc_id, texts), conn=tx)
        folio.store.set_status(doc_id, "index", "ready", conn=tx)


def _random_texts(rng: random.Random, n: int, words: list[str]) -> list[str]:
    return [" ".join(rng.choices(words, k=rng.randint(8, 60))) for _ in range(n)]


def test_over_every_document_it_ranks_as_sqlite_bm25(folio: Folio) -> None:
    rng = random.Random(3)
    for d in ("alpha", "beta", "gamma"):
        _add(folio, d, _random_texts(rng, 40, WORDS))
    index = folio.index
    assert isinstance(index, SqliteIndex)
    conn = folio.db.connect()
    for query in ("harbour storm", "pilot anchor ledger", "crane"):
        terms = query_terms(query)
        words = " OR ".join(f'"{t}"' for t in terms)
        docs = " OR ".join(doc_token(d) for d in ("alpha", "beta", "gamma"))
        expected = conn.execute(
            "SELECT c.chunk_id, -bm25(chunks_fts, 1.0, 0.5, 0.0) FROM chunks_fts "
            "JOIN chunks c ON c.rowid = chunks_fts.rowid WHERE chunks_fts MATCH ? "
            "ORDER BY bm25(chunks_fts, 1.0, 0.5, 0.0) LIMIT 20",
            [f"({words}) AND doc : ({docs})"],
        ).fetchall()
        got = index.lexical(query, ["alpha", "beta", "gamma"], n=20, section_weight=0.5)
        assert [round(s, 6) for _, s in got] == [round(s, 6) for _, s in expected]
        assert {c for c, _ in got} == {c for c, _ in expected} or len(expected) == 20


def test_a_documents_ranking_ignores_documents_added_later(folio: Folio) -> None:
    rng = random.Random(11)
    canary = _random_texts(rng, 30, WORDS)
    _add(folio, "canary", canary)
    queries = ["harbour storm keeper", "cargo manifest customs", "lamp beacon buoy pier"]
    before = {q: folio.search(q, ["canary"], k=5) for q in queries}
    # Unrelated documents that use the query words in very different proportions.
    for i in range(4):
        skew = ["storm", "cargo", "lamp", "harbour"] * 20 + WORDS[i::4]
        _add(folio, f"noise{i}", _random_texts(rng, 200, skew))
    for q in queries:
        after = folio.search(q, ["canary"], k=5)
        assert [h.chunk_id for h in after] == [h.chunk_id for h in before[q]], q
        assert [h.score for h in after] == [h.score for h in before[q]], q


def test_a_stemmed_word_is_found(folio: Folio, tmp_path: Path) -> None:
    _add(folio, "filing", ["The annual 10-K report lists revenue.", "A quarterly 10-Q note."])
    hits = folio.search("revenues", ["filing"], k=2)  # the index's stemming still applies
    assert hits and hits[0].chunk_id == "filing#0"
