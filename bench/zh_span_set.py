"""Invented Chinese questions over the packed CMRC training articles: is the gold span in
the answer, the page printing it cited, was it refused? Tallied by the question's class
(an attribute the sentence states in other words, a span over two sentences or over a page
break, an answer whose sentence has no subject, a question writing a variant of a character
the article prints, a colour, shape, diet or kind of a plant or animal, a list) and by
batch. A question of class ``absent`` asks of a person the article names an attribute it
never states: it has no gold and counts only as refused or not (its own row, kept out of
``all`` and the batch rows).

    python bench/zh_span_set.py [--data-dir DIR] [--verbose] [--only WORD] [--batch A]

The questions are ``bench/zh_span_questions.json`` (invented by reading articles 0–127;
gold spans copied from them). The packed documents must already be ingested in the data
directory (``bench/answers.py`` builds and ingests them).
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

QUESTIONS = Path(__file__).with_name("zh_span_questions.json")
MARKS = ("span", "page", "refused")


def _nows(text: str) -> str:
    return "".join(text.split())


def main() -> int:
    args = set_args(__doc__, "A, B, C, D, E, F, G, H or I")
    items = chosen(QUESTIONS, args)
    table: dict[str, dict[str, list[bool]]] = defaultdict(lambda: defaultdict(list))
    for asked in ask_each(args, items):
        item, a = asked.item, asked.answer
        text = body(a.answer)
        absent = item["class"] == "absent"
        marks = {"refused": a.refused}
        if not absent:
            marks["span"] = not a.refused and _nows(item["gold"]) in _nows(text)
            marks["page"] = not a.refused and bool(asked.cited & set(item["pages"]))
        keys = ("absent",) if absent else (item["class"], "all", f"batch {item['batch']}")
        for key in keys:
            for name, ok in marks.items():
                table[key][name].append(ok)
        if args.verbose:
            said = " ".join(text.split())[:240]
            flag = "ok  " if marks.get("span", a.refused) else "MISS"
            print(
                f"{flag} {item['doc']} | {item['question']} | {item['gold'][:30]} | "
                f"p{item['pages']} cited {sorted(asked.cited)}\n     {said}",
                flush=True,
            )
    print(f"questions {len(items)}")
    print(f"{'class':10} " + " ".join(f"{m:10}" for m in MARKS))
    for key in sorted(table):
        print(f"{key:10} " + " ".join(f"{rate(table[key][m]):10}" for m in MARKS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
