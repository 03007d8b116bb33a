"""Answers on synthetic annual reports: layouts and label wordings nobody tuned on.

    python bench/synth_filings.py --data-dir DIR [--seed 1] [--count 12] [--verbose]
                                  [--only KIND] [--write-only]

Writes ``count`` seeded 10-K-like PDFs (``testkit/synth/``: invented companies; 2 or 3 year
columns, newest or oldest first; fiscal years ending in different months; statements
running onto a second page; income, balance-sheet, cash-flow and equity statements; a
segment note; MD&A prose; cover, Item headings, the auditor's report, people and
headquarters) into ``DIR/pdfs``, ingests them with the real pipeline into ``DIR/data``
(once; later runs reuse them), and asks each its questions (single figures, a prior
year, change and growth, margins, ratios, averages, a segment, non-numeric facts, and
questions to refuse: a period not covered, an item the filing lacks, general knowledge
in the filing's words). Scored as ``bench/lookups.py`` scores: the gold figure (or name)
in the answer, in its lead (before the supporting quotes), a gold page cited, refused;
refusals of the negatives; self-contradicting answers and computed values outside sane
bounds.
"""

from __future__ import annotations

import argparse
import json
import sys
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
from testkit.answer_checks import insane_values, self_contradicting  # noqa: E402
from testkit.synth.company import companies  # noqa: E402
from testkit.synth.questions import Question, hit, questions_for  # noqa: E402

KINDS = (
    "income",
    "balance",
    "cash",
    "prior_year",
    "change",
    "growth",
    "margin",
    "ratio",
    "average",
    "segment",
    "fact",
)
REFUSE = ("refuse_period", "refuse_missing", "refuse_world")


def write_set(out: Path, seed: int, count: int) -> list[Question]:
    """The PDFs into ``out`` and every question, the same for the same seed."""
    out.mkdir(parents=True, exist_ok=True)
    questions: list[Question] = []
    for c in companies(seed, count):
        c.writer.save(str(out / c.profile.file_name))
        questions += questions_for(c, seed)
    rows = [q.__dict__ for q in questions]
    (out / "questions.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return questions


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--data-dir", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=12)
    ap.add_argument("--verbose", action="store_true", help="print every answer's lead")
    ap.add_argument("--only", default="", help="ask only the questions of kinds holding this")
    ap.add_argument("--write-only", action="store_true", help="write the PDFs, ask nothing")
    args = ap.parse_args()
    questions = write_set(args.data_dir / "pdfs", args.seed, args.count)
    print(f"questions {len(questions)}", flush=True)
    if args.write_only:
        return 0
    folio = Folio(Settings(data_dir=args.data_dir / "data"))
    folio.ingest(sorted((args.data_dir / "pdfs").glob("*.pdf")), wait=True)
    chat = ChatService(folio)
    marks: dict[str, dict[str, list[bool]]] = defaultdict(lambda: defaultdict(list))
    contradicting = insane = 0
    for q in (q for q in questions if args.only in q.kind):
        event = chat.ask(q.question, [doc_id_for(q.doc)])
        chat.delete(event.conversation_id)
        a = event.answer
        lead = body(a.answer).split("Supporting quotes:", 1)[0]
        cited = {c.page for c in a.citations} | {p for c in a.citations for p, _ in c.boxes}
        got = {
            "figure": not a.refused and hit(q, a.answer),
            "lead": not a.refused and hit(q, lead),
            "page": not a.refused and bool(cited & set(q.pages)),
            "refused": a.refused,
        }
        contradicting += self_contradicting(a.answer)
        insane += insane_values(a.answer)
        for kind in (q.kind, "all" if q.check != "refuse" else "refusals"):
            for name, ok in got.items():
                marks[kind][name].append(ok)
        if args.verbose:
            ok = a.refused if q.check == "refuse" else got["lead"]
            mark = "ok  " if ok else "quot" if got["figure"] else "REF " if a.refused else "MISS"
            print(
                f"{mark} [{q.kind}] {q.doc} | {q.question} | gold {q.answer} p{q.pages} "
                f"cited {sorted(cited)}\n     {' '.join(lead.split())[:260]}",
                flush=True,
            )
    _report(marks, contradicting, insane)
    folio.close()
    return 0


def _report(marks: dict[str, dict[str, list[bool]]], contradicting: int, insane: int) -> None:
    heads = ("figure in the answer", "figure in the lead", "gold page cited", "refused")
    print(f"{'kind':15} " + " ".join(f"{h:22}" for h in heads))
    for kind in (*KINDS, "all"):
        if kind in marks:
            m = marks[kind]
            print(
                f"{kind:15} "
                + " ".join(f"{rate(m[h]):22}" for h in ("figure", "lead", "page", "refused"))
            )
    for kind in (*REFUSE, "refusals"):
        if kind in marks:
            print(f"{kind:15} refused {rate(marks[kind]['refused'])}")
    print(f"self-contradicting answers {contradicting}")
    print(f"computed values outside sane bounds {insane}")


if __name__ == "__main__":
    sys.exit(main())
