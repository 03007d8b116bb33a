"""A margin's move asked in points: "By how many percentage points did the operating
margin widen in 2024 relative to 2023?", "How did the gross margin move …, in basis
points?". The answer works the margin for both years and their difference in points (a
level alone, or a percent growth of the margin, answers another question)."""

from __future__ import annotations

import re

_POINTS = re.compile(
    r"\b(?:percentage|basis)[- ]points?\b|\bpp\b|\bbps\b|\bhow many points\b|"
    r"\bpoints?\b(?= (?:of|did|has|have|was|were)\b)",
    re.I,
)
# a margin's move said by its verb ("widened", "narrowed", "expanded", "compressed")
_MOVE = re.compile(r"\b(?:widen|narrow|expand|contract|compress)(?:ed|s|ing)?\b", re.I)


def asks_points(question: str) -> bool:
    """Does the question ask how far a percentage moved, in points or by a verb of a
    margin's move?"""
    return bool(_POINTS.search(question) or _MOVE.search(question))
