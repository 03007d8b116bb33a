"""One strategy's offer: an answer (or a refusal) with the evidence it rests on, how well
it fits the question, and the check it must pass before it is given."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, get_args

from agent import prompts
from agent.evidence import Evidence, Passage
from agent.question import Question

# What a candidate is: its form, matched against the form the question asks for.
Form = Literal[
    "overview",
    "description",
    "section",
    "figure",
    "page",
    "field",
    "explanation",
    "sentence",
    "refusal",
]


@dataclass
class AnswerCandidate:
    """An answer a strategy can give. ``note`` (a figure method's "the documents do not
    say …") is part of this candidate alone: said only when this candidate is the answer."""

    strategy: str
    form: Form
    body: str  # the answer's lines, with [chunk_id] markers
    cited: list[Passage] = field(default_factory=list)
    quoted: list[str] = field(default_factory=list)  # the units' own text
    follow: list[str] | None = None  # follow-up questions; None: from the neighbourhood
    note: str = ""
    fit: float = 0.0  # how well its form answers the form asked (0 … 1)
    cover: float = 0.0  # how much of the question's focus its evidence holds (0 … 1)
    traced: float = 0.0  # how much of what it states is traced to cited cells (0 … 1)
    # the check it must pass: why it cannot be given, or ""; None: nothing to check
    verify: Callable[[], str] | None = None
    # checked by the question's own rulings (arithmetic, a period or company the
    # documents do not cover): what answers the question's words from cells or sentences
    ruled: bool = False
    # quoted with each other place stating its figures (``writing.with_sources``)
    corroborate: bool = False

    @property
    def score(self) -> float:
        """Comparable across strategies: the form fits first, then the focus covered, then
        the figures traced; a refusal is never weighed against answers (see ``compose``)."""
        return _FIT * self.fit + _COVER * self.cover + _TRACED * self.traced


_FIT = 1.0
_COVER = 0.4
_TRACED = 0.1


@dataclass(frozen=True)
class Strategy:
    """A way of answering: whether it applies to a question, and its candidates."""

    name: str
    applies: Callable[[Question], bool]
    candidates: Callable[[Question, Sequence[Evidence], prompts.Lang], list[AnswerCandidate]]
    # the forms of its answers (refusals aside): what bounds its best score, so that a
    # strategy that cannot beat an answer already found is not run (``compose``)
    forms: frozenset[Form] = frozenset(get_args(Form)) - {"refusal"}


def best_score(fit: float) -> float:
    """The highest score an answer of this fit can reach (all its focus covered, traced)."""
    return _FIT * fit + _COVER + _TRACED
