"""Single-figure questions over the FinanceBench training filings, worded as analysts ask
them: is the figure in the answer, and is a page printing it cited?

    python bench/lookups.py [--data-dir DIR] [--verbose] [--only WORD] [--batch A|B|…|W]

The questions are ``bench/lookup_questions.json`` (worded for this set: paraphrased item
names, varied period words and units; figures and pages read off the training PDFs with
PyMuPDF). A figure counts as in the answer as ``bench/answers.py`` counts it (separators
and units aside, within rounding, at any scale); "in the lead" counts it only in what the
answer says before its supporting quotes (a figure only quoted is not the answer). A
question marked ``"all": true`` (two figures compared, or a change with its two ends) counts
only when every figure of its gold is shown; one marked ``"verdict": "yes"`` or ``"no"``
counts in the lead only when the answer opens with that word. Per
question kind (income statement, balance sheet, cash-flow statement, segment tables, notes,
MD&A or cover page) and, for a batch written by shape (W, X), per shape (``"shape"``: the
question's form, e.g. a movement's "by how much", a yes/no "did it grow", a "rank" or a
"total"): figure, lead,
page, refusals. Training documents only: they must
already be ingested in the data directory (``bench/answers.py`` ingests them).
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.answers_data import body  # noqa: E402
from bench.common import rate  # noqa: E402
from bench.question_sets import ask_each, chosen, set_args  # noqa: E402
from testkit.answer_checks import (  # noqa: E402
    gold_figures,
    has_every_figure,
    has_figure,
    opening_verdict,
)
from testkit.twin_cards import twins  # noqa: E402

QUESTIONS = Path(__file__).with_name("lookup_questions.json")


def main() -> int:
    args = set_args(
        __doc__, "A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, Q, R, S, T, U, V, W, X or Y"
    )
    items = chosen(QUESTIONS, args)
    figure: dict[str, list[bool]] = defaultdict(list)
    led: dict[str, list[bool]] = defaultdict(list)
    page: dict[str, list[bool]] = defaultdict(list)
    refused: dict[str, list[bool]] = defaultdict(list)
    twice: list[bool] = []  # answers showing one source card twice
    for asked in ask_each(args, items):
        item, a, cited = asked.item, asked.answer, asked.cited
        gold = gold_figures(item["answer"])
        shown = has_every_figure if item.get("all") else has_figure
        ok_fig = not a.refused and shown(gold, a.answer)
        # the answer's own statement, before its quotes: a figure only quoted is no answer
        lead = body(a.answer).split("Supporting quotes:", 1)[0]
        decided = item.get("verdict") in (None, opening_verdict(lead))
        ok_lead = not a.refused and shown(gold, lead) and decided
        ok_page = not a.refused and bool(cited & set(item["pages"]))
        # a question written by shape also counts under its shape ("~by"), apart from kinds
        shape = [f"~{item['shape']}"] if "shape" in item else []
        for kind in (item["kind"], "all", *shape):
            figure[kind].append(ok_fig)
            led[kind].append(ok_lead)
            page[kind].append(ok_page)
            refused[kind].append(a.refused)
        twice.append(bool(twins(a.citations)))
        if args.verbose:
            mark = "ok  " if ok_lead else "quot" if ok_fig else "REF " if a.refused else "MISS"
            said = " ".join(lead.split())[:240]
            print(
                f"{mark} {item['doc']} | {item['question']} | gold {item['answer']} "
                f"p{item['pages']} cited {sorted(cited)}\n     {said}",
                flush=True,
            )
    print(f"questions {len(items)}; answers showing one source card twice {sum(twice)}")
    heads = ("figure in the answer", "figure in the lead", "gold page cited", "refused")
    print(f"{'kind':10} " + " ".join(f"{h:22}" for h in heads))
    shapes = sorted(k for k in figure if k.startswith("~"))
    for kind in ("income", "balance", "cash", "segment", "notes", "all", *shapes):
        if figure[kind]:
            rates = (figure[kind], led[kind], page[kind], refused[kind])
            print(f"{kind:10} " + " ".join(f"{rate(r):22}" for r in rates))
    return 0


if __name__ == "__main__":
    sys.exit(main())
