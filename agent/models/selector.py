"""The fitted sentence selector over ``features.FEATURES``: a listwise ranker (which unit
answers best) and a logistic support model (the probability that a unit answers at all).

``bench/fit_selector.py`` fits it on the training split (FinanceBench-train gold evidence,
CMRC trial articles 0–127 answer spans, and the same questions asked of documents that do
not address them) and writes ``data/selector.json``: the feature scaling, the weights, and
the thresholds fitted with them — the probability below which the best unit is no answer
(a refusal), the share of the best probability a supporting unit needs, and the
probability at which the planner stops searching.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agent.models.features import FEATURES

DATA = Path(__file__).with_name("data") / "selector.json"


class SelectorDataError(RuntimeError):
    """The selector's weights file is missing or does not match the features."""


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

    return Selector(
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
