"""OCR quality and speed: prints tables.

    python bench/ocr.py                 # accuracy (linn, Chinese scans), speed, memory
    python bench/ocr.py --sweep         # also: what each tuning choice buys (one page, 1 core)

Targets (issue 3): character accuracy >= 0.95 on linn.pdf vs linn.txt and >= 0.97 on
Chinese scans; >= 0.25 scanned pages/s on 2 cores at 200 dpi. Accuracy is
1 - edit distance / length of the truth, after whitespace normalisation (English:
runs of whitespace become one space; Chinese: whitespace removed), reading order
included. Timings on a shared machine are noisy: CPU seconds per page are printed
too, they depend much less on what else runs.
"""

from __future__ import annotations

import argparse
import json
import logging
import resource
import sys
import tempfile
import time
import unicodedata
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.ocr_data import SCANNED, chinese_scans, scanned_samples  # noqa: E402
from pipeline.models import ParsedDocument  # noqa: E402
from pipeline.ocr import OcrReport, ocr_document  # noqa: E402
from pipeline.parse.pdf import parse_pdf  # noqa: E402
from settings import Settings  # noqa: E402


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance, one numpy row at a time (insertions via a running minimum)."""
    if not a or not b:
        return max(len(a), len(b))
    bb = np.frombuffer(b.encode("utf-32-le"), dtype=np.uint32)
    idx = np.arange(len(b) + 1)
    prev = idx.copy()
    for i, ch in enumerate(a, 1):
        cost = (bb != ord(ch)).astype(np.int64)
        row = np.empty(len(b) + 1, dtype=np.int64)
        row[0] = i
        row[1:] = np.minimum(prev[1:] + 1, prev[:-1] + cost)
        prev = np.minimum.accumulate(row - idx) + idx
    return int(prev[-1])


def accuracy(found: str, truth: str) -> float:
    return max(0.0, 1 - edit_distance(found, truth) / max(1, len(truth)))


def norm_en(text: str) -> str:
    return " ".join(text.split())


def norm_zh(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).split())


def run(path: Path, settings: Settings) -> tuple[ParsedDocument, OcrReport, float]:
    started = time.perf_counter()
    parsed = parse_pdf(path, workers=settings.workers, timeout_s=settings.parse_timeout_s)
    report = ocr_document(path, parsed, settings)
    return parsed, report, time.perf_counter() - started


def page_text(parsed: ParsedDocument, page: int | None = None) -> str:
    return "\n".join(b.text for b in parsed.blocks() if page is None or b.page == page)


def table(rows: list[list[str]], head: list[str]) -> None:
    widths = [max(len(str(r[i])) for r in [head, *rows]) for i in range(len(head))]
    for r in [head, ["-" * w for w in widths], *rows]:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)))
    print()


def bench_accuracy(settings: Settings, zh_pages: int, tmp: Path) -> list[list[str]]:
    rows = []
    parsed, _, _ = run(SCANNED / "linn.pdf", settings)
    truth = (SCANNED / "linn.txt").read_text(encoding="utf-8")
    acc = accuracy(norm_en(page_text(parsed)), norm_en(truth))
    conf = parsed.pages[0].ocr_confidence
    rows.append(["linn.pdf (2 columns)", "1", f"{acc:.4f}", ">= 0.95", f"{conf}"])
    zh = chinese_scans(tmp, pages=zh_pages, dpi=200)
    parsed, _, _ = run(zh.path, settings)
    accs = [accuracy(norm_zh(page_text(parsed, i + 1)), norm_zh(t)) for i, t in enumerate(zh.truth)]
    total = sum(len(norm_zh(t)) for t in zh.truth)
    mean = sum(a * len(norm_zh(t)) for a, t in zip(accs, zh.truth, strict=True)) / total
    confs = [p.ocr_confidence or 0.0 for p in parsed.pages]
    rows.append(
        [
            f"CMRC2018 scans (noise, skew, {total} chars)",
            str(len(zh.truth)),
            f"{mean:.4f} (min page {min(accs):.4f})",
            ">= 0.97",
            f"{sum(confs) / len(confs):.4f}",
        ]
    )
    return rows


def bench_speed(settings: Settings) -> tuple[list[list[str]], list[str]]:
    rows = []
    pages = ocr_s = wall = cpu = 0.0
    peak_worker = 0.0
    for path in scanned_samples():
        parsed, rep, seconds = run(path, settings)
        n = len(rep.pages)
        pages, ocr_s, wall, cpu = (
            pages + n,
            ocr_s + rep.seconds,
            wall + seconds,
            cpu + rep.cpu_seconds,
        )
        peak_worker = max(peak_worker, rep.worker_peak_rss_mb)
        sources = "".join({"ocr": "o", "text": "t", "none": "-"}[p.source] for p in parsed.pages)
        failed = ",".join(map(str, rep.failed)) or "-"
        rows.append(
            [
                path.name,
                str(len(parsed.pages)),
                str(n),
                sources,
                failed,
                f"{seconds:.1f}",
                f"{rep.cpu_seconds / max(1, n):.2f}",
            ]
        )
    parent_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    summary = [
        f"scanned pages OCR'd: {pages:.0f}; wall {wall:.1f} s (OCR {ocr_s:.1f} s)",
        f"pages/s end to end: {pages / wall:.3f}   OCR only: {pages / ocr_s:.3f}"
        "   (target >= 0.25)",
        f"CPU s per page (in workers): {cpu / max(1, pages):.2f} "
        f"-> {(settings.workers / (cpu / max(1, pages))):.3f} pages/s on {settings.workers} "
        "idle cores",
        f"peak RSS: parent {parent_mb:.0f} MB, each OCR worker <= {peak_worker:.0f} MB",
    ]
    return rows, summary


def shapes(settings: Settings) -> list[list[str]]:
    """Worker processes x ONNX threads for a 6-page scan: which uses 2 cores better."""
    from pipeline.ocr.page import OcrJob, ocr_page
    from pipeline.ocr.pool import TaskPool

    path = SCANNED / "Seige_of_Vicksburg_Sample_OCR.pdf"
    rows = []
    for workers, threads in ((2, 1), (1, 2), (2, 2)):
        job = OcrJob(engine="rapidocr", dpi=settings.ocr_dpi, threads=threads)
        pool: TaskPool[object] = TaskPool(ocr_page, workers=workers, timeout_s=600)
        started = time.perf_counter()
        pool.run([(str(path), i, job) for i in range(6)])
        wall = time.perf_counter() - started
        rows.append([f"{workers} x {threads}", f"{wall:.1f}", f"{6 / wall:.3f}"])
    return rows


def sweep(tmp: Path) -> list[list[str]]:
    """One page, in this process, one thread: what each knob costs and buys."""
    import pymupdf

    from pipeline.ocr.page import lines_to_blocks, render
    from pipeline.ocr.rapid import RapidOcrEngine

    truth = norm_en((SCANNED / "linn.txt").read_text(encoding="utf-8"))
    variants: list[tuple[str, int, dict[str, object]]] = [
        ("chosen (det 1280, no cls)", 200, {}),
        ("with line orientation cls", 200, {"Global.use_cls": True}),
        (
            "rapidocr defaults",
            200,
            {
                "Global.max_side_len": 2000,
                "Global.use_cls": True,
                "Det.limit_type": "min",
                "Det.limit_side_len": 736,
            },
        ),
        ("det at full render size", 200, {"Det.limit_type": "min", "Det.limit_side_len": 736}),
        ("det 1024", 200, {"Det.limit_side_len": 1024}),
        ("det 1600", 200, {"Det.limit_side_len": 1600}),
        ("det 2400", 200, {"Det.limit_side_len": 2400}),
        ("150 dpi", 150, {}),
        ("300 dpi", 300, {}),
        ("rec batch 12", 200, {"Rec.rec_batch_num": 12}),
    ]
    rows = []
    for name in ("linn", "skew"):
        page = pymupdf.open(SCANNED / f"{name}.pdf")[0]
        for label, dpi, params in variants:
            engine = RapidOcrEngine(threads=1, params=params)
            img, sx, sy, _ = render(page, dpi=dpi, max_side=4000)
            engine.recognize(img)  # warm-up: sessions, arenas
            cpu = time.process_time()
            lines = engine.recognize(img)
            cpu = time.process_time() - cpu
            blocks, _ = lines_to_blocks(
                lines, sx=sx, sy=sy, width=page.rect.width, height=page.rect.height, page_no=1
            )
            acc = accuracy(norm_en("\n".join(b.text for b in blocks)), truth)
            rows.append([f"{name}.pdf", label, json.dumps(params), f"{cpu:.2f}", f"{acc:.4f}"])
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--zh-pages", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--dpi", type=int, default=200)
    ap.add_argument("--sweep", action="store_true")
    ap.add_argument("--shapes", action="store_true", help="compare workers x threads")
    ap.add_argument("--skip-speed", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    settings = Settings(workers=args.workers, ocr_dpi=args.dpi)
    with tempfile.TemporaryDirectory() as td:
        tmp = Path(td)
        print(f"OCR engine {settings.ocr_engine}, {args.dpi} dpi, {args.workers} workers\n")
        table(
            bench_accuracy(settings, args.zh_pages, tmp),
            ["accuracy", "pages", "char accuracy", "target", "mean conf"],
        )
        if not args.skip_speed:
            rows, summary = bench_speed(settings)
            table(rows, ["sample", "pages", "OCR'd", "source/page", "failed", "wall s", "cpu s/pg"])
            print("\n".join(summary) + "\n")
        if args.shapes:
            table(shapes(settings), ["workers x threads", "wall s (6 pages)", "pages/s"])
        if args.sweep:
            table(sweep(tmp), ["page", "variant", "params", "cpu s", "accuracy"])


if __name__ == "__main__":
    main()
