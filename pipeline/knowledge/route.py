"""Learning route: sections in reading order, each with the terms to learn there;
a term's prerequisites (terms its definition uses, the broader term it is a kind
of) always come first — topological order, chapter order as the tie-break."""

from __future__ import annotations

import heapq
import re
from collections import defaultdict

from pipeline.knowledge.analysis import TermIndex
from pipeline.knowledge.models import KnowledgeGraph, RouteStep, RouteTerm
from pipeline.knowledge.outline import left_out
from pipeline.knowledge.source import DocText
from pipeline.text import lexicon


def prerequisites(graph: KnowledgeGraph) -> dict[str, set[str]]:
    """term → the terms to know before it."""
    need: dict[str, set[str]] = defaultdict(set)
    for e in graph.edges:
        if e.type in ("defined_with", "is_a"):
            need[e.source].add(e.target)
    return need


def topological(
    terms: list[str], need: dict[str, set[str]], position: dict[str, tuple[int, int]]
) -> list[str]:
    """Kahn's algorithm with reading position as priority; a cycle is broken at the
    earliest-read term still waiting."""
    wanted = set(terms)
    deps = {t: {p for p in need.get(t, set()) if p in wanted and p != t} for t in terms}
    users: dict[str, set[str]] = defaultdict(set)
    for t, ps in deps.items():
        for p in ps:
            users[p].add(t)
    ready = [(position[t], t) for t in terms if not deps[t]]
    heapq.heapify(ready)
    done: list[str] = []
    placed: set[str] = set()
    while len(done) < len(terms):
        if not ready:  # cycle: release the earliest remaining term
            rest = min((position[t], t) for t in terms if t not in placed)
            heapq.heappush(ready, rest)
            deps[rest[1]].clear()
        _, t = heapq.heappop(ready)
        if t in placed:
            continue
        placed.add(t)
        done.append(t)
        for u in users[t]:
            deps[u].discard(t)
            if not deps[u] and u not in placed:
                heapq.heappush(ready, (position[u], u))
    return done


_SKIP = lexicon.pattern("section_titles.contents", template="^(?:{})$", flags=re.I)


def _route_sections(doc: DocText) -> list[int]:
    """Steps are sections of one tree level (a leaf stands in for its missing children):
    the shallowest level with at least 8 sections of some substance, as long as it keeps
    the route to 40 steps or fewer. No step is a section the reader's outline leaves out
    (the cover, the contents, signatures, certifications, exhibits filed after a report)."""
    out = left_out(doc)
    level = [
        s.idx for s in doc.top_sections() if not _SKIP.match(s.title.strip()) and s.idx not in out
    ]

    def substantial(secs: list[int]) -> int:
        return sum(
            1 for t in secs if sum(len(doc.sections[i].sentences) for i in doc.subtree(t)) >= 3
        )

    for _ in range(3):
        if substantial(level) >= 8:
            break
        deeper = [c for t in level for c in (doc.sections[t].children or [t])]
        deeper = [
            c for c in deeper if not _SKIP.match(doc.sections[c].title.strip()) and c not in out
        ]
        if len(deeper) > 40 or len(deeper) == len(level):
            break
        level = deeper
    return level


def _home(doc: DocText, sec: int, steps: set[int]) -> int:
    """The step a section's text belongs to: itself, the step above it, or — for a
    chapter's opening text — the first step inside it; -1 for front matter."""
    up = sec
    while up not in steps and doc.sections[up].parent is not None:
        up = doc.sections[up].parent or 0
    if up in steps:
        return up
    return next((s for s in doc.subtree(sec) if s in steps), -1)


def build_route(
    doc: DocText, idx: TermIndex, graph: KnowledgeGraph, *, max_terms: int = 60
) -> list[RouteStep]:
    step_secs = _route_sections(doc)
    steps = set(step_secs)
    order_of = {s: i + 1 for i, s in enumerate(step_secs)}
    order_of[-1] = 0
    chosen = sorted(range(len(idx.terms)), key=lambda i: -idx.terms[i].score)[:max_terms]
    by_name = {idx.terms[i].term: idx.terms[i] for i in chosen}
    position = {
        name: (order_of.get(_home(doc, t.section, steps), 0), t.section)
        for name, t in by_name.items()
    }
    need = prerequisites(graph)
    order = topological(list(by_name), need, position)
    grouped: dict[int, list[RouteTerm]] = defaultdict(list)
    step_of: dict[str, int] = {}
    for name in order:
        t = by_name[name]
        pre = sorted(p for p in need.get(name, set()) if p in by_name)
        # A term whose prerequisite is read later waits for it: it moves to that step.
        home = max([position[name][0]] + [step_of.get(p, 0) for p in pre])
        step_of[name] = home
        grouped[home].append(
            RouteTerm(term=name, page=t.page, chunk_id=t.chunk_id, prerequisites=pre)
        )
    out: list[RouteStep] = []
    if grouped.get(0) or not step_secs:
        root = doc.sections[0]
        name = root.title if not step_secs else ("引言" if doc.lang == "zh" else "Front matter")
        out.append(
            _step(
                len(out) + 1,
                name,
                "",
                (root.page_start, _first_page(doc, step_secs, root.page_end)),
                grouped.get(0, []),
            )
        )
    for sec in step_secs:
        s = doc.sections[sec]
        out.append(
            _step(
                len(out) + 1,
                s.title,
                s.label,
                (s.page_start, s.page_end),
                grouped.get(order_of[sec], []),
            )
        )
    return out


def _first_page(doc: DocText, step_secs: list[int], default: int) -> int:
    return doc.sections[step_secs[0]].page_start if step_secs else default


def _step(
    order: int, title: str, label: str, pages: tuple[int, int], terms: list[RouteTerm]
) -> RouteStep:
    lo, hi = pages
    for t in terms:
        lo, hi = min(lo, t.page), max(hi, t.page)
    return RouteStep(order=order, section=title, label=label, pages=(lo, hi), terms=terms)


def route_markdown(steps: list[RouteStep], *, lang: str = "en") -> str:
    zh = lang == "zh"
    lines = ["# " + ("学习路线" if zh else "Learning route"), ""]
    for st in steps:
        pages = f"p{st.pages[0]}" + (f"–{st.pages[1]}" if st.pages[1] != st.pages[0] else "")
        lines.append(
            f"{st.order}. **{st.section}** — " + (f"阅读 {pages}" if zh else f"read {pages}")
        )
        for t in st.terms:
            pre = ""
            if t.prerequisites:
                pre = (
                    ("（先学：" + "、".join(t.prerequisites) + "）")
                    if zh
                    else (" (after: " + ", ".join(t.prerequisites) + ")")
                )
            # under "10. " an item's content starts four columns in: three spaces would
            # end the step's list item and set its terms at the outer level
            lines.append(f"{' ' * (len(str(st.order)) + 2)}- {t.term} [p{t.page}]{pre}")
    return "\n".join(lines) + "\n"
