"""The review's typed state: plan (sub-goals, steps), tool calls, findings, the report."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pipeline.perceive.models import BlockLabel, Credibility

Lang = Literal["zh", "en"]
StepState = Literal["pending", "done", "failed", "fallback"]
Box = tuple[float, float, float, float]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SubGoal(_Model):
    """A candidate sub-goal with its score = value × (1 − risk) / cost and why."""

    id: str = Field(description="Catalogue id of the sub-goal kind ('obligations', …).")
    title: str
    tool: str
    value: float = Field(description="Relevance to the goal and presence in the document, 0..1.")
    cost: float = Field(description="Estimated work: 1 + tool calls / 10 (OCR, tables weigh more).")
    risk: float = Field(description="Stored failure rate of this kind of sub-goal, 0..1.")
    score: float
    why: str = ""
    rules: list[int] = Field(default_factory=list, description="Stored rules that moved it.")


class Step(_Model):
    id: str
    subgoal: str
    tool: str
    title: str
    depends_on: list[str] = Field(default_factory=list)
    state: StepState = "pending"
    note: str = ""


class Plan(_Model):
    goal: str
    lang: Lang
    candidates: list[SubGoal]
    chosen: list[str] = Field(description="Ids of the sub-goals run, in order.")
    steps: list[Step]
    rules: list[int] = Field(default_factory=list, description="Rules loaded for this plan.")


class ToolCall(_Model):
    tool: str
    args: str
    ok: bool
    seconds: float
    fallback: bool = False
    error: str = ""


class Citation(_Model):
    doc_id: str
    page: int
    section: str = Field("", description="'§3.2', '第十二条' or a short heading.")
    block: int = Field(description="Block number the quote comes from.")
    chunk_id: str | None = None
    box: Box | None = None
    quote: str = Field("", description="The exact source span the finding rests on.")

    @property
    def label(self) -> str:
        return f"[p{self.page}, {self.section}]" if self.section else f"[p{self.page}]"


class Finding(_Model):
    subgoal: str
    text: str
    citation: Citation
    label: BlockLabel = "other"
    credibility: Credibility = "verbatim"
    supported: bool = True
    flagged: bool = Field(False, description="Kept but marked: evidence insufficient.")
    unit: str = Field("", description="The section / clause unit it covers.")
    cells: list[str] = Field(
        default_factory=list, description="A table row's cells, label first (a row finding)."
    )
    score: float = Field(0.0, description="Relevance to its sub-goal, 0..1 (relevance.py).")


class Coverage(_Model):
    """What the goal asks for and what the report found of it: the asked parts (sub-goals
    the goal names) with a relevant finding, those without one named in ``left_out``; and
    how many of the sections holding relevant findings the short report shows, the others
    named in ``sections_left_out`` (they are in the full list)."""

    relevant: int = Field(description="Parts the goal asks for.")
    covered: int = Field(description="Asked parts with at least one relevant finding.")
    ratio: float
    left_out: list[str] = Field(default_factory=list, description="Asked parts not found.")
    asked: list[str] = Field(default_factory=list, description="The parts the goal asks for.")
    sections: int = Field(0, description="Sections holding relevant findings.")
    sections_shown: int = Field(0, description="Of those, the ones the short report shows.")
    sections_left_out: list[str] = Field(default_factory=list)


class Report(_Model):
    goal: str
    doc_id: str
    doc_name: str
    lang: Lang
    plan: Plan
    findings: list[Finding]
    coverage: Coverage
    claims: int = 0
    claims_supported: int = 0
    removed: int = 0
    shown: int = Field(
        0, description="The first `shown` findings (ranked) are the short report; all are kept."
    )
    more: int = Field(
        0, description="Findings judged relevant beyond the ones listed (the cap): counted only."
    )
    dropped: dict[str, int] = Field(
        default_factory=dict,
        description="Candidates dropped, by reason ('boilerplate: signature', 'not relevant', "
        "'duplicate', 'unsupported').",
    )
    calls: list[ToolCall] = Field(default_factory=list)
    rules_created: list[str] = Field(default_factory=list)
    notices: list[str] = Field(default_factory=list)
    refined_by: str = Field("offline", description="'offline' or the chat model that refined it.")
    seconds: float = 0.0

    @property
    def supported_ratio(self) -> float:
        """Share of the findings whose cited span states the claim (none listed: none)."""
        return self.claims_supported / self.claims if self.claims else 0.0
