"""Where full indexing spends its time, stage by stage, on a few FinanceBench 10-Ks.

Per document: pages, chunks per page, tokens per embedded text (the engine's own
tokenizer), and wall and CPU seconds of parse, chunk, BM25 commit, each knowledge
component and embedding. Then the engine's passages/s by batch size and text length.
The machine may be shared: CPU seconds say what the work cost, wall seconds what it took.

    python bench/index_profile.py [--docs NAME ...] [--no-engine]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import SAMPLES, print_table
from bench.cpumeter import CpuMeter
from pipeline.chunk import chunk_document
from pipeline.parse import detect_kind, parse_file
from pipeline.service import Folio
from pipeline.stages.embed import embedding_text
from pipeline.stages.registry import background_components, stage_for
from settings import Settings

DEFAULT_DOCS = ["ADOBE_2022_10K.pdf", "AMCOR_2023_10K.pdf", "BESTBUY_2019_10K.pdf"]


def timed(fn: Callable[[], Any]) -> tuple[Any, float, float]:
    """(result, wall s, CPU s of this process and its worker processes)."""
    w = time.perf_counter()
    with CpuMeter() as meter:
        out = fn()
    return out, time.perf_counter() - w, meter.seconds


def find(name: str) -> Path:
    for split in ("financebench", "financebench-train"):
        p = SAMPLES / split / "pdfs" / name
        if p.exists():
            return p
    raise SystemExit(f"no sample PDF called {name}")


def profile_doc(folio: Folio, path: Path) -> tuple[list[list[object]], list[int]]:
    s = folio.settings
    parsed, pw, pc = timed(
        lambda: parse_file(
            path, detect_kind(path), workers=s.workers, timeout_s=s.parse_timeout_s, tables=s.tables
        )
    )
    chunks, cw, cc = timed(
        lambda: chunk_document(
            "x", parsed, max_tokens=s.chunk_tokens, overlap_tokens=s.chunk_overlap_tokens
        )
    )
    res, iw, ic = timed(lambda: folio.ingest([path], run_background=False)[0])
    pages = len(parsed.pages)
    rows: list[list[object]] = [
        [path.name, "parse", pw, pc],
        [path.name, "chunk", cw, cc],
        [path.name, "parse+chunk+BM25 commit (ingest)", iw, ic],
    ]
    ctx = folio._stage_context(res.doc_id, lambda f, m: None)
    assert ctx is not None
    emb = folio.embedder()
    assert emb is not None
    texts = [embedding_text(c, s.embed_max_tokens) for c in chunks]
    tokens = [emb.token_count(t) for t in texts]  # type: ignore[attr-defined]
    for comp in background_components():
        stage = stage_for(comp)
        _, w, c = timed(partial(stage, ctx))
        rows.append([path.name, comp, w, c])
    n_chunks = len(chunks)
    print(
        f"{path.name}: {pages} pages, {n_chunks} chunks ({n_chunks / pages:.2f}/page), "
        f"{len(set(texts))} distinct embedded texts, tokens/text mean "
        f"{statistics.fmean(tokens):.0f} median {statistics.median(tokens):.0f} "
        f"max {max(tokens)}, chars/chunk {statistics.fmean(len(c.text) for c in chunks):.0f}"
    )
    return rows, tokens


def engine_rates(folio: Folio, sample: list[str]) -> list[list[object]]:
    emb = folio.embedder()
    assert emb is not None
    rows: list[list[object]] = []
    for words in (24, 48, 96, 192):
        texts = [" ".join((t + " ").split()[:words]) for t in sample]
        texts = [t for t in texts if len(t.split()) >= words * 0.9][:64] or texts[:64]
        toks = statistics.fmean(emb.token_count(t) for t in texts)  # type: ignore[attr-defined]
        for batch in (1, 8, 16, 32, 64):
            todo = texts[: max(batch, 32)]

            def go(todo: list[str] = todo, batch: int = batch) -> None:
                for i in range(0, len(todo), batch):
                    emb.embed_passages(todo[i : i + batch])

            _, w, c = timed(go)
            rows.append(
                [words, round(toks), batch, len(todo) / w, len(todo) / c, len(todo) * toks / c]
            )
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--docs", nargs="*", default=DEFAULT_DOCS)
    ap.add_argument("--no-engine", action="store_true", help="skip the engine rate table")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folio = Folio(Settings(data_dir=Path(tmp)))
        folio.embedder()
        rows: list[list[object]] = []
        for name in args.docs:
            r, _ = profile_doc(folio, find(name))
            rows += r
        print_table(
            "Stages (wall s, CPU s of this process)", ["document", "stage", "wall", "cpu"], rows
        )
        if not args.no_engine:
            sample = [c.text for c in folio.store.chunks(folio.documents()[0].doc_id)]
            print_table(
                "engine passages",
                ["words", "tokens", "batch", "passages/s wall", "passages/s CPU", "tokens/CPU s"],
                engine_rates(folio, sample),
            )
        folio.close()


if __name__ == "__main__":
    main()
