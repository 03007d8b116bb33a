"""Chat-model refinement of the offline results, one function per component.

The model only ever chooses among, or rewrites, items that already have evidence;
whatever it returns is validated (schema, ids in range, support in the source)
and anything unsupported is dropped, so evidence survives refinement.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

from pipeline.knowledge.llm import ChatModel, RefinementError, ask
from pipeline.knowledge.models import (
    KnowledgeGraph,
    MindNode,
    RouteStep,
    Summary,
    SummarySentence,
    Term,
)
from pipeline.knowledge.source import DocText
from pipeline.knowledge.summary import COVERAGE_TARGET, coverage
from pipeline.text.script import UNIFIED_RUN_RE


def _system(lang: str, task: str) -> str:
    if lang == "zh":
        return (
            "你是严谨的文档分析助手。只依据给出的原文材料作答，不得编造；"
            f"输出必须符合给定的结构。任务：{task}"
        )
    return (
        "You are a careful document analyst. Use only the source material given; never "
        f"invent. Answer in the required structure. Task: {task}"
    )


def _grams(text: str) -> set[str]:
    """Content units for support checks: English words, Chinese character bigrams."""
    low = text.lower()
    out = set(re.findall(r"[a-z0-9]{3,}", low))
    zh = UNIFIED_RUN_RE.findall(low)
    out |= {run[i : i + 2] for run in zh for i in range(len(run) - 1)}
    return out


def supported(claim: str, source: str, *, threshold: float = 0.5) -> bool:
    """Most of the claim's content units occur in the source text."""
    units = _grams(claim)
    return bool(units) and len(units & _grams(source)) >= threshold * len(units)


# --- terms ----------------------------------------------------------------------------------
class TermVerdict(BaseModel):
    n: int = Field(description="Number of the candidate term as listed.")
    keep: bool = Field(description="True if it is a real term of this document's subject.")
    definition: str = Field("", description="Cleaned definition taken from its sentence, or ''.")


class TermReview(BaseModel):
    items: list[TermVerdict]


def refine_terms(
    model: ChatModel, doc: DocText, terms: list[Term], *, limit: int = 60
) -> list[Term]:
    head = terms[:limit]
    listing = "\n".join(f"{i}. {t.term} — {t.sentence[:200]}" for i, t in enumerate(head))
    task = (
        "判断每个候选是否为本文档的专业术语；若句子给出定义，给出忠实于原句的简洁定义。"
        if doc.lang == "zh"
        else "Decide for each candidate whether it is a real term of the document; if its "
        "sentence defines it, give a concise definition faithful to that sentence."
    )
    review = ask(model, TermReview, _system(doc.lang, task), listing)
    verdicts = {v.n: v for v in review.items if 0 <= v.n < len(head)}
    if not verdicts:
        raise RefinementError("the model reviewed none of the candidate terms")
    out: list[Term] = []
    for i, t in enumerate(terms):
        v = verdicts.get(i)
        if v is not None and not v.keep:
            continue
        if v is not None and v.definition and supported(v.definition, t.sentence):
            out.append(t.model_copy(update={"definition": v.definition.strip()[:400]}))
        else:
            out.append(t)
    return out


# --- mind map -------------------------------------------------------------------------------
class SectionTerms(BaseModel):
    section: int
    terms: list[str]


class MindmapTerms(BaseModel):
    items: list[SectionTerms]


def refine_mindmap(
    model: ChatModel, doc: DocText, root: MindNode, candidates: dict[int, list[str]]
) -> MindNode:
    listing = "\n".join(
        f"{sec}. {doc.sections[sec].title}: {', '.join(names)}"
        for sec, names in candidates.items()
        if names and sec < len(doc.sections)
    )
    task = (
        "为每个章节从候选中选出最多4个关键术语。"
        if doc.lang == "zh"
        else ("For each section pick at most 4 key terms from its candidates.")
    )
    answer = ask(model, MindmapTerms, _system(doc.lang, task), listing)
    chosen = {
        it.section: [t for t in it.terms if t in candidates.get(it.section, [])][:4]
        for it in answer.items
    }

    def walk(node: MindNode) -> MindNode:
        terms = chosen.get(node.section) or node.terms
        return node.model_copy(
            update={"terms": terms, "children": [walk(c) for c in node.children]}
        )

    return walk(root)


