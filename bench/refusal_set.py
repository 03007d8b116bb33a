"""The cold answerability set: does the answer layer refuse what a training document
cannot answer although it uses the question's words, and still answer the same shapes
it can?

    python bench/refusal_set.py [--data-dir DIR] [--verbose] [--kind KIND] [--batch B]

The questions are ``bench/refusal_questions.json`` (its ``_about`` says how they were
written). A negative counts when the answer is a refusal; a positive when it is not and
its lead (before the supporting quotes) holds one of the gold strings (a figure compared
as ``bench/answers.py`` compares figures; the cold run counted the whole answer). Per
kind (another company, general knowledge, another person, place or body, a missing line
item, an uncovered period, arithmetic, a future year, an opinion or advice): negatives
refused, positives answered. Training
documents only: they must already be ingested in the data directory (``bench/answers.py``
ingests them).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.service import ChatService  # noqa: E402 - after the path set-up above
from bench.answers_data import body  # noqa: E402
from bench.common import rate  # noqa: E402
from pipeline.ids import doc_id_for  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from settings import Settings  # noqa: E402
from testkit.answer_checks import gold_figures, has_figure  # noqa: E402

log = logging.getLogger("bench.refusal_set")
QUESTIONS = Path(__file__).with_name("refusal_questions.json")
KINDS = (
    "other_company",
    "general",
    "other_entity",
    "line_item",
    "period",
    "arithmetic",
    "future",
    "opinion",
)


def holds_gold(golds: list[str], answer: str) -> bool:
    """Is one gold string in the answer: a figure within rounding, a name as written?"""
    for g in golds:
        figures = gold_figures(g) if any(c.isdigit() for c in g) else []
        if (figures and has_figure(figures, answer)) or g.lower() in answer.lower():
            return True
    return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "folio-bench-answers"
    )
    ap.add_argument("--verbose", action="store_true", help="print every answer's lead")
    ap.add_argument("--kind", default="", help="ask only this kind's questions")
    ap.add_argument("--batch", default="", help="ask only this batch's questions (A to J)")
    args = ap.parse_args()
    folio = Folio(Settings(data_dir=args.data_dir / "data"))
    chat = ChatService(folio)
    items = json.loads(QUESTIONS.read_text(encoding="utf-8"))["questions"]
    items = [i for i in items if args.kind in ("", i["kind"])]
    items = [i for i in items if args.batch in ("", i.get("batch", "A"))]
    refused: dict[str, list[bool]] = defaultdict(list)
    answered: dict[str, list[bool]] = defaultdict(list)
    crashed = 0
    for item in items:
        try:
            event = chat.ask(item["question"], [doc_id_for(item["doc"])])
        except Exception:  # one question's crash is its miss, not the run's end
            log.exception("crashed: %s | %s", item["doc"], item["question"])
            crashed += 1
            ok = False
            (refused if item["expect"] == "refuse" else answered)[item["kind"]].append(ok)
            (refused if item["expect"] == "refuse" else answered)["all"].append(ok)
            continue
        chat.delete(event.conversation_id)
        a = event.answer
        lead = body(a.answer)
        if item["expect"] == "refuse":
            ok = a.refused
            for kind in (item["kind"], "all"):
                refused[kind].append(ok)
        else:
            # in the answer's own statement, before its quotes: a gold only quoted is no answer
            said = lead.split("Supporting quotes:", 1)[0].split("依据原文：", 1)[0]
            ok = not a.refused and holds_gold(item["gold"], said)
            for kind in (item["kind"], "all"):
                answered[kind].append(ok)
        if args.verbose:
            mark = ("ok  " if ok else "MISS") + (" neg" if item["expect"] == "refuse" else " pos")
            said = " ".join(lead.split())[:260]
            print(f"{mark} {item['doc']} | {item['question']}\n     {said}", flush=True)
    note = f" (crashed {crashed}, counted as misses)" if crashed else ""
    print(f"questions {len(items)}{note}")
    print(f"{'kind':14} {'negatives refused':22} {'positives answered':22}")
    for kind in (*KINDS, "all"):
        if refused[kind] or answered[kind]:
            print(f"{kind:14} {rate(refused[kind]):22} {rate(answered[kind]):22}")
    folio.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
