"""Benchmark of the chat agent (offline answerer) on the FinanceBench dev questions.

    python bench/agent.py [--limit N] [--data-dir DIR] [--json]

Prints the evidence-page hit rate of citations, citation precision, refusal on questions
asked against an unrelated document, and answer latency, next to the targets of issue 4.
Documents are ingested once into the data directory (default: a folder under the system
temp dir, reused between runs). Timings on a shared machine are noisy.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "samples" / "financebench"
TARGETS = {
    "evidence_page_hit_rate": (">=", 0.8),
    "citation_precision": (">=", 0.95),
    "unrelated_refusal_rate": (">=", 0.9),
    "latency_ms_p95": ("<", 1000),
}


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from agent.evaluation import evaluate, ingest_docs, load_questions
    from agent.service import ChatService
    from commands.output import table
    from pipeline.service import Folio
    from settings import Settings

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "folio-bench-agent"
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    questions = load_questions(SAMPLES / "questions.jsonl")
    if args.limit:
        questions = questions[: args.limit]
    folio = Folio(Settings(data_dir=args.data_dir))
    chat = ChatService(folio)
    started = time.perf_counter()
    ingest_docs(chat, SAMPLES / "pdfs", [q.doc for q in questions])
    ingest_s = time.perf_counter() - started
    summary, rows = evaluate(chat, questions)
    folio.close()
    if args.json:
        print(json.dumps({"summary": summary, "ingest_s": round(ingest_s, 1)}, indent=2))
        return 0
    lines = []
    for key, value in summary.items():
        target = TARGETS.get(key)
        verdict = ""
        if target:
            op, bound = target
            ok = value >= bound if op == ">=" else value < bound
            verdict = f"{op} {bound}  {'ok' if ok else 'MISSED'}"
        lines.append([key, str(value), verdict])
    print(f"FinanceBench dev: {len(questions)} questions, documents ready in {ingest_s:.0f} s")
    print(table(lines, ["metric", "value", "target"]))
    misses = [r.id for r in rows if r.kind == "own" and not r.hit]
    print(f"no gold page cited: {', '.join(misses) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
