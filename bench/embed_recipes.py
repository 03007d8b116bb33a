"""What the dense model should read per chunk: cost and retrieval quality of each recipe.

Every recipe maps a chunk to the text its vector is made from. For each recipe and
split this prints the vectors and engine tokens per page (what embedding costs in
CPU), the CPU seconds embedding took, and
evidence-page recall@1/5/10 and MRR of dense-only, hybrid (the product default) and
lexical search. Documents are parsed once (lexically indexed, nothing in the
background) into ``--data-dir``; a chunk holds one vector, so each recipe re-embeds
(identical texts once per run).

    python bench/embed_recipes.py [--recipes base short ...] [--splits train dev cmrc]
                                  [--max-pages N] [--data-dir DIR]

``--max-pages`` leaves out FinanceBench documents longer than N pages (their questions
too), to keep a run short; say so beside the figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pymupdf

from bench import retrieval
from bench.common import CACHE, SAMPLES, print_table
from bench.cpumeter import CpuMeter
from pipeline.ids import doc_id_for
from pipeline.service import Folio
from pipeline.stages import embed as embed_stage
from settings import Settings

RECIPES = embed_stage.RECIPES


def split_sets(
    folder: Path, splits: list[str], max_pages: int | None
) -> dict[str, tuple[list[Path], list[retrieval.Query]]]:
    sets: dict[str, tuple[list[Path], list[retrieval.Query]]] = {}
    for split in splits:
        if split == "cmrc":
            for half in ("train", "dev"):
                qs = retrieval.cmrc_queries(folder / "cmrc", half)
                names = {q.doc_name for q in qs}
                files = sorted(p for p in (folder / "cmrc").glob("*.pdf") if p.name in names)
                sets[f"cmrc-{half}"] = (files, qs)
            continue
        pdfs = sorted((SAMPLES / retrieval.FINANCE[split] / "pdfs").glob("*.pdf"))
        if max_pages:
            pdfs = [p for p in pdfs if pymupdf.open(p).page_count <= max_pages]
        names = {p.name for p in pdfs}
        qs = [q for q in retrieval.finance_queries(split) if q.doc_name in names]
        sets[f"fb-{split}"] = (pdfs, qs)
    return sets


def embed_recipe(folio: Folio, recipe: str, files: list[Path]) -> tuple[int, int, int, float]:
    """(pages, vectors, engine tokens, CPU s) of giving every chunk its recipe vector."""
    emb = folio.embedder()
    assert emb is not None
    space = embed_stage.vector_space(emb.name, folio.settings.embed_max_tokens, recipe)
    make = RECIPES[recipe]
    pages = vectors = tokens = 0
    cpu = 0.0
    for f in files:
        doc = folio.store.get(doc_id_for(f.name))
        assert doc is not None, f.name
        pages += doc.pages
        chunks = folio.store.chunks(doc.doc_id)
        texts = {c.chunk_id: make(c, folio.settings.embed_max_tokens) for c in chunks}
        kept = texts
        distinct = set(kept.values())
        vectors += len(distinct)
        tokens += sum(emb.token_count(t) for t in distinct)  # type: ignore[attr-defined]
        todo = {c.chunk_id for c in folio.index.chunks_without_vectors(doc.doc_id, space)}
        todo &= set(kept)
        if not todo:
            continue
        ids = sorted(todo)
        with CpuMeter() as meter:
            vecs = embed_stage.embed_texts(emb, space, [kept[i] for i in ids])
        cpu += meter.seconds
        folio.index.set_vectors(doc.doc_id, space, dict(zip(ids, vecs, strict=True)))
    return pages, vectors, tokens, cpu


def evaluate(folio: Folio, recipe: str, queries: list[retrieval.Query]) -> list[list[float]]:
    """Dense-only, hybrid and lexical metrics (R@1, R@5, R@10, MRR) with this recipe's vectors."""
    emb = folio.embedder()
    assert emb is not None
    space = embed_stage.vector_space(emb.name, folio.settings.embed_max_tokens, recipe)
    base = folio.settings
    folio.vector_space = lambda embedder: space if embedder else None  # type: ignore[method-assign]
    out = []
    for update in ({"lexical_weight": 0.0, "section_weight": 0.0}, {}, {"dense_weight": 0.0}):
        folio.settings = base.model_copy(update=update)
        out.append(retrieval.eval_folio(folio, queries)[0])
    folio.settings = base
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data-dir", type=Path, default=CACHE / "recipes")
    ap.add_argument("--recipes", nargs="*", default=list(RECIPES))
    ap.add_argument("--splits", nargs="*", default=["train", "dev", "cmrc"])
    ap.add_argument("--max-pages", type=int)
    args = ap.parse_args()
    folio = Folio(Settings(data_dir=args.data_dir / "data"))
    sets = split_sets(args.data_dir, args.splits, args.max_pages)
    t = time.perf_counter()
    for files, _ in sets.values():
        for r in folio.ingest(files, run_background=False):
            if r.outcome == "failed":
                print(f"ingest failed: {r.name}: {r.error}")
    print(f"(parsing: {time.perf_counter() - t:.0f} s)", flush=True)
    rows = []
    for recipe in args.recipes:
        for title, (files, queries) in sets.items():
            pages, vectors, tokens, cpu = embed_recipe(folio, recipe, files)
            dense, hybrid, lexical = evaluate(folio, recipe, queries)
            rows.append(
                [
                    recipe,
                    title,
                    len(files),
                    pages,
                    len(queries),
                    vectors / pages,
                    tokens / pages,
                    cpu,
                    *(f"{m[1]:.2f}/{m[3]:.2f}" for m in (dense, hybrid, lexical)),
                ]
            )
            print(rows[-1], flush=True)
    if rows:
        print_table(
            "Embedding recipes (R@5/MRR)",
            [
                "recipe",
                "set",
                "docs",
                "pages",
                "n",
                "vectors/page",
                "tokens/page",
                "embed CPU s",
                "dense",
                "hybrid",
                "lexical",
            ],
            rows,
        )
    folio.close()


if __name__ == "__main__":
    main()
