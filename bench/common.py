"""Helpers shared by the benchmark scripts (paths, timing, memory, tables)."""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
SAMPLES = ROOT.parent / "shared" / "samples"
CACHE = ROOT / "bench" / ".cache"


def peak_rss_mb() -> float:
    """Peak resident memory of this process and of its finished children, in MB."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, kids) / 1024


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    idx = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[idx]


def mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


def rate(xs: list[bool]) -> str:
    """A share of hits as the benches print it: "0.951 (78/82)", or "—" of none."""
    return f"{sum(xs) / len(xs):.3f} ({sum(xs)}/{len(xs)})" if xs else "—"


def print_table(title: str, headers: list[str], rows: list[list[object]]) -> None:
    cells = [[f"{c:.3f}" if isinstance(c, float) else str(c) for c in r] for r in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) for i, h in enumerate(headers)]
    print(f"\n## {title}\n")
    print("| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in cells:
        print("| " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |")


def load_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def question_set_args(doc: str | None, default_dir: str) -> argparse.Namespace:
    """The options every question-set bench takes: its data directory, verbosity, and
    which of its questions to ask (by id or by batch)."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--data-dir", type=Path, default=Path(tempfile.gettempdir()) / default_dir)
    ap.add_argument("--verbose", action="store_true", help="print every answer's first line")
    ap.add_argument("--only", default="", help="ask only the questions with these ids (a,b,...)")
    ap.add_argument("--batch", default="", help="ask only the questions of this batch")
    return ap.parse_args()
