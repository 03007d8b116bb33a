"""Ingestion speed and memory on the FinanceBench PDFs.

Pages/s to lexically searchable (parse + chunk + BM25 index, i.e. when `ingest` returns) and to
fully indexed (dense embeddings included), per document and in total; peak memory, including a
single 523-page PDF made by concatenating the samples (the "500-page PDF" case).

    python bench/ingest.py [--no-embed] [--big-only]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pymupdf

from bench.common import SAMPLES, peak_rss_mb, print_table
from pipeline.service import Folio
from settings import Settings


def concatenated(pdfs: list[Path], out: Path) -> Path:
    doc = pymupdf.open()
    for p in pdfs:
        with pymupdf.open(p) as src:
            doc.insert_pdf(src)
    doc.save(out)
    return out


def run(folio: Folio, files: list[Path], embed: bool) -> list[list[object]]:
    rows: list[list[object]] = []
    tot_pages = tot_lex = tot_full = 0.0
    for f in files:
        t0 = time.perf_counter()
        res = folio.ingest([f], run_background=embed)[0]
        t_lex = time.perf_counter() - t0
        if embed:
            folio.wait([res.doc_id or ""])
        t_full = time.perf_counter() - t0
        pages = res.document.pages if res.document else 0
        chunks = res.document.chunks if res.document else 0
        tot_pages += pages
        tot_lex += t_lex
        tot_full += t_full
        rows.append(
            [
                f.name[:38],
                pages,
                chunks,
                t_lex,
                pages / t_lex,
                t_full if embed else "-",
                pages / t_full if embed else "-",
            ]
        )
    rows.append(
        [
            "TOTAL",
            int(tot_pages),
            "",
            tot_lex,
            tot_pages / tot_lex,
            tot_full if embed else "-",
            tot_pages / tot_full if embed else "-",
        ]
    )
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-embed", action="store_true", help="measure lexical indexing only")
    ap.add_argument("--big-only", action="store_true", help="only the 523-page PDF")
    args = ap.parse_args()
    pdfs = sorted((SAMPLES / "financebench" / "pdfs").glob("*.pdf"))
    headers = [
        "document",
        "pages",
        "chunks",
        "s to searchable",
        "pages/s",
        "s to fully indexed",
        "pages/s (full)",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        if not args.big_only:
            folio = Folio(Settings(data_dir=Path(tmp) / "a"))
            folio.embedder()  # model load is not part of the per-page cost
            rows = run(folio, pdfs, embed=not args.no_embed)
            folio.close()
            print_table("FinanceBench PDFs, one by one", headers, rows)
        big = concatenated(pdfs, Path(tmp) / "all-financebench.pdf")
        folio = Folio(Settings(data_dir=Path(tmp) / "b"))
        rows = run(folio, [big], embed=not args.no_embed)
        folio.close()
        print_table("One 523-page PDF", headers, rows[:1])
    print(f"\npeak memory (this process or any worker): {peak_rss_mb():.0f} MB")


if __name__ == "__main__":
    main()
