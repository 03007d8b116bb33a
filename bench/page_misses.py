"""Where the gold page is lost: each training question whose answer cites no gold page,
classified by how far its gold page got.

    python bench/page_misses.py [--data-dir DIR] [--sets lookups,metric,fb] [--only WORD]

- ``never``: no passage of the turn is on a gold page (retrieval never reached it);
- ``retrieved``: a passage of the turn is on a gold page, the answer cited other pages
  (``+fig`` when the gold figure is printed in such a passage: it was there to choose);
- ``spanned``: a cited passage spans a gold page, the citation names another page of it;
- ``refused``: the answer refused.

Training material only (the lookup and metric sets over training filings and
financebench-train): a validation question is never read here.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.evidence import Evidence, turn_evidence  # noqa: E402
from agent.schemas import Answer  # noqa: E402
from agent.service import ChatService  # noqa: E402
from bench.answers_data import body, financebench  # noqa: E402
from pipeline.ids import doc_id_for  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from pipeline.workspace import thread_id  # noqa: E402
from settings import Settings  # noqa: E402
from testkit.answer_checks import gold_figures, has_figure  # noqa: E402

BENCH = Path(__file__).parent


def _questions(sets: list[str], only: str) -> Iterator[tuple[str, str, str, str, list[int]]]:
    """(set, doc, question, gold answer, gold pages) of the chosen training sets."""
    if "lookups" in sets:
        for i in json.loads((BENCH / "lookup_questions.json").read_text("utf-8"))["questions"]:
            yield f"lookups-{i['batch']}", i["doc"], i["question"], i["answer"], i["pages"]
    if "metric" in sets:
        for i in json.loads((BENCH / "metric_questions.json").read_text("utf-8"))["questions"]:
            yield f"metric-{i.get('batch', '1')}", i["doc"], i["question"], i["answer"], i["pages"]
    if "fb" in sets:
        for q in financebench("train"):
            yield "fb-train", q.doc, q.question, q.answer, q.pages


def classify(answer: Answer, gold: str, pages: list[int], evidence: list[Evidence]) -> str:
    """How far the gold page got (see the module's list); "ok" when a gold page is cited."""
    if answer.refused:
        return "refused"
    cited = {c.page for c in answer.citations} | {p for c in answer.citations for p, _ in c.boxes}
    if cited & set(pages):
        return "ok"
    passages = [p for ev in evidence for p in ev.passages]
    chosen = {c.chunk_id for c in answer.citations}
    spans = any(
        p.chunk_id in chosen and any(p.page <= g <= p.page_end for g in pages) for p in passages
    )
    if spans:
        return "spanned"
    on_gold = [p for p in passages if any(p.page <= g <= p.page_end for g in pages)]
    if not on_gold:
        return "never"
    figs = gold_figures(gold)
    printed = bool(figs) and any(has_figure(figs, p.checked_text) for p in on_gold)
    return "retrieved+fig" if printed else "retrieved"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "folio-bench-answers"
    )
    ap.add_argument("--sets", default="lookups,metric,fb")
    ap.add_argument("--only", default="", help="ask only the questions holding this word")
    args = ap.parse_args()
    folio = Folio(Settings(data_dir=args.data_dir / "data"))
    chat = ChatService(folio)
    tally: Counter[tuple[str, str]] = Counter()
    try:
        for name, doc, question, gold, pages in _questions(args.sets.split(","), args.only):
            if args.only.lower() not in question.lower():
                continue
            event = chat.ask(question, [doc_id_for(doc)])
            config: Any = {
                "configurable": {"thread_id": thread_id(chat.workspace, event.conversation_id)}
            }
            messages = chat.graph.get_state(config).values.get("messages", [])
            evidence = turn_evidence(messages)
            chat.delete(event.conversation_id)
            a = event.answer
            stage = classify(a, gold, pages, evidence)
            tally[(name, stage)] += 1
            if stage == "ok":
                continue
            cited = sorted({c.page for c in a.citations})
            seen = sorted({p.page for ev in evidence for p in ev.passages})
            print(f"[{stage}] {name} {doc} | {question}\n    gold {gold[:100]!r} p{pages}")
            said = " ".join(body(a.answer).split())[:200]
            print(f"    cited {cited} seen {seen}\n    said {said}")
            for ev in evidence:
                print(f"    - {ev.tool}: {ev.query[:100]!r} -> {[p.page for p in ev.passages]}")
    finally:
        folio.close()
    for (name, stage), n in sorted(tally.items()):
        print(f"{name:12} {stage:14} {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
