"""What other packages may ask of the knowledge components (the agent's lookup_term).

Contract between knowledge (issue 5) and the agent (issue 4): extend, don't break.
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


def lookup_terms(db: Database, doc_ids: Sequence[str], term: str, *, k: int = 3) -> list[TermMatch]:
    """Exact / alias matches of ``term`` in the term base of these documents (best first).

    Placeholder until the term base exists: returns nothing, so callers fall back to search.
    """
    return []


KnowledgeComponent = Literal["terms", "mindmap", "graph", "route", "summary"]


class ComponentView(BaseModel):
    """A knowledge component ready to show: what the UI and `cli.py export` read."""

    component: KnowledgeComponent
    markdown: str = Field(description="Readable rendering; every item cites its page.")
    svg: str | None = Field(None, description="Diagram (mind map, graph), offline-rendered.")
    data: dict[str, Any] = Field(default_factory=dict, description="Structured JSON result.")


def load_view(db: Database, doc_id: str, component: KnowledgeComponent) -> ComponentView | None:
    """The stored result of a component, or None when it has not been produced.

    Placeholder until the knowledge components exist.
    """
    return None


def list_terms(db: Database, doc_id: str) -> list[TermMatch]:
    """All extracted terms of a document, ranked. Placeholder until the term base exists."""
    return []
