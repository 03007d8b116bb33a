"""What bench/answers.py measures with: the splits, gold-figure matching, heading-only
answers, table recognition on statement pages, and general-knowledge questions that no
sample document addresses."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from bench.common import SAMPLES, load_jsonl
from pipeline.text.script import HAN_RE
from testkit.answer_checks import MARK  # what the tests check answers with too

GENERAL_FILE = Path(__file__).with_name("general_questions.json")


def general(split: str) -> list[str]:
    """Questions of general knowledge for a split ("train" or "validation"): every
    document must refuse them. The refusal model is fitted on the train ones only."""
    raw = json.loads(GENERAL_FILE.read_text(encoding="utf-8"))
    return [str(q) for q in raw[split]]


@dataclass
class FbQuestion:
    id: str
    doc: str
    question: str
    answer: str
    pages: list[int] = field(default_factory=list)
    # FinanceBench's own kind: metrics-generated, domain-relevant or novel-generated
    kind: str = ""


def financebench(split: str) -> list[FbQuestion]:
    folder = "financebench-train" if split == "train" else "financebench"
    rows = load_jsonl(SAMPLES / folder / "questions.jsonl")
    return [
        FbQuestion(
            r["id"],
            r["doc"],
            r["question"],
            r["answer"],
            sorted({int(e["page"]) for e in r.get("evidence", []) if "page" in e}),
            r.get("type", ""),
        )
        for r in rows
    ]


def body(answer: str) -> str:
    """The answer without follow-up questions and markers."""
    for header in ("Follow-up questions:", "延伸问题："):
        answer = answer.split(header, 1)[0]
    return MARK.sub("", answer).strip()


def quotes(answer: str) -> list[str]:
    """The supporting quotes of an answer: the lines after its "Supporting quotes:" header."""
    text = body(answer)
    for header in ("Supporting quotes:", "依据原文："):
        if header in text:
            lines = text.split(header, 1)[1].splitlines()
            return [ln.lstrip("- ").strip() for ln in lines if ln.strip()]
    return []


def related(question: str, quote: str) -> bool:
    """Does a quote share content with the question: a search word (stemmed), an
    abbreviation of the question spelled out ("PPNE": "property, plant and equipment"), or
    for Chinese a pair of characters of its content words?"""
    from agent.models.expansions import aliases
    from agent.rewrite import content_terms, key_terms
    from agent.scope import stem, word_set

    words = word_set(quote)
    if any(stem(t) in words for t in key_terms(question) if not HAN_RE.match(t)):
        return True
    if any(a.used_in(quote, words) for a in aliases(question)):
        return True
    han = "".join(t for t in content_terms(question) if HAN_RE.match(t))
    return any(han[i : i + 2] in quote for i in range(len(han) - 1))


def heading_only(answer: str, sections: list[str]) -> bool:
    """The answer says nothing but a section title ("第62节米泽车站")."""
    text = re.sub(r"[\s。.]+", "", body(answer))
    return bool(text) and any(text and text in re.sub(r"\s+", "", s) for s in sections)
