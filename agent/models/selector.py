"""The fitted sentence selector over ``feature_vector.FEATURES``: a listwise ranker (which
unit answers best) and a logistic support model (the probability that a unit answers at all).

``bench/fit_selector.py`` fits it on the training split (FinanceBench-train gold evidence,
CMRC trial articles 0–127 answer spans, and the same questions asked of documents that do
not address them) and writes ``data/selector.json``: the feature scaling, the weights, and
the thresholds fitted with them — the share of the best probability a supporting unit
needs, and the probability at which the planner stops searching — and the refusal model:
a logistic model over the question as a whole (its first-ranked unit's features, the best
support probability, the most any candidate's own words and section title say of the
question), fitted on the same questions asked of documents that do and do not address
them; below its threshold (fitted on out-of-fold probabilities) the answer is a refusal.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agent.models.feature_vector import FEATURES

DATA = Path(__file__).with_name("data") / "selector.json"


class SelectorDataError(RuntimeError):
    """The selector's weights file is missing or does not match the features."""


@dataclass(frozen=True)
class Refusal:
    """Does the turn answer the question at all (over ``question_vector``)."""

    mean: tuple[float, ...]
    scale: tuple[float, ...]
    coef: tuple[float, ...]
    intercept: float
    threshold: float

    def probability(self, v: Sequence[float]) -> float:
        z = self.intercept + sum(
            c * (x - m) / s for x, m, s, c in zip(v, self.mean, self.scale, self.coef, strict=True)
        )
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


_TITLED, _OVERLAP = FEATURES.index("titled"), FEATURES.index("overlap")
# What the first-ranked unit says of how much of the question the turn speaks to (a few
# features, so the question-level model, fitted on a few hundred questions, generalises).
REFUSAL_FEATURES = (
    "overlap",
    "cover",
    "absent",
    "holds_none",
    "rarest",
    "section",
    "titled",
    "chars",
    "bigrams",
    "focus",
    "names_kept",
)
_REFUSAL_COLUMNS = tuple(FEATURES.index(f) for f in REFUSAL_FEATURES)


def question_vector(
    rows: Sequence[Sequence[float]],
    probs: Sequence[float],
    ranks: Sequence[float],
    left: Sequence[float],
) -> list[float]:
    """What the refusal model reads of a question's candidates (at least one): the
    first-ranked unit's ``REFUSAL_FEATURES``, the best support probability, the most any
    candidate's section title and own words say of the question, and how rare the rarest
    question word is that the first-ranked unit's passage leaves out and the least any
    candidate's passage leaves out (``left``, ``features.missed``: read by this model only,
    not by the ranker, so it weighs whether to answer, not which sentence)."""
    top = max(range(len(rows)), key=lambda i: ranks[i])
    return [
        *(rows[top][j] for j in _REFUSAL_COLUMNS),
        max(probs),
        max(r[_TITLED] for r in rows),
        max(r[_OVERLAP] for r in rows),
        left[top],
        min(left),
    ]


@dataclass(frozen=True)
class Selector:
    features: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    coef: tuple[float, ...]
    intercept: float
    rank_coef: tuple[float, ...]
    refuse_below: float
    keep_ratio: float
    confident: float
    refusal: Refusal | None = None

    def answers(
        self,
        rows: Sequence[Sequence[float]],
        probs: Sequence[float],
        ranks: Sequence[float],
        left: Sequence[float],
    ) -> bool:
        """Does the best of these candidates answer the question, or is it a refusal?"""
        if self.refusal is None:
            return max(probs) >= self.refuse_below
        v = question_vector(rows, probs, ranks, left)
        return self.refusal.probability(v) >= self.refusal.threshold

    def probability(self, x: Sequence[float]) -> float:
        """How likely the unit answers the question at all (fitted with refusals)."""
        z = self.intercept + self._dot(x, self.coef)
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))

    def rank(self, x: Sequence[float]) -> float:
        """How well the unit answers compared with the question's other candidates."""
        return self._dot(x, self.rank_coef)

    def _dot(self, x: Sequence[float], w: Sequence[float]) -> float:
        return sum(c * (v - m) / s for v, m, s, c in zip(x, self.mean, self.scale, w, strict=True))


def from_dict(raw: dict[str, object]) -> Selector:
    feats = tuple(str(f) for f in raw["features"])  # type: ignore[attr-defined]
    if feats != FEATURES:
        raise SelectorDataError(
            f"{DATA} was fitted for other features; refit it: python bench/fit_selector.py"
        )

    def floats(key: str) -> tuple[float, ...]:
        return tuple(float(v) for v in raw[key])  # type: ignore[attr-defined]

    refusal = raw.get("refusal")
    return Selector(
        refusal=_refusal(refusal) if isinstance(refusal, dict) else None,
        features=feats,
        mean=floats("mean"),
        scale=floats("scale"),
        coef=floats("coef"),
        intercept=float(raw["intercept"]),  # type: ignore[arg-type]
        rank_coef=floats("rank_coef"),
        refuse_below=float(raw["refuse_below"]),  # type: ignore[arg-type]
        keep_ratio=float(raw["keep_ratio"]),  # type: ignore[arg-type]
        confident=float(raw["confident"]),  # type: ignore[arg-type]
    )


def _refusal(raw: dict[str, object]) -> Refusal:
    def floats(key: str) -> tuple[float, ...]:
        return tuple(float(v) for v in raw[key])  # type: ignore[attr-defined]

    mean = floats("mean")
    if len(mean) != len(REFUSAL_FEATURES) + 5:
        raise SelectorDataError(
            f"{DATA} has a refusal model for other features; refit it: python bench/fit_selector.py"
        )
    return Refusal(
        mean=mean,
        scale=floats("scale"),
        coef=floats("coef"),
        intercept=float(raw["intercept"]),  # type: ignore[arg-type]
        threshold=float(raw["threshold"]),  # type: ignore[arg-type]
    )


@cache
def selector() -> Selector:
    try:
        raw = json.loads(DATA.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise SelectorDataError(
            f"cannot read the selector weights {DATA}; restore it from the repository or "
            "refit it: python bench/fit_selector.py"
        ) from e
    return from_dict(raw)
