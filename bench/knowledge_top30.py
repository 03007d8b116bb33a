"""Precision of the top 30 terms (the first page of the term table) on filings.

    FOLIO_DATA_DIR=/work/data-know python cli.py ingest <pdfs> --wait   # once
    python bench/knowledge_top30.py --data /work/data-know              # training split
    python bench/knowledge_top30.py --data /work/data-val --aggregate   # validation: totals only
    python bench/knowledge_top30.py --data /work/data-know --dump       # unjudged terms as JSON

Terms are extracted afresh from the stored documents with the current code (no re-parse).
Each term is looked up in ``bench/knowledge_top30_judgements.json`` (by file name, then
term), judged by the rubric stated there; a term without a judgement is counted as
unjudged, never as right, and precision is right / judged with the unjudged count beside
it.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pipeline.knowledge.source import load_doc_text  # noqa: E402
from pipeline.knowledge.terms import extract_terms  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from settings import Settings  # noqa: E402

JUDGEMENTS = Path(__file__).with_name("knowledge_top30_judgements.json")
TOP = 30


def top_terms(folio: Folio, doc_id: str) -> list[str]:
    return [t.term for t in extract_terms(load_doc_text(folio.store, doc_id))[:TOP]]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True, help="a Folio data dir holding ingested filings")
    ap.add_argument("--aggregate", action="store_true", help="print totals only (validation)")
    ap.add_argument("--dump", action="store_true", help="print unjudged terms as JSON")
    args = ap.parse_args()
    logging.disable(logging.WARNING)
    judged_all = json.loads(JUDGEMENTS.read_text(encoding="utf-8"))
    folio = Folio(Settings(data_dir=Path(args.data), embedding_model="none"))
    right = judged = unjudged = 0
    missing: dict[str, list[str]] = {}
    for doc in sorted(folio.documents(), key=lambda d: d.name):
        mine = judged_all.get(doc.name, {})
        terms = top_terms(folio, doc.doc_id)
        r = sum(1 for t in terms if mine.get(t, {}).get("ok") is True)
        j = sum(1 for t in terms if t in mine)
        right, judged, unjudged = right + r, judged + j, unjudged + len(terms) - j
        missing[doc.name] = [t for t in terms if t not in mine]
        if not args.aggregate:
            prec = f"{r / j:.2f}" if j else "-"
            print(f"{doc.name:45} terms {len(terms):>2}  right {r:>2}/{j:<2} = {prec}")
    prec = f"{right / judged:.3f}" if judged else "-"
    print(
        f"TOTAL {len(missing)} documents: {right}/{judged} judged right = {prec}; "
        f"{unjudged} unjudged"
    )
    if args.dump:
        print(json.dumps({k: v for k, v in missing.items() if v}, ensure_ascii=False, indent=1))
    folio.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
