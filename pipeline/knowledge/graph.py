"""Knowledge graph: terms as nodes; typed edges with evidence.

Relations, strongest first: ``defined_with`` (B appears in A's definition),
``is_a`` and ``part_of`` (cue words between two terms of one sentence),
``co_occurs`` (same sentence, at least twice) and ``same_section`` (both key
terms of one section). Centrality is PageRank over the weighted graph.
"""

from __future__ import annotations

import re
from collections import defaultdict

import numpy as np

from pipeline.knowledge.analysis import TermIndex, section_key_terms
from pipeline.knowledge.models import Evidence, GraphEdge, GraphNode, KnowledgeGraph, RelationType
from pipeline.knowledge.source import DocText, Sentence
from pipeline.text import lexicon

_WEIGHT: dict[RelationType, float] = {
    "defined_with": 3.0,
    "is_a": 3.0,
    "part_of": 3.0,
    "co_occurs": 1.0,
    "same_section": 0.5,
}
# Text between A and B (A first) → relation of A to B.
_A_IS_B = re.compile(
    r"^[\s，,“”\"]*(?:是|为|属于|乃)(?:"
    + lexicon.alternation("relations.classifiers_zh")
    + r")?[^，,；;。]{0,12}$"
    r"|^[\s,]*(?:is|are)\s+(?:an?\s+|one\s+of\s+the\s+)?(?:(?:kind|type|form|class|sort)s?\s+of\s+)?"
    r"(?:[\w\-]+\s+){0,3}$",
    re.I,
)
_A_PART_B = re.compile(
    r"^[\s，,]*(?:是|为)$|^[\s,]*(?:is|are)\s+(?:an?\s+)?part\s+of\s+(?:the\s+)?$", re.I
)
_AFTER_PART = re.compile(r"^(?:的)?(?:组成部分|一部分|部分|构成要素)")
_AFTER_IS_A = lexicon.pattern(
    "relations.after_kind_en",
    template=r"^(?:的一种|的一类|之一|的一个分支|[，,。；;.]|\s+(?:{})\b|$)",
)
# Text between B and A (B first) → A is_a / part_of B.
_B_HAS_A_KIND = re.compile(
    r"^[\s，,（(]*(?:"
    + lexicon.alternation("relations.examples_of", space=r"\s+")
    + r"|e\.g\.,?|for\s+example,?)\s*[^。.；;]{0,40}$",
    re.I,
)
_B_HAS_A_PART = re.compile(
    r"^[\s，,]*(?:由|consists?\s+of|is\s+composed\s+of|comprises?|contains?)\s*[^。.；;]{0,40}$",
    re.I,
)


def _ev(doc: DocText, s: Sentence) -> Evidence:
    return Evidence(
        chunk_id=s.chunk_id,
        page=s.page,
        sentence=s.text[:240],
        section=doc.sections[s.section].label,
    )


def _relation(
    text: str, a: tuple[int, int, int], b: tuple[int, int, int]
) -> tuple[int, int, RelationType] | None:
    """Typed relation between two matches of one sentence (a before b), oriented child→parent."""
    between = text[a[1] : b[0]]
    after = text[b[1] : b[1] + 12]
    if _A_PART_B.match(between) and _AFTER_PART.match(after):
        return a[2], b[2], "part_of"
    if _A_IS_B.match(between) and _AFTER_IS_A.match(after):
        return a[2], b[2], "is_a"
    if _B_HAS_A_KIND.match(between):
        return b[2], a[2], "is_a"
    if _B_HAS_A_PART.match(between):
        return b[2], a[2], "part_of"
    return None


class _Edges:
    def __init__(self) -> None:
        self.items: dict[tuple[int, int, RelationType], tuple[float, list[Evidence]]] = {}

    def add(self, a: int, b: int, kind: RelationType, ev: Evidence | None, w: float = 1.0) -> None:
        if a == b:
            return
        if kind in ("co_occurs", "same_section") and a > b:
            a, b = b, a
        weight, evs = self.items.get((a, b, kind), (0.0, []))
        if ev is not None and len(evs) < 3 and all(e.sentence != ev.sentence for e in evs):
            evs.append(ev)
        self.items[(a, b, kind)] = (weight + w, evs)


