"""Questions of a Chinese quarterly report with tables, asked in Chinese (and a few in
English): is the gold figure in the answer (and in its lead, before the quoted rows), the
page printing it cited, the answer in the question's language, a sum said at a reader's
scale ("RMB 4.76 million", "475.58万元"), and are the questions the report cannot answer
refused?

    python bench/zh_report.py [--data-dir DIR] [--verbose] [--only ID,…] [--batch NAME]

The questions are ``bench/zh_report_questions.json`` over the sample
``pdfs/zh/issue-67-example.pdf`` (in no question split: its answers may be studied). A gold
figure is matched as a person says it (``zh_report_match.py``). A question's "batch" names
the questions added together to check that fixes generalise (``--batch`` asks only
those). The document is ingested
into the data directory on the first run.
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
from bench.common import SAMPLES, print_table, question_set_args, rate  # noqa: E402
from bench.zh_report_match import figures, has_gold  # noqa: E402
from pipeline.ids import doc_id_for  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from pipeline.text.script import HAN_RE  # noqa: E402
from settings import Settings  # noqa: E402

QUESTIONS = Path(__file__).with_name("zh_report_questions.json")


def _lead(answer: str) -> str:
    """The answer before its supporting quotes (which print whole rows, any figure)."""
    for header in ("依据原文：", "Supporting quotes:"):
        answer = answer.split(header, 1)[0]
    return answer


def _in_language(answer: str, lang: str) -> bool:
    """Is the answer's first line in the question's language (Chinese: any Han; English:
    none outside quotes, the report's own labels quoted as printed: “营业总收入”)?"""
    first = body(answer).splitlines()[0] if body(answer) else ""
    if lang == "en":
        first = re.sub(r"“[^”]*”", "", first)
    return bool(HAN_RE.search(first)) == (lang == "zh")


_MONEY_UNIT = re.compile(r"元|million|billion")
_SCALED = {
    "en": re.compile(r"RMB\s?[−-]?[\d.,]+\s?(?:million|billion)"),
    "zh": re.compile(r"[\d.]\s?[亿万]元"),
}


def _scaled(answer: str, lang: str, gold: list[str]) -> bool | None:
    """Is a sum of money said at a reader's scale in the lead ("RMB 4.76 million",
    "475.58万元")? None for a gold that is no sum of at least 10,000 yuan (a rate, a
    per-share figure, a count of shares)."""
    money = [g for g in gold if _MONEY_UNIT.search(g)]
    sized = [v for g in money for v, _, pct in figures(g)[:1] if not pct and abs(v) >= 1e4]
    if not sized:
        return None
    return bool(_SCALED[lang].search(_lead(answer)))


def main() -> int:
    args = question_set_args(__doc__, "folio-bench-zh-report")
    spec = json.loads(QUESTIONS.read_text(encoding="utf-8"))
    folio = Folio(Settings(data_dir=args.data_dir / "data"))
    chat = ChatService(folio)
    folio.ingest([SAMPLES / "pdfs" / "zh" / spec["doc"]], wait=True)
    doc = doc_id_for(spec["doc"])
    only = set(filter(None, args.only.split(",")))
    score: dict[str, dict[str, list[bool]]] = {}
    for q in spec["questions"]:
        if (only and q["id"] not in only) or (args.batch and q.get("batch") != args.batch):
            continue
        event = chat.ask(q["question"], [doc])
        chat.delete(event.conversation_id)
        a = event.answer
        kind = "refuse" if q.get("refuse") else q["lang"]
        s = score.setdefault(kind, {})
        if kind == "refuse":
            ok = a.refused
            s.setdefault("refused", []).append(ok)
        else:
            fig = not a.refused and has_gold(q["gold"], a.answer)
            lead = not a.refused and has_gold(q["gold"], _lead(a.answer))
            page = not a.refused and bool({c.page for c in a.citations} & set(q["pages"]))
            lang = _in_language(a.answer, q["lang"])
            said = (("figure", fig), ("lead", lead), ("page", page), ("language", lang))
            for name, v in said:
                s.setdefault(name, []).append(v)
            scaled = None if a.refused else _scaled(a.answer, q["lang"], q["gold"])
            if scaled is not None:
                s.setdefault("scale", []).append(scaled)
            s.setdefault("refused", []).append(a.refused)
            ok = lead and page and lang
        if args.verbose:
            cited = sorted({c.page for c in a.citations})
            shown = " ".join(body(a.answer).split())[:240]
            print(f"{'ok  ' if ok else 'MISS'} {q['id']} {q['question']}\n     {shown} p{cited}")
    folio.close()
    names = ("figure", "lead", "page", "language", "scale", "refused")
    rows: list[list[object]] = [[k, *(rate(s.get(n, [])) for n in names)] for k, s in score.items()]
    print_table("Chinese report questions", ["set", *names], rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
