"""What other packages may ask of the knowledge components (the agent's lookup_term,
the UI and ``cli.py export``).

Contract between knowledge (issue 5) and the agent (issue 4) / UI (issue 6): extend,
don't break.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field

from pipeline.store.db import Database


class TermMatch(BaseModel):
    term: str
    aliases: list[str] = Field(default_factory=list)
    definition: str = ""
    sentence: str = Field("", description="The sentence the definition was taken from.")
    doc_id: str
    chunk_id: str
    page: int
    score: float = 1.0


KnowledgeComponent = Literal["terms", "mindmap", "graph", "route", "summary"]


class ComponentView(BaseModel):
    """A knowledge component ready to show: what the UI and `cli.py export` read."""

    component: KnowledgeComponent
    markdown: str = Field(description="Readable rendering; every item cites its page.")
    svg: str | None = Field(None, description="Diagram (mind map, graph), offline-rendered.")
    data: dict[str, Any] = Field(default_factory=dict, description="Structured JSON result.")
    refinement: dict[str, Any] = Field(
        default_factory=dict,
        description="Whether a chat model refined the offline result: status, model, notice.",
    )


def _match(doc_id: str, term: Any, score: float) -> TermMatch:
    return TermMatch(
        term=term.term,
        aliases=term.aliases,
        definition=term.definition,
        sentence=term.sentence,
        doc_id=doc_id,
        chunk_id=term.chunk_id,
        page=term.page,
        score=score,
    )


def lookup_terms(db: Database, doc_ids: Sequence[str], term: str, *, k: int = 3) -> list[TermMatch]:
    """Exact / alias matches of ``term`` in the term base of these documents (best first).

    Variants match too: case, full-width forms, plurals, hyphens, quotes, and the other
    language where the document gives one ("信息熵（information entropy）"). When nothing
    matches exactly, terms containing the query (or contained in it) follow with a
    lower score; an empty list means the caller should fall back to search.
    """
    from pipeline.knowledge.store import find_terms, load_terms
    from pipeline.knowledge.terms import norm_key

    key = norm_key(term)
    if not key or not doc_ids:
        return []
    exact = [
        _match(d, t, 1.0 if kind == "term" else 0.9) for d, t, kind in find_terms(db, doc_ids, key)
    ]
    if exact:
        return sorted(exact, key=lambda m: -m.score)[:k]
    partial: list[TermMatch] = []
    for d in doc_ids:
        for t in load_terms(db, d):
            names = [norm_key(n) for n in [t.term, *t.aliases]]
            if any(len(n) >= 2 and len(key) >= 2 and (key in n or n in key) for n in names):
                closeness = max(min(len(n), len(key)) / max(len(n), len(key)) for n in names)
                partial.append(_match(d, t, round(0.5 * closeness, 3)))
    partial.sort(key=lambda m: -m.score)
    return partial[:k]


def load_view(db: Database, doc_id: str, component: KnowledgeComponent) -> ComponentView | None:
    """The stored result of a component, or None when it has not been produced."""
    from pipeline.knowledge.store import load_stored_view

    stored = load_stored_view(db, doc_id, component)
    if stored is None:
        return None
    return ComponentView(
        component=component,
        markdown=stored.markdown,
        svg=stored.svg,
        data=stored.data,
        refinement=stored.refinement.model_dump(mode="json"),
    )


def render_png(view: ComponentView, *, zoom: float = 1.5) -> bytes | None:
    """The view's diagram as PNG (offline; Chinese renders with PyMuPDF's CJK font)."""
    from pipeline.knowledge.render import to_png

    return to_png(view.svg, zoom=zoom) if view.svg else None


def list_terms(db: Database, doc_id: str) -> list[TermMatch]:
    """All extracted terms of a document, ranked."""
    from pipeline.knowledge.store import load_terms

    return [_match(doc_id, t, t.score) for t in load_terms(db, doc_id)]