def _sentence_edges(doc: DocText, idx: TermIndex, edges: _Edges) -> None:
    for s_idx, found in idx.by_sentence.items():
        s = doc.sentences[s_idx]
        distinct = list(dict.fromkeys(m[2] for m in found))
        if len(distinct) < 2:
            continue
        ev = _ev(doc, s)
        for i, a in enumerate(found):
            for b in found[i + 1 : i + 4]:
                rel = _relation(s.text, a, b)
                if rel:
                    edges.add(rel[0], rel[1], rel[2], ev)
        for i, a_id in enumerate(distinct[:8]):
            for b_id in distinct[i + 1 : 8]:
                edges.add(a_id, b_id, "co_occurs", ev)


def _definition_edges(doc: DocText, idx: TermIndex, edges: _Edges) -> None:
    for ti, t in enumerate(idx.terms):
        if not t.definition:
            continue
        ev = Evidence(chunk_id=t.chunk_id, page=t.page, sentence=t.sentence[:240])
        for other in idx.in_text(t.definition):
            edges.add(ti, other, "defined_with", ev)


def _pagerank(n: int, weighted: list[tuple[int, int, float]], damping: float = 0.85) -> np.ndarray:
    if n == 0:
        return np.zeros(0)
    m = np.zeros((n, n))
    for a, b, w in weighted:
        m[a, b] += w
        m[b, a] += w
    out = m.sum(axis=1)
    m = np.divide(m, out[:, None], out=np.full_like(m, 1.0 / n), where=out[:, None] > 0)
    rank = np.full(n, 1.0 / n)
    for _ in range(50):
        rank = (1 - damping) / n + damping * (rank @ m)
    return np.asarray(rank / rank.max())


def build_graph(doc: DocText, idx: TermIndex, *, max_nodes: int = 150) -> KnowledgeGraph:
    edges = _Edges()
    _definition_edges(doc, idx, edges)
    _sentence_edges(doc, idx, edges)
    for sec, keys in section_key_terms(doc, idx, per_section=4).items():
        if sec == 0:
            continue
        head = doc.sections[sec]
        ev = Evidence(
            chunk_id=head.chunk_id or doc.first_chunk,
            page=head.page_start,
            section=head.label,
            sentence=head.title,
        )
        for i, a in enumerate(keys):
            for b in keys[i + 1 :]:
                edges.add(a, b, "same_section", ev)
    kept = {k: v for k, v in edges.items.items() if k[2] != "co_occurs" or v[0] >= 2}
    weighted = [(a, b, _WEIGHT[kind] * min(w, 5.0)) for (a, b, kind), (w, _) in kept.items()]
    rank = _pagerank(len(idx.terms), weighted)
    order = sorted(range(len(idx.terms)), key=lambda i: (-rank[i], i))[:max_nodes]
    chosen = set(order)
    nodes = [
        GraphNode(
            term=idx.terms[i].term,
            centrality=round(float(rank[i]), 4),
            page=idx.terms[i].page,
            chunk_id=idx.terms[i].chunk_id,
            definition=idx.terms[i].definition,
        )
        for i in order
    ]
    out_edges = [
        GraphEdge(
            source=idx.terms[a].term, target=idx.terms[b].term, type=kind, weight=w, evidence=evs
        )
        for (a, b, kind), (w, evs) in sorted(
            kept.items(), key=lambda kv: -_WEIGHT[kv[0][2]] * kv[1][0]
        )
        if a in chosen and b in chosen
    ]
    return KnowledgeGraph(nodes=nodes, edges=out_edges)


def graph_markdown(graph: KnowledgeGraph, *, lang: str = "en", max_edges: int = 120) -> str:
    zh = lang == "zh"
    lines = ["# " + ("知识图谱" if zh else "Knowledge graph"), ""]
    lines.append("## " + ("核心术语" if zh else "Central terms"))
    for nd in graph.nodes[:30]:
        d = f" — {nd.definition[:120]}" if nd.definition else ""
        lines.append(f"- **{nd.term}** ({nd.centrality:.2f}, p{nd.page}){d}")
    by_type: dict[str, list[GraphEdge]] = defaultdict(list)
    for e in graph.edges[:max_edges]:
        by_type[e.type].append(e)
    for kind in ("defined_with", "is_a", "part_of", "co_occurs", "same_section"):
        if not by_type.get(kind):
            continue
        lines += ["", f"## {kind}"]
        for e in by_type[kind]:
            ev = e.evidence[0] if e.evidence else None
            where = f" [p{ev.page}]" if ev else ""
            quote = ""
            if ev and ev.sentence and kind not in ("co_occurs", "same_section"):
                quote = f" — “{ev.sentence[:160]}”"
            lines.append(f"- {e.source} → {e.target}{where}{quote}")
    return "\n".join(lines) + "\n"
