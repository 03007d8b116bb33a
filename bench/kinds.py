"""Questions asking for a kind of thing (a firm, a person, a date, a place, a count) over the
FinanceBench training filings: does the answer lead with it?

    python bench/kinds.py [--data-dir DIR] [--verbose]

The questions are ``bench/kinds_questions.json`` (worded for this set; entities and pages
read off the training PDFs). Per question: the entity in the answer's first line (the
lead), the entity anywhere in the answer, an expected page cited, and refusals. Training
documents only: the documents must already be ingested in the data directory.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.service import ChatService  # noqa: E402 - after the path set-up above
from pipeline.ids import doc_id_for  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from settings import Settings  # noqa: E402
from testkit.twin_cards import twins  # noqa: E402

QUESTIONS = Path(__file__).with_name("kinds_questions.json")


def _has(text: str, spellings: list[str]) -> bool:
    low = " ".join(text.lower().split())
    return any(s.lower() in low for s in spellings)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "folio-bench-answers"
    )
    ap.add_argument("--verbose", action="store_true", help="print every answer's lead and misses")
    args = ap.parse_args()
    folio = Folio(Settings(data_dir=args.data_dir / "data"))
    chat = ChatService(folio)
    items = json.loads(QUESTIONS.read_text(encoding="utf-8"))["questions"]
    lead = anywhere = page = refused = twice = 0
    for item in items:
        event = chat.ask(item["question"], [doc_id_for(item["doc"])])
        chat.delete(event.conversation_id)
        a = event.answer
        first = a.answer.strip().splitlines()[0] if a.answer.strip() else ""
        ok_lead, ok_any = _has(first, item["entity"]), _has(a.answer, item["entity"])
        ok_page = any(c.page in item["pages"] for c in a.citations)
        lead, anywhere, page = lead + ok_lead, anywhere + ok_any, page + ok_page
        refused += a.refused
        twice += bool(twins(a.citations))  # one source card shown twice
        if args.verbose:
            mark = "ok " if ok_lead else "MISS"
            print(f"{mark} {item['doc']} | {item['question']}\n     {first[:220]}", flush=True)
    n = len(items)
    print(f"questions {n}")
    print(f"entity in the lead line   {lead / n:.3f}")
    print(f"entity in the answer      {anywhere / n:.3f}")
    print(f"expected page cited       {page / n:.3f}")
    print(f"refused                   {refused / n:.3f}")
    print(f"one source card twice     {twice}")
    folio.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
