"""Measuring the agent on a question set (the format of FinanceBench's questions.jsonl).

Per question, asked against its own document: is a gold evidence page among the
citations, and does each citation's quote support the sentence that cites it. Asked
against an unrelated document (another company's file): is it refused (a refusal cites
nothing, or only what the documents hold nearest, marked as such). Latency is measured per
answer after one warm-up turn (model loading).
"""

from __future__ import annotations

import json
import re
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agent.citations import parse_claims
from agent.schemas import Answer
from agent.service import ChatService
from agent.support import check
from pipeline.ids import doc_id_for

_MARK = re.compile(r"\[(\d+)\]")


@dataclass
class EvalQuestion:
    id: str
    doc: str
    question: str
    answer: str = ""
    pages: list[int] = field(default_factory=list)


@dataclass
class EvalRow:
    id: str
    kind: str  # "own" | "unrelated"
    doc: str
    pages: list[int]
    cited_pages: list[int]
    hit: bool
    citations: int
    supported: int
    refused: bool
    rounds: int
    latency_ms: int
    answer: str


def load_questions(path: Path) -> list[EvalQuestion]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        q = json.loads(line)
        pages = sorted({int(e["page"]) for e in q.get("evidence", []) if "page" in e})
        out.append(EvalQuestion(q["id"], q["doc"], q["question"], q.get("answer", ""), pages))
    return out


def supported_citations(answer: Answer) -> int:
    """Citations whose quote supports every answer sentence that carries their marker."""
    quotes = {c.marker: c.quote for c in answer.citations}
    ok: dict[int, bool] = {}
    for claim in parse_claims(_MARK.sub(lambda m: f"[m#{m.group(1)}]", answer.answer)):
        for mid in claim.ids:
            marker = int(mid.split("#")[1])
            if marker in quotes:
                good = check(claim.text, quotes[marker]).supported
                ok[marker] = ok.get(marker, True) and good
    return sum(1 for c in answer.citations if ok.get(c.marker, False))


def unrelated_doc(doc: str, docs: Sequence[str]) -> str | None:
    """Another document of a different company (the file name's first word differs)."""
    company = doc.split("_", 1)[0].lower()
    others = sorted(d for d in docs if d.split("_")[0].lower() != company)
    if not others:
        return None
    return others[sum(map(ord, doc)) % len(others)]


def evaluate(
    chat: ChatService,
    questions: Sequence[EvalQuestion],
    *,
    unrelated: bool = True,
    progress: Callable[[EvalRow], None] | None = None,
) -> tuple[dict[str, Any], list[EvalRow]]:
    docs = sorted({q.doc for q in questions})
    if questions:  # warm-up: loads the embedding model, lingua, jieba
        _ask(chat, questions[0].question, questions[0].doc)
    rows: list[EvalRow] = []
    for q in questions:
        targets = [("own", q.doc)]
        other = unrelated_doc(q.doc, docs) if unrelated else None
        if other:
            targets.append(("unrelated", other))
        for kind, doc in targets:
            answer = _ask(chat, q.question, doc)
            row = _row(q, kind, doc, answer)
            rows.append(row)
            if progress:
                progress(row)
    return summarize(rows), rows


def _ask(chat: ChatService, question: str, doc: str) -> Answer:
    event = chat.ask(question, [doc_id_for(doc)])
    chat.delete(event.conversation_id)  # evaluation leaves no conversations behind
    return event.answer


def _row(q: EvalQuestion, kind: str, doc: str, a: Answer) -> EvalRow:
    cited = sorted({c.page for c in a.citations} | {p for c in a.citations for p, _ in c.boxes})
    return EvalRow(
        id=q.id,
        kind=kind,
        doc=doc,
        pages=q.pages if kind == "own" else [],
        cited_pages=cited,
        hit=kind == "own" and bool(set(cited) & set(q.pages)),
        citations=len(a.citations),
        supported=supported_citations(a),
        refused=a.refused,
        rounds=a.retrieval_rounds,
        latency_ms=a.latency_ms,
        answer=a.answer,
    )


def summarize(rows: Sequence[EvalRow]) -> dict[str, Any]:
    own = [r for r in rows if r.kind == "own"]
    other = [r for r in rows if r.kind == "unrelated"]
    lat = sorted(r.latency_ms for r in rows)
    n_cites = sum(r.citations for r in rows)
    return {
        "questions": len(own),
        "evidence_page_hit_rate": _rate(sum(r.hit for r in own), len(own)),
        "answered_rate": _rate(sum(not r.refused for r in own), len(own)),
        "citation_precision": _rate(sum(r.supported for r in rows), n_cites),
        "citations": n_cites,
        "unrelated_questions": len(other),
        # a refusal may quote what the documents hold nearest (refusals.refusal)
        "unrelated_refusal_rate": _rate(sum(r.refused for r in other), len(other)),
        "latency_ms_p50": int(statistics.median(lat)) if lat else 0,
        "latency_ms_p95": int(lat[min(len(lat) - 1, int(0.95 * len(lat)))]) if lat else 0,
        "mean_rounds": round(statistics.mean(r.rounds for r in rows), 2) if rows else 0.0,
    }


def _rate(num: int, den: int) -> float:
    return round(num / den, 3) if den else 0.0


def ingest_docs(chat: ChatService, docs_dir: Path, names: Sequence[str]) -> None:
    """Make sure every document a question refers to is ingested (idempotent)."""
    paths = [docs_dir / n for n in sorted(set(names))]
    missing = [p for p in paths if not p.exists()]
    if missing:
        from pipeline.errors import NotFoundError

        raise NotFoundError(f"{missing[0]} is referenced by the questions but does not exist.")
    chat.folio.ingest(paths, wait=True)
