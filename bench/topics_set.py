"""Non-numeric questions over the FinanceBench training 10-Ks: topics and lists, yes/no
questions and single facts (batch B adds a few Chinese ones over the packed CMRC training
articles). Is a page saying it cited, does the answer hold the key words,
does a yes/no answer open with the right word, was it refused?

    python bench/topics_set.py [--data-dir DIR] [--verbose] [--only WORD] [--batch A..P]

The questions are ``bench/topics_questions.json`` (invented; pages and key words read off
the training PDFs with PyMuPDF). Key words count in the answer's body (its quotes
included: a section answer says what it found by quoting it); the yes/no opening counts in
the answer's first words. Questions written by shape across documents (batch N on) name
their ``shape``, and are counted per shape too. Training documents only: they must already be
ingested in the data directory (``bench/answers.py`` ingests them).
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.answers_data import body  # noqa: E402
from bench.common import rate  # noqa: E402
from bench.question_sets import ask_each, chosen, set_args  # noqa: E402
from testkit.twin_cards import twins  # noqa: E402

QUESTIONS = Path(__file__).with_name("topics_questions.json")
KINDS = ("topic", "yesno", "fact", "all")
_OPENING_WORDS = 3  # "Yes — …", "No, …": the verdict comes first or not at all


def main() -> int:
    args = set_args(__doc__, "A, B, C, D, E, F, G, H, I, J, K, L, M, N, O or P")
    items = chosen(QUESTIONS, args)
    table: dict[str, dict[str, list[bool]]] = defaultdict(lambda: defaultdict(list))
    twice = 0  # answers showing one source card twice
    for asked in ask_each(args, items):
        item, a, cited = asked.item, asked.answer, asked.cited
        text = body(a.answer)
        twice += bool(twins(a.citations))
        marks = {
            "page cited": not a.refused and bool(cited & set(item["pages"])),
            "key words": not a.refused and has_keys(item["keys"], text),
            "refused": a.refused,
        }
        if item.get("expect"):
            marks["yes/no opening"] = not a.refused and opens_with(item["expect"], text)
        shape = [f"shape {item['shape']}"] if item.get("shape") else []  # batches N, O
        for kind in (item["kind"], "all", f"batch {item['batch']}", *shape):
            for name, ok in marks.items():
                table[kind][name].append(ok)
        if args.verbose:
            bad = [n for n, ok in marks.items() if ok == (n == "refused")]
            said = " ".join(text.split())[:300]
            print(
                f"{'ok  ' if not bad else 'MISS'} {item['doc']} | {item['question']} | "
                f"p{item['pages']} cited {sorted(cited)} {bad}\n     {said}",
                flush=True,
            )
    print(f"questions {len(items)}; answers showing one source card twice {twice}")
    heads = ("page cited", "key words", "yes/no opening", "refused")
    print(f"{'kind':14} " + " ".join(f"{h:16}" for h in heads))
    groups = sorted(k for k in table if k.startswith(("batch", "shape")))
    for kind in (*KINDS, *groups):
        if table[kind]:
            print(f"{kind:14} " + " ".join(f"{rate(table[kind].get(h, [])):16}" for h in heads))
    return 0


def has_keys(keys: list[str], text: str) -> bool:
    """Does the text hold every key (a regular expression; alternatives by '|')?"""
    return all(re.search(k, text, re.I) for k in keys)


def opens_with(word: str, text: str) -> bool:
    """Does the answer open with the verdict word ("yes", "no")?"""
    first = re.findall(r"[a-z]+", text.lower())[:_OPENING_WORDS]
    return word.lower() in first


if __name__ == "__main__":
    sys.exit(main())
