"""Where each term occurs: per sentence and per section (shared by mind map, graph, route)."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from pipeline.knowledge.matcher import TermMatcher
from pipeline.knowledge.models import Term
from pipeline.knowledge.source import DocText


@dataclass
class TermIndex:
    terms: list[Term]
    matcher: TermMatcher
    occurrences: list[list[int]] = field(default_factory=list)
    by_sentence: dict[int, list[tuple[int, int, int]]] = field(default_factory=dict)
    section_counts: list[Counter[int]] = field(default_factory=list)

    def in_text(self, text: str) -> list[int]:
        return list(dict.fromkeys(ident for _, _, ident in self.matcher.find(text)))


def index_terms(doc: DocText, terms: list[Term]) -> TermIndex:
    surfaces: dict[str, int] = {}
    for i, t in enumerate(terms):
        for name in [t.term, *t.aliases]:
            surfaces.setdefault(name, i)
    idx = TermIndex(terms, TermMatcher(surfaces))
    idx.occurrences = [[] for _ in terms]
    idx.section_counts = [Counter() for _ in terms]
    for s in doc.sentences:
        found = idx.matcher.find(s.text)
        if not found:
            continue
        idx.by_sentence[s.idx] = found
        for ident in dict.fromkeys(i for _, _, i in found):
            idx.occurrences[ident].append(s.idx)
            idx.section_counts[ident][s.section] += 1
    return idx


def section_key_terms(
    doc: DocText, idx: TermIndex, *, per_section: int = 5
) -> dict[int, list[int]]:
    """The terms most characteristic of each section: frequent there, rare elsewhere,
    and defined there."""
    n_sections = max(1, len(doc.sections))
    spread = [len(c) for c in idx.section_counts]
    scores: dict[int, list[tuple[float, int]]] = defaultdict(list)
    for ti, counts in enumerate(idx.section_counts):
        idf = math.log(1 + n_sections / max(1, spread[ti]))
        for sec, c in counts.items():
            bonus = 2.0 if idx.terms[ti].section == sec else 0.0
            scores[sec].append((c * idf + bonus + 0.1 * idx.terms[ti].score, ti))
    out: dict[int, list[int]] = {}
    for sec, items in scores.items():
        items.sort(key=lambda x: (-x[0], x[1]))
        out[sec] = [ti for _, ti in items[:per_section]]
    return out
