"""Cross-language questions: Chinese (and mixed Chinese-English) questions of English
filings, English questions of a Chinese report, and Chinese questions of English filings
that no document answers. Is the gold figure (or name) in the answer's lead, a gold page
cited, the answer in the question's language, and is what must be refused refused?

    python bench/xlang_set.py [--data-dir DIR] [--verbose] [--only ID,…] [--batch NAME]

The questions are ``bench/xlang_questions.json`` over FinanceBench training filings and the
sample Chinese report (``pdfs/zh/issue-67-example.pdf``); the documents must already be
ingested in the data directory (``bench/answers.py`` and ``bench/zh_report.py`` ingest
them). A figure matches at any scale and within rounding (``testkit.answer_checks``), or
as a person says it in 万/亿/million (``zh_report_match``).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.service import ChatService  # noqa: E402 - after the path set-up above
from bench.answers_data import body  # noqa: E402
from bench.common import print_table, question_set_args, rate  # noqa: E402
from bench.zh_report_match import has_gold  # noqa: E402
from pipeline.ids import doc_id_for  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from pipeline.text.script import HAN_RE  # noqa: E402
from settings import Settings  # noqa: E402
from testkit.answer_checks import gold_figures, has_figure  # noqa: E402

QUESTIONS = Path(__file__).with_name("xlang_questions.json")


def _lead(answer: str) -> str:
    """The answer before its supporting quotes (which print whole rows, any figure)."""
    return re.split("依据原文|Supporting quotes", body(answer))[0]


def _in_language(answer: str, lang: str) -> bool:
    """Is the answer's first line in the question's language (Chinese: any Han; English:
    none outside quotes, a Chinese report's labels quoted as printed)?"""
    text = body(answer)
    first = text.splitlines()[0] if text else ""
    if lang == "en":
        first = re.sub(r"“[^”]*”", "", first)
    return bool(HAN_RE.search(first)) == (lang == "zh")


def _holds(q: dict, lead: str) -> bool:
    """Does the lead hold a gold figure (any scale, or said in 万/亿/million) or every gold
    word? A question with neither (a section asked) holds by its page alone."""
    if q.get("gold"):
        return any(has_figure(gold_figures(g), lead) for g in q["gold"]) or has_gold(
            q["gold"], lead
        )
    return all(w.lower() in lead.lower() for w in q.get("text", []))


def main() -> int:
    args = question_set_args(__doc__, "folio-bench-answers")
    spec = json.loads(QUESTIONS.read_text(encoding="utf-8"))
    folio = Folio(Settings(data_dir=args.data_dir / "data"))
    chat = ChatService(folio)
    only = set(filter(None, args.only.split(",")))
    score: dict[str, dict[str, list[bool]]] = {}
    for q in spec["questions"]:
        if (only and q["id"] not in only) or (args.batch and q.get("batch") != args.batch):
            continue
        event = chat.ask(q["question"], [doc_id_for(q["doc"])])
        chat.delete(event.conversation_id)
        a = event.answer
        kind = "refuse" if q.get("refuse") else f"{q['lang']} asked"
        s = score.setdefault(kind, {})
        if kind == "refuse":
            ok = a.refused
        else:
            cited = {c.page for c in a.citations}
            said = {
                "answer": not a.refused and _holds(q, _lead(a.answer)),
                "page": not a.refused and bool(cited & set(q["pages"])),
                "language": _in_language(a.answer, q["lang"]),
            }
            for name, v in said.items():
                s.setdefault(name, []).append(v)
            ok = all(said.values())
        s.setdefault("refused", []).append(a.refused)
        if args.verbose:
            cited_pages = sorted({c.page for c in a.citations})
            shown = " ".join(body(a.answer).split())[:240]
            mark = "ok  " if ok else "MISS"
            print(f"{mark} {q['id']} {q['question']}\n     {shown} p{cited_pages}")
    folio.close()
    names = ("answer", "page", "language", "refused")
    rows: list[list[object]] = [[k, *(rate(s.get(n, [])) for n in names)] for k, s in score.items()]
    print_table("Cross-language questions", ["set", *names], rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
