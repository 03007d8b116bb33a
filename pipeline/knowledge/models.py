"""Typed results of the knowledge components; every item carries its evidence."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

TermSource = Literal["definition", "alias", "glossary", "emphasis", "keyphrase", "heading", "llm"]
RelationType = Literal["defined_with", "is_a", "part_of", "co_occurs", "same_section"]


class Evidence(BaseModel):
    """Where something was read: the chunk, its page and the sentence itself."""

    chunk_id: str
    page: int
    sentence: str = ""
    section: str = Field("", description="Label of the section, e.g. '§3.2' or its title.")


class Term(BaseModel):
    term: str
    aliases: list[str] = Field(default_factory=list)
    definition: str = Field("", description="Empty when the document gives none.")
    sentence: str = Field("", description="The sentence the definition (or term) came from.")
    chunk_id: str
    page: int
    score: float = 0.0
    sources: list[TermSource] = Field(default_factory=list)
    frequency: int = Field(0, description="Occurrences in the document's prose.")
    section: int = Field(0, description="Index of the section where it is introduced.")
    evidence: list[Evidence] = Field(default_factory=list, description="More occurrences.")


class MindNode(BaseModel):
    title: str
    level: int = Field(description="0 for the document, heading level below.")
    section: int = Field(-1, description="Section index; -1 for the root.")
    label: str = ""
    page_start: int = 1
    page_end: int = 1
    chunk_id: str | None = None
    terms: list[str] = Field(default_factory=list)
    children: list[MindNode] = Field(default_factory=list)


class GraphNode(BaseModel):
    term: str
    centrality: float = 0.0
    page: int = 1
    chunk_id: str = ""
    definition: str = ""


class GraphEdge(BaseModel):
    source: str
    target: str
    type: RelationType
    weight: float = 1.0
    evidence: list[Evidence] = Field(default_factory=list)


class KnowledgeGraph(BaseModel):
    nodes: list[GraphNode] = Field(default_factory=list)
    edges: list[GraphEdge] = Field(default_factory=list)


class RouteTerm(BaseModel):
    term: str
    page: int
    chunk_id: str
    prerequisites: list[str] = Field(default_factory=list)


class RouteStep(BaseModel):
    order: int
    section: str
    label: str = ""
    pages: tuple[int, int]
    terms: list[RouteTerm] = Field(default_factory=list)
    note: str = ""


class SummarySentence(BaseModel):
    text: str
    page: int
    section: str = Field(description="Section label used in the citation, e.g. '§3.2'.")
    chunk_id: str
    section_index: int = Field(0, description="Index of the cited section in the heading tree.")
    heading: str = Field(
        "", description="The main section this overview point stands for; '' for the opening."
    )

    @property
    def citation(self) -> str:
        return f"[p{self.page}, {self.section}]"


class SectionSummary(BaseModel):
    section: int
    title: str
    label: str
    level: int
    sentences: list[SummarySentence] = Field(default_factory=list)


class Summary(BaseModel):
    title: str = Field("", description="The document's name as a reader says it (its heading).")
    overview: list[SummarySentence] = Field(default_factory=list)
    sections: list[SectionSummary] = Field(default_factory=list)
    coverage: float = Field(1.0, description="Share of top-level sections the overview cites.")
    left_out: list[str] = Field(default_factory=list, description="Top sections not covered.")


class Refinement(BaseModel):
    """What the chat model did to a component's offline result."""

    status: Literal["off", "applied", "failed"] = "off"
    model: str = ""
    notice: str = ""
