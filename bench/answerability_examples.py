"""The answerability gate's questions per split, each with the kind it stands for.

Answerable: FinanceBench questions of their filings, one CMRC question per article of
its packed document. To refuse: the same questions asked of a document of the other kind
("wrong_doc"), the general-knowledge questions asked of a filing and a Chinese document
("general"), and ``answerability_questions.json`` (world knowledge whose words the document
uses, arithmetic, another company, another period).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.answers_data import financebench, general  # noqa: E402 - after the path set-up
from bench.cmrc import build  # noqa: E402
from bench.selector_examples import Example  # noqa: E402
from pipeline.ids import doc_id_for  # noqa: E402

SET_FILE = Path(__file__).with_name("answerability_questions.json")
ZH_DOCS = {"train": range(1, 5), "validation": range(5, 9)}
WRONG_ZH_EVERY = 3  # one CMRC question in this many is also asked of a filing


@dataclass
class Labelled:
    example: Example
    kind: str  # answerable, wrong_doc, general, world, arithmetic, other_company, other_period

    @property
    def answerable(self) -> bool:
        return self.kind == "answerable"


def refusal_set(split: str) -> list[dict[str, str]]:
    """``answerability_questions.json``'s questions of a split: question, doc (a file name)
    and kind."""
    raw = json.loads(SET_FILE.read_text(encoding="utf-8"))
    return [dict(x) for x in raw[split]]


def labelled(split: str, data_dir: Path) -> list[Labelled]:
    zh = [f"cmrc-{k:02d}.pdf" for k in ZH_DOCS[split]]
    fb = financebench(split)
    ten_k = doc_id_for(fb[0].doc)
    out: list[Labelled] = []
    for q in fb:
        out.append(
            Labelled(Example(q.question, doc_id_for(q.doc), True, answer=q.answer), "answerable")
        )
        out.append(Labelled(Example(q.question, doc_id_for(zh[0]), False), "wrong_doc"))
    seen: set[str] = set()
    for z in build(data_dir / "cmrc", per_doc=32):
        article = z.qid.rsplit("_QUERY_", 1)[0]
        if z.doc_name not in zh or article in seen or not z.question.strip():
            continue
        seen.add(article)
        out.append(
            Labelled(Example(z.question, doc_id_for(z.doc_name), True, span=z.answer), "answerable")
        )
        if len(seen) % WRONG_ZH_EVERY == 0:
            out.append(Labelled(Example(z.question, ten_k, False), "wrong_doc"))
    for question in general(split):
        for doc in (ten_k, doc_id_for(zh[0])):
            out.append(Labelled(Example(question, doc, False), "general"))
    for item in refusal_set(split):
        out.append(
            Labelled(Example(item["question"], doc_id_for(item["doc"]), False), item["kind"])
        )
    return out