# --- graph ----------------------------------------------------------------------------------
class EdgeLabel(BaseModel):
    n: int
    type: Literal["is_a", "part_of", "defined_with", "co_occurs", "none"]


class EdgeLabels(BaseModel):
    items: list[EdgeLabel]


def refine_graph(
    model: ChatModel, doc: DocText, graph: KnowledgeGraph, *, limit: int = 40
) -> KnowledgeGraph:
    todo = [i for i, e in enumerate(graph.edges) if e.type == "co_occurs" and e.evidence][:limit]
    if not todo:
        return graph
    lines = []
    for k, i in enumerate(todo):
        e = graph.edges[i]
        lines.append(f"{k}. {e.source} | {e.target} | {e.evidence[0].sentence}")
    listing = "\n".join(lines)
    task = (
        "根据句子判断前一个术语与后一个术语的关系：is_a（是一种）、part_of（是其一部分）、"
        "defined_with（定义中用到）、co_occurs（仅同现）或 none（无关）。"
        if doc.lang == "zh"
        else "From the sentence, label how the first term relates to the second: is_a, "
        "part_of, defined_with, co_occurs (merely together) or none."
    )
    labels = ask(model, EdgeLabels, _system(doc.lang, task), listing)
    edges = list(graph.edges)
    drop: set[int] = set()
    for lab in labels.items:
        if not 0 <= lab.n < len(todo):
            continue
        i = todo[lab.n]
        if lab.type == "none":
            drop.add(i)
        else:
            edges[i] = edges[i].model_copy(update={"type": lab.type})
    return graph.model_copy(update={"edges": [e for i, e in enumerate(edges) if i not in drop]})


# --- route ----------------------------------------------------------------------------------
class StepNote(BaseModel):
    order: int
    note: str = Field(description="One sentence: what to focus on in this step.")


class RouteNotes(BaseModel):
    items: list[StepNote]


def refine_route(model: ChatModel, doc: DocText, steps: list[RouteStep]) -> list[RouteStep]:
    listing = "\n".join(
        f"{st.order}. {st.section}: {', '.join(t.term for t in st.terms[:12])}" for st in steps
    )
    task = (
        "为每一步写一句学习要点（只依据所列术语）。"
        if doc.lang == "zh"
        else ("Write one sentence per step on what to focus on, using only the listed terms.")
    )
    notes = ask(model, RouteNotes, _system(doc.lang, task), listing)
    by_order = {n.order: n.note.strip()[:300] for n in notes.items}
    return [st.model_copy(update={"note": by_order.get(st.order, st.note)}) for st in steps]


# --- summary --------------------------------------------------------------------------------
class CitedSentence(BaseModel):
    text: str
    cites: list[int] = Field(description="Numbers of the source sentences that support it.")


class Overview(BaseModel):
    sentences: list[CitedSentence]


def refine_summary(model: ChatModel, doc: DocText, summary: Summary) -> Summary:
    sources = list(summary.overview)
    for sec in summary.sections:
        sources += [s for s in sec.sentences if s not in sources][:1]
    sources = sources[:80]
    listing = "\n".join(f"{i}. {s.citation} {s.text}" for i, s in enumerate(sources))
    task = (
        "把下列原文句子写成连贯的全文摘要；每句必须注明所依据的原文句子编号。"
        if doc.lang == "zh"
        else "Write a coherent overview from these source sentences; every sentence must "
        "list the numbers of the source sentences it rests on."
    )
    answer = ask(model, Overview, _system(doc.lang, task), listing)
    overview: list[SummarySentence] = []
    for cs in answer.sentences:
        cited = [sources[c] for c in cs.cites if 0 <= c < len(sources)]
        if cited and supported(cs.text, " ".join(s.text for s in cited), threshold=0.6):
            first = cited[0]
            # The model writes one connected account: shown as a paragraph, not as points
            overview.append(first.model_copy(update={"text": cs.text.strip(), "heading": ""}))
    if not overview:
        raise RefinementError("no sentence of the model's overview was supported by its sources")
    share, left_out = coverage(doc, overview)
    if share < min(summary.coverage, COVERAGE_TARGET):
        raise RefinementError(f"the model's overview covers {share:.0%} of the top-level sections")
    return summary.model_copy(
        update={"overview": overview, "coverage": share, "left_out": left_out}
    )
