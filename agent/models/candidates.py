"""A judged unit and the judgement over them: the types every answering strategy reads.

They live apart from ``judge.py`` so that the helpers ``judge`` calls (``subject``,
``kind_lead``) can name them without importing the judge.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agent.evidence import Passage, Unit


@dataclass
class Candidate:
    passage: Passage
    unit: Unit
    score: float
    matched: frozenset[str]
    order: int
    cover: float = 0.0  # how much of the question the unit's passage speaks to
    left: float = 0.0  # the rarest question word its passage leaves out (``features.missed``)
    features: tuple[float, ...] = ()
    rank: float = 0.0  # the ranker's score: the order among the candidates


@dataclass
class Judgement:
    """What the evidence supports: the chosen units, or why there is no answer."""

    chosen: list[Candidate] = field(default_factory=list)
    best: float = 0.0
    missing_names: list[str] = field(default_factory=list)
    uncovered: list[str] = field(default_factory=list)
    nearest: Candidate | None = None  # a refusal's first-ranked unit: what is said nearest
    written: list[Candidate] = field(default_factory=list)  # ``chosen`` in the answer's order

    @property
    def answerable(self) -> bool:
        return bool(self.chosen) and not self.missing_names
