"""Retrieval quality and latency.

FinanceBench dev (search scoped to the question's document; a hit is a top-k chunk on a gold
page) and CMRC2018 trial packed into multi-page Chinese PDFs, each for Folio's hybrid search and
for a seed-style baseline (fixed 500-character chunks, 50 overlap, dense only). Also search
latency on the benchmark documents and on a synthetic 10k-chunk document.

    python bench/retrieval.py [--split dev|train] [--data-dir DIR] [--skip-baseline]
                              [--only finance|cmrc] [--lexical]

``--split train`` is financebench-train and CMRC trial articles 0–127 (the packed
PDFs cmrc-01…04), ``dev`` (the default) financebench dev and articles 128–255.
``--lexical`` measures the lexical side alone (no embeddings, no baseline): documents
need only be lexically searchable, so nothing waits for embedding.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np
import pymupdf

from bench import cmrc
from bench.common import CACHE, SAMPLES, load_jsonl, mean, percentile, print_table
from pipeline.ids import doc_id_for
from pipeline.models import Chunk, Document
from pipeline.service import Folio
from settings import Settings


@dataclass
class Query:
    question: str
    doc_name: str
    gold_pages: set[int]


FINANCE = {"dev": "financebench", "train": "financebench-train"}
CMRC_DOCS = {"train": range(1, 5), "dev": range(5, 9)}  # 32 articles per packed PDF


def finance_queries(split: str = "dev") -> list[Query]:
    rows = load_jsonl(SAMPLES / FINANCE[split] / "questions.jsonl")
    return [Query(r["question"], r["doc"], {e["page"] for e in r["evidence"]}) for r in rows]


def cmrc_queries(folder: Path, split: str = "dev") -> list[Query]:
    names = {f"cmrc-{n:02d}.pdf" for n in CMRC_DOCS[split]}
    return [
        Query(q.question, q.doc_name, set(q.pages))
        for q in cmrc.build(folder)
        if q.doc_name in names
    ]


def score(ranked_pages: list[list[int]], gold: set[int]) -> tuple[int | None, list[int]]:
    for i, pages in enumerate(ranked_pages):
        if gold & set(pages):
            return i + 1, pages
    return None, []


def metrics(ranks: list[int | None]) -> list[float]:
    n = len(ranks)
    r_at = [sum(1 for r in ranks if r is not None and r <= k) / n for k in (1, 5, 10)]
    mrr = sum(1 / r for r in ranks if r is not None) / n
    return [*r_at, mrr]


def eval_folio(folio: Folio, queries: list[Query]) -> tuple[list[float], list[float]]:
    ranks: list[int | None] = []
    times: list[float] = []
    for q in queries:
        t = time.perf_counter()
        hits = folio.search(q.question, [doc_id_for(q.doc_name)], k=10)
        times.append((time.perf_counter() - t) * 1000)
        pages = [list(range(h.page, h.page_end + 1)) for h in hits]
        ranks.append(score(pages, q.gold_pages)[0])
    return metrics(ranks), times


class Baseline:
    """Seed-style retrieval: 500-char windows with 50 overlap over page text, dense only."""

    def __init__(self, folio: Folio, cache: Path) -> None:
        self.embedder = folio.embedder()
        self.cache = cache
        cache.mkdir(parents=True, exist_ok=True)
        self.docs: dict[str, tuple[list[list[int]], np.ndarray]] = {}

    def index(self, path: Path) -> None:
        with pymupdf.open(path) as doc:
            texts = [p.get_text() for p in doc]
        full, starts = "", []
        for t in texts:
            starts.append(len(full))
            full += t
        windows, pages = [], []
        for s in range(0, max(1, len(full)), 450):
            e = min(len(full), s + 500)
            windows.append(full[s:e])
            pages.append(
                [
                    i + 1
                    for i, st in enumerate(starts)
                    if st < e and (i + 1 == len(starts) or starts[i + 1] > s)
                ]
            )
        key = hashlib.sha1("\x00".join(windows).encode()).hexdigest()[:16]
        f = self.cache / f"{path.stem}-{key}.npy"
        if f.exists():
            vecs = np.load(f)
        else:
            assert self.embedder is not None
            vecs = np.concatenate(
                [
                    self.embedder.embed_passages(windows[i : i + 32])
                    for i in range(0, len(windows), 32)
                ]
            )
            np.save(f, vecs)
        self.docs[path.name] = (pages, vecs)

    def eval(self, queries: list[Query]) -> list[float]:
        assert self.embedder is not None
        ranks: list[int | None] = []
        for q in queries:
            pages, vecs = self.docs[q.doc_name]
            sims = vecs @ self.embedder.embed_query(q.question)
            order = np.argsort(-sims)[:10]
            ranks.append(score([pages[i] for i in order], q.gold_pages)[0])
        return metrics(ranks)


def latency_10k(folio: Folio, n_chunks: int = 10_000) -> list[float]:
    """Search p50/p95 on one 10k-chunk document.

    Its chunks are real report text (the benchmark documents' chunks, cycled and
    numbered to stay distinct) with random unit vectors: the search does all its
    real work; only the dense scores are meaningless. Without an embedder (``--lexical``)
    the document has no vectors and the latency is the lexical search's.
    """
    doc_id = "synthetic-10k"
    existing = folio.store.get(doc_id)
    if existing is None or existing.chunks != n_chunks or existing.content_hash != "real-text":
        conn = folio.db.connect()
        texts = [
            (r[0], json.loads(r[1]))
            for r in conn.execute(
                "SELECT text, section FROM chunks WHERE doc_id != ? ORDER BY chunk_id", (doc_id,)
            )
        ]
        chunks = [
            Chunk(
                chunk_id=f"{doc_id}#{i}",
                doc_id=doc_id,
                n=i,
                text=f"{texts[i % len(texts)][0]} ({i})",
                section=texts[i % len(texts)][1],
                page_start=i // 10 + 1,
                page_end=i // 10 + 1,
            )
            for i in range(n_chunks)
        ]
        with folio.db.transaction() as tx:
            folio.store.upsert(
                Document(
                    doc_id=doc_id,
                    name="synthetic",
                    kind="txt",
                    size=0,
                    content_hash="real-text",
                    chunks=n_chunks,
                ),
                conn=tx,
            )
            folio.index.replace_document(doc_id, chunks, conn=tx)
            folio.store.set_status(doc_id, "index", "ready", conn=tx)
        emb = folio.embedder()
        if emb is not None:
            vecs = np.random.default_rng(7).standard_normal((n_chunks, emb.dim)).astype(np.float32)
            vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
            folio.index.set_vectors(
                doc_id,
                folio.vector_space(emb) or "",
                {c.chunk_id: v for c, v in zip(chunks, vecs, strict=True)},
            )
    qs = [q.question for q in finance_queries()]
    folio.search(qs[0], [doc_id], k=10)  # warm the vector cache
    times = []
    for i, q in enumerate(qs * 4):
        t = time.perf_counter()
        folio.search(f"{q} ({i})", [doc_id], k=10)  # distinct text: no query cache hits
        times.append((time.perf_counter() - t) * 1000)
    return times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data-dir", type=Path, default=CACHE / "retrieval")
    ap.add_argument("--skip-baseline", action="store_true")
    ap.add_argument("--only", choices=["finance", "cmrc"])
    ap.add_argument("--split", choices=["dev", "train"], default="dev")
    ap.add_argument("--lexical", action="store_true")
    args = ap.parse_args()
    settings = Settings(data_dir=args.data_dir / "data")
    if args.lexical:
        settings = settings.model_copy(update={"embedding_model": "none", "dense_weight": 0.0})
    folio = Folio(settings)
    args.skip_baseline = args.skip_baseline or args.lexical
    sets: dict[str, tuple[list[Path], list[Query]]] = {}
    if args.only in (None, "finance"):
        pdfs = sorted((SAMPLES / FINANCE[args.split] / "pdfs").glob("*.pdf"))
        sets[f"FinanceBench {args.split}"] = (pdfs, finance_queries(args.split))
    if args.only in (None, "cmrc"):
        folder = args.data_dir / "cmrc"
        qs = cmrc_queries(folder, args.split)
        files = sorted(folder.glob("*.pdf"))  # all of them: the index holds both halves
        sets[f"CMRC2018 trial {args.split} (packed PDFs)"] = (files, qs)
    t = time.perf_counter()
    for files, _ in sets.values():
        for r in folio.ingest(files, wait=not args.lexical, run_background=not args.lexical):
            if r.outcome == "failed":
                print(f"ingest failed: {r.name}: {r.error}")
    print(f"(ingest/embedding of benchmark documents: {time.perf_counter() - t:.0f} s)")
    rows, lat = [], []
    for title, (files, queries) in sets.items():
        m, times = eval_folio(folio, queries)
        lat += times
        rows.append([title, "Folio hybrid", len(queries), *m])
        if not args.skip_baseline:
            base = Baseline(folio, args.data_dir / "baseline")
            for f in files:
                base.index(f)
            rows.append([title, "baseline 500/50 dense", len(queries), *base.eval(queries)])
    print_table("Evidence-page recall", ["set", "system", "n", "R@1", "R@5", "R@10", "MRR"], rows)
    big = latency_10k(folio)  # lexical search alone with --lexical
    print_table(
        "Search latency (ms)",
        ["corpus", "queries", "p50", "p95", "mean"],
        [
            ["benchmark documents", len(lat), percentile(lat, 50), percentile(lat, 95), mean(lat)],
            [
                "synthetic 10k-chunk document",
                len(big),
                percentile(big, 50),
                percentile(big, 95),
                mean(big),
            ],
        ],
    )
    folio.close()


if __name__ == "__main__":
    main()
