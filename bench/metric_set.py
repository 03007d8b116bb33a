"""Computed metrics (margins, turnover, days outstanding, liquidity ratios, returns, tax
rate, payout, free cash flow, EBITDA, growth, averages, coverage, leverage) asked of the
FinanceBench training filings: is the worked figure in the answer, its page cited?

    python bench/metric_set.py [--data-dir DIR] [--verbose] [--only KIND] [--start N] [--batch B]

The questions are ``bench/metric_questions.json`` (worded for this set; each gold worked by
hand from the values printed on its pages, operands recorded beside it), in batches: batch 1
was studied and fixed against, so only a later, unstudied batch measures generalisation. Scored as
``bench/answers.py`` scores FinanceBench: the gold figure in the answer within rounding
(``has_figure``), a gold page cited, refusals, and computed values outside sane bounds.
A question marked ``missing`` asks for a figure whose operand the filing lacks (its words,
alternatives split by "|"): it is answered well by a refusal or by an answer saying that the
documents do not give that operand, and it is left out of the figure and page counts.
Training documents only: they must already be ingested in the data directory.
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.service import ChatService  # noqa: E402 - after the path set-up above
from bench.answers_data import body  # noqa: E402
from bench.common import percentile  # noqa: E402
from pipeline.ids import doc_id_for  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from settings import Settings  # noqa: E402
from testkit.answer_checks import (  # noqa: E402
    gold_figures,
    has_figure,
    insane_values,
)

log = logging.getLogger(__name__)
QUESTIONS = Path(__file__).with_name("metric_questions.json")
_NOT_SAID = re.compile(r"\b(?:do|does) not (?:say|give|state)\b", re.I)


def names_missing(answer: str, missing: str) -> bool:
    """Does a sentence of the answer say the documents do not give the missing operand?"""
    words = re.compile("|".join(re.escape(w) for w in missing.split("|")), re.I)
    return any(
        _NOT_SAID.search(s) and words.search(s) for s in re.split(r"(?<=[.!?])\s+|\n", answer)
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "folio-bench-answers"
    )
    ap.add_argument("--verbose", action="store_true", help="print every answer's first lines")
    ap.add_argument("--only", default="", help="ask only the questions whose kind holds this")
    ap.add_argument("--start", type=int, default=0, help="skip the first questions")
    ap.add_argument("--batch", default="", help="ask only this batch's questions (1, 2, ...)")
    args = ap.parse_args()
    folio = Folio(Settings(data_dir=args.data_dir / "data"))
    chat = ChatService(folio)
    items = json.loads(QUESTIONS.read_text(encoding="utf-8"))["questions"]
    items = [
        i
        for i in items[args.start :]
        if args.only in i["kind"] and (not args.batch or i.get("batch", "1") == args.batch)
    ]
    figure = page = refused = insane = crashed = declined = 0
    must = sum(1 for i in items if i.get("missing"))
    cpu: list[float] = []  # the process's CPU ms per answer: what it costs, however loaded
    for item in items:
        started = time.process_time()
        try:
            event = chat.ask(item["question"], [doc_id_for(item["doc"])])
        except Exception as exc:  # one crash is a miss, not the run's end
            crashed += 1
            log.exception("crashed on %s | %s", item["doc"], item["question"])
            print(f"CRASH [{item['kind']}] {item['doc']} | {item['question']}\n     {exc!r}\n")
            continue
        cpu.append((time.process_time() - started) * 1000)
        chat.delete(event.conversation_id)
        a = event.answer
        cited = {c.page for c in a.citations} | {p for c in a.citations for p, _ in c.boxes}
        insane += insane_values(a.answer)
        if item.get("missing"):
            ok_fig = ok_page = a.refused or names_missing(a.answer, item["missing"])
            declined += ok_fig
        else:
            ok_fig = not a.refused and has_figure(gold_figures(item["answer"]), a.answer)
            ok_page = not a.refused and bool(cited & set(item["pages"]))
            figure, page, refused = figure + ok_fig, page + ok_page, refused + a.refused
        if args.verbose:
            mark = ("ok " if ok_fig else "MISS") + (" p" if ok_page else " -")
            said = " ".join(body(a.answer).split())[:300]
            print(f"{mark} [{item['kind']}] {item['doc']} | {item['question']}", flush=True)
            print(f"     gold {item['answer']} ({item['operands']}) pages {item['pages']}")
            print(f"     said {said}\n     cited {sorted(cited)}", flush=True)
    asked = len(items) - must
    n = asked or 1
    print(f"questions {len(items)} ({must} of them asking what the filing lacks)")
    print(f"gold figure in the answer  {figure / n:.3f} ({figure}/{asked})")
    print(f"gold page cited            {page / n:.3f} ({page}/{asked})")
    print(f"refused                    {refused / n:.3f} ({refused}/{asked})")
    if must:
        print(f"lacking operand: refused or named  {declined}/{must}")
    print(f"computed values outside sane bounds  {insane}")
    print(f"crashed (counted as misses)  {crashed}")
    print(f"CPU ms per answer p50 / p95  {percentile(cpu, 50):.0f} / {percentile(cpu, 95):.0f}")
    folio.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
