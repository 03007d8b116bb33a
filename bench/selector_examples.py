"""The selector's training and validation questions, and the evidence the offline planner
finds for them (``bench/fit_selector.py`` fits on it).

Questions: FinanceBench-train (gold evidence pages and text) and CMRC trial articles 0–127
(answer spans) for fitting; FinanceBench dev and CMRC articles 128–255 for validation
(``../shared/samples/README.md``). Each question is also asked of a document that does not
address it (a CMRC question of another CMRC document and of a 10-K, a 10-K question of a
CMRC document), and the split's general-knowledge questions are asked of its documents:
every unit found there is a negative.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.context import ChatContext  # noqa: E402 - after the path set-up above
from agent.models import ChatModels  # noqa: E402
from agent.models.planner import plan  # noqa: E402
from agent.scope import StatsCache  # noqa: E402
from agent.toolset import BUILT_IN  # noqa: E402
from bench.answers_data import financebench, general  # noqa: E402
from bench.cmrc import build  # noqa: E402
from bench.common import SAMPLES  # noqa: E402
from pipeline.corpus import Corpus  # noqa: E402
from pipeline.errors import NotFoundError  # noqa: E402
from pipeline.ids import doc_id_for  # noqa: E402
from pipeline.service import Folio  # noqa: E402

ZH_DOCS = {"train": range(1, 5), "validation": range(5, 9)}
GENERAL_10KS = 4  # the 10-Ks of a split that general-knowledge questions are asked of


@dataclass
class Example:
    question: str
    doc_id: str
    answerable: bool
    span: str = ""  # CMRC answer
    pages: list[int] = field(default_factory=list)
    evidence_text: str = ""  # FinanceBench gold evidence
    answer: str = ""
    evidence: list[dict[str, Any]] = field(default_factory=list)


def examples(split: str, per_article: int, data_dir: Path) -> list[Example]:
    packed = build(data_dir / "cmrc", per_doc=32)
    zh = [f"cmrc-{k:02d}.pdf" for k in ZH_DOCS[split]]
    fb = financebench(split)
    rows = [json.loads(x) for x in _questions_file(split).read_text().splitlines() if x.strip()]
    texts = {r["id"]: " ".join(e.get("text", "") for e in r.get("evidence", [])) for r in rows}
    ten_k = doc_id_for(fb[0].doc)
    out: list[Example] = []
    for q in fb:
        doc = doc_id_for(q.doc)
        out.append(
            Example(
                q.question, doc, True, pages=q.pages, evidence_text=texts[q.id], answer=q.answer
            )
        )
        out.append(Example(q.question, doc_id_for(zh[0]), False))
    seen: dict[str, int] = {}
    for z in packed:
        if z.doc_name not in zh:
            continue
        article = z.qid.rsplit("_QUERY_", 1)[0]
        seen[article] = seen.get(article, 0) + 1
        if seen[article] > per_article:
            continue
        out.append(Example(z.question, doc_id_for(z.doc_name), True, span=z.answer, pages=z.pages))
        other = zh[(zh.index(z.doc_name) + 1) % len(zh)]
        if seen[article] == 1:  # one question per article asked elsewhere
            out.append(Example(z.question, doc_id_for(other), False))
            out.append(Example(z.question, ten_k, False))
    # General knowledge asked of a split's own documents: a question can share words with a
    # document (a country in a list of offices) without being about it.
    ten_ks = list(dict.fromkeys(doc_id_for(q.doc) for q in fb))[:GENERAL_10KS]
    for question in general(split):
        out += [Example(question, d, False) for d in (*ten_ks, *map(doc_id_for, zh))]
    return out


def _questions_file(split: str) -> Path:
    return (
        SAMPLES
        / ("financebench-train" if split == "train" else "financebench")
        / ("questions.jsonl")
    )


class _Runtime:
    """What the tools read of a LangGraph ToolRuntime."""

    def __init__(self, ctx: ChatContext) -> None:
        self.context = ctx
        self.state = SimpleNamespace(reply_language="en")

    def stream_writer(self, _item: object) -> None:
        return None


def _holder(folios: list[Folio], doc_id: str) -> Folio | None:
    for folio in folios:
        try:
            if folio.document(doc_id).chunks:
                return folio
        except NotFoundError:
            continue
    return None


def harvest(folios: list[Folio], examples: list[Example]) -> list[Example]:
    """Evidence for every example whose document one of the data directories holds."""
    stats = StatsCache()
    specs = {s.name: s for s in BUILT_IN if not s.atomic}
    names = tuple(specs)
    kept: list[Example] = []
    for n, ex in enumerate(examples):
        folio = _holder(folios, ex.doc_id)
        if folio is None:
            continue
        kept.append(ex)
        ctx = ChatContext(corpus=Corpus(folio, (ex.doc_id,)), models=ChatModels(), stats=stats)
        rt = _Runtime(ctx)
        found: list[dict[str, Any]] = []
        for call in plan(ex.question, [], 0, names):
            _, artifact = specs[call["name"]].function(**call["args"], runtime=rt)
            if artifact.get("tool"):
                found.append(artifact)
        ex.evidence = found
        if n % 20 == 0:
            print(f"  harvested {n}/{len(examples)}", file=sys.stderr, flush=True)
    return kept
