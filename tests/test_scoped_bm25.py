"""Lexical scores use the statistics of the documents searched, never of the whole index."""

from __future__ import annotations

import math
import random
from pathlib import Path

from pipeline.models import Chunk
from pipeline.service import Folio
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


def _by_hand(texts: dict[str, str], query: list[str]) -> dict[str, float]:
    """BM25 over ``texts`` (k1 1.2, b 0.75, idf log(1 + (N - df + .5)/(df + .5))), counting
    a row's length as FTS5 does: its words plus the section 'Notes' and the doc token."""
    rows = {cid: text.split() for cid, text in texts.items()}
    avgdl = sum(len(w) + 2 for w in rows.values()) / len(rows)
    out: dict[str, float] = {}
    for term in query:
        df = sum(term in w for w in rows.values())
        idf = math.log(1 + (len(rows) - df + 0.5) / (df + 0.5))
        for cid, w in rows.items():
            tf = w.count(term)
            if tf:
                norm = 1.2 * (0.25 + 0.75 * (len(w) + 2) / avgdl)
                out[cid] = out.get(cid, 0.0) + idf * tf * 2.2 / (tf + norm)
    return out


def test_scores_are_bm25_over_the_scope_computed_by_hand(folio: Folio) -> None:
    rng = random.Random(3)
    texts: dict[str, dict[str, str]] = {}
    for d in ("alpha", "beta", "gamma"):
        made = _random_texts(rng, 40, WORDS)
        _add(folio, d, made)
        texts[d] = {f"{d}#{i}": t for i, t in enumerate(made)}
    index = folio.index
    assert isinstance(index, SqliteIndex)
    for scope in (["alpha"], ["alpha", "beta"], ["alpha", "beta", "gamma"]):
        rows = {cid: t for d in scope for cid, t in texts[d].items()}
        for query in ("harbour storm", "pilot anchor ledger", "crane"):
            expected = _by_hand(rows, query_terms(query))
            got = dict(index.lexical(query, scope, n=500, section_weight=0.5))
            assert got.keys() == expected.keys(), (scope, query)
            assert all(abs(got[c] - expected[c]) < 1e-9 for c in got), (scope, query)


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


def test_kept_word_frequencies_follow_a_replaced_document(folio: Folio) -> None:
    rng = random.Random(5)
    index = folio.index
    assert isinstance(index, SqliteIndex)
    query = "harbour storm lamp"
    for _ in range(2):  # the second version must not be scored with the first one's rows
        made = _random_texts(rng, 30, WORDS)
        _add(folio, "report", made)
        expected = _by_hand({f"report#{i}": t for i, t in enumerate(made)}, query_terms(query))
        for _ in range(2):  # read, then kept
            got = dict(index.lexical(query, ["report"], n=500, section_weight=0.5))
            assert got.keys() == expected.keys()
            assert all(abs(got[c] - expected[c]) < 1e-9 for c in got)
