"""Chinese benchmark of the chat agent (offline answerer) on CMRC 2018 paragraphs.

    python bench/agent_zh.py [--docs 3] [--per-doc 8] [--questions 3] [--data-dir DIR]

Paragraphs are packed into Chinese PDFs (one chapter per paragraph, like a small book).
Questions on the first document measure how often the gold answer span sits inside a
cited quote; the same questions asked against the second document must be refused with
zero citations. Latency is per answer, after one warm-up turn.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CMRC = Path(__file__).resolve().parents[2] / "shared" / "samples" / "cmrc2018"


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from agent.service import ChatService
    from commands.output import table
    from pipeline.service import Folio
    from settings import Settings
    from testkit.pdfgen import chinese_pdf

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--docs", type=int, default=3)
    ap.add_argument("--per-doc", type=int, default=8, help="paragraphs per document")
    ap.add_argument("--questions", type=int, default=3, help="questions per paragraph")
    ap.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "folio-bench-agent-zh"
    )
    args = ap.parse_args()

    data = json.loads((CMRC / "cmrc2018_trial.json").read_text(encoding="utf-8"))["data"]
    args.data_dir.mkdir(parents=True, exist_ok=True)
    groups = [data[k * args.per_doc : (k + 1) * args.per_doc] for k in range(max(2, args.docs))]
    paths = []
    for k, items in enumerate(groups):
        path = args.data_dir / f"cmrc-{k}.pdf"
        if not path.exists():
            sections = [
                (f"第{i + 1}章 {it['title']}", [it["paragraphs"][0]["context"]])
                for i, it in enumerate(items)
            ]
            chinese_pdf(path, sections)
        paths.append(path)
    folio = Folio(Settings(data_dir=args.data_dir / "data"))
    ids = [r.doc_id or "" for r in folio.ingest(paths, wait=True)]
    chat = ChatService(folio)
    chat.ask("你好", [ids[0]])  # warm-up: jieba, lingua, the embedding model

    found = answered = refused = n = 0
    latency: list[int] = []
    for it in groups[0]:
        for qa in it["paragraphs"][0]["qas"][: args.questions]:
            gold = qa["answers"][0]["text"].strip("。 ")
            own = chat.ask(qa["question"], [ids[0]]).answer
            other = chat.ask(qa["question"], [ids[1]]).answer
            latency += [own.latency_ms, other.latency_ms]
            n += 1
            answered += not own.refused
            found += any(gold in c.quote for c in own.citations)
            refused += other.refused and not other.citations
    folio.close()
    latency.sort()
    rows = [
        ["questions", str(n)],
        ["answered (own document)", f"{answered / n:.3f}"],
        ["gold answer inside a cited quote", f"{found / n:.3f}"],
        ["refused on an unrelated document", f"{refused / n:.3f}"],
        ["latency p50 ms", str(int(statistics.median(latency)))],
        ["latency p95 ms", str(latency[min(len(latency) - 1, int(0.95 * len(latency)))])],
    ]
    print(table(rows, ["metric", "value"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
