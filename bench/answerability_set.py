"""Build the questions a document must refuse although it uses their words.

    python bench/answerability_set.py [--data-dir DIR]

Writes ``bench/answerability_questions.json``: per split ("train", "validation"), questions
each paired with one document of that split (FinanceBench filings and the packed CMRC
articles, ``../shared/samples/README.md``), of four kinds:

- ``world``: world knowledge from ``world_knowledge.json`` whose content words all occur in
  the document and whose answer it never states ("What is the capital of <a country the
  filing lists among its markets>?");
- ``arithmetic``: sums and products of random numbers ("What is 17 times 4?");
- ``other_company``: a question about a company the filing mentions but is not about;
- ``other_period``: a figure of a year the filing never mentions.

The countries and standing questions are split between train and validation by a hash of
their wording, so validation asks questions (and of documents) the fit never saw. Nothing
here is drawn from a sample question set: only the documents' vocabulary decides.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import zlib
from pathlib import Path

import pymupdf

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.rewrite import key_terms  # noqa: E402 - after the path set-up above
from agent.scope import stem, word_set  # noqa: E402
from bench.cmrc import build  # noqa: E402
from bench.common import SAMPLES  # noqa: E402
from pipeline.text.periods import LONE_YEAR_RE  # noqa: E402
from pipeline.text.script import HAN_RE  # noqa: E402

POOL = Path(__file__).with_name("world_knowledge.json")
OUT = Path(__file__).with_name("answerability_questions.json")
FOLDERS = {"train": "financebench-train", "validation": "financebench"}
ZH_DOCS = {"train": range(1, 5), "validation": range(5, 9)}
# questions per document and kind: enough of each kind, few enough for a bench run
PER_DOC = {"world": 2, "arithmetic": 1, "other_company": 1, "other_period": 1}
ZH_WORLD = 8  # a packed CMRC document holds 32 articles: a wider vocabulary


def split_of(key: str) -> str:
    """A third of the countries and standing questions validate; the rest fit."""
    return "validation" if zlib.crc32(key.encode("utf-8")) % 3 == 0 else "train"


def uses_words(question: str, text: str, words: frozenset[str] | set[str]) -> bool:
    """Does the document use every content word of the question (beyond figures)?"""
    terms = [t for t in key_terms(question) if not any(c.isdigit() for c in t)]
    if not terms:
        return False
    return all((t in text) if HAN_RE.search(t) else stem(t) in words for t in terms)


def states(answers: list[str], text: str) -> bool:
    low = text.lower()
    return any(a.lower() in low for a in answers if a)


def world_pool(pool: dict, split: str) -> list[tuple[str, list[str]]]:
    """The split's world-knowledge questions with their answers, in both languages."""
    out: list[tuple[str, list[str]]] = []
    for c in pool["countries"]:
        if split_of(c["en"]) != split:
            continue
        for t in pool["country_templates"]:
            answers = list(c[t["answer"]]) if t["answer"] else []
            out.append((t["en"].format(en=c["en"]), answers))
            out.append((t["zh"].format(zh=c["zh"]), answers))
    out += [(s["q"], s["answer"]) for s in pool["standing"] if split_of(s["q"]) == split]
    return out


def _text(path: Path) -> str:
    with pymupdf.open(path) as doc:
        return "\n".join(p.get_text() for p in doc)


def _owner(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.split("_", maxsplit=1)[0].lower())


def _year_of(name: str) -> str:
    m = LONE_YEAR_RE.search(name)
    return m.group(0) if m else "2022"


def for_document(
    pool: dict, split: str, name: str, text: str, rng: random.Random
) -> list[dict[str, str]]:
    words = word_set(text)
    chinese = name.startswith("cmrc-")
    out: list[dict[str, str]] = []

    def add(kind: str, question: str) -> None:
        out.append({"question": question, "doc": name, "kind": kind})

    fits = [
        q for q, a in world_pool(pool, split) if uses_words(q, text, words) and not states(a, text)
    ]
    rng.shuffle(fits)
    for q in fits[: ZH_WORLD if chinese else PER_DOC["world"]]:
        add("world", q)
    templates = [t for t in pool["arithmetic_templates"] if bool(HAN_RE.search(t)) == chinese]
    a, b = rng.randint(2, 99), rng.randint(2, 40)
    add("arithmetic", rng.choice(templates).format(a=a, b=b))
    if chinese:
        return out
    owner = _owner(name)
    named = [
        c
        for c in pool["companies"]
        if re.search(rf"\b{re.escape(c)}\b", text) and re.sub(r"[^a-z]", "", c.lower()) not in owner
    ]
    rng.shuffle(named)
    for co in named[: PER_DOC["other_company"]]:
        add(
            "other_company",
            rng.choice(pool["company_templates"]).format(co=co, year=_year_of(name)),
        )
    years = [str(y) for y in range(1981, 2006) if str(y) not in text]
    if years:
        add("other_period", rng.choice(pool["period_templates"]).format(year=rng.choice(years)))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--data-dir", type=Path, default=Path("/tmp/folio-bench-answers"))
    args = ap.parse_args()
    pool = json.loads(POOL.read_text(encoding="utf-8"))
    build(args.data_dir / "cmrc", per_doc=32)
    rng = random.Random(31)
    result: dict[str, object] = {
        "_about": "Generated by bench/answerability_set.py from world_knowledge.json and each "
        "split's documents; bench/answers.py reports their refusal, "
        "bench/fit_answerability.py fits the answerability gate on the train part.",
    }
    for split, folder in FOLDERS.items():
        docs = sorted((SAMPLES / folder / "pdfs").glob("*.pdf"))
        docs += [args.data_dir / "cmrc" / f"cmrc-{k:02d}.pdf" for k in ZH_DOCS[split]]
        items: list[dict[str, str]] = []
        for path in docs:
            items += for_document(pool, split, path.name, _text(path), rng)
        result[split] = items
        kinds = {k: sum(1 for i in items if i["kind"] == k) for k in PER_DOC}
        print(f"{split}: {len(items)} questions {kinds}", file=sys.stderr)
    OUT.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
