"""Rank fusion (pure functions): weighted reciprocal-rank fusion and page diversity."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence


def rrf(lists: Sequence[tuple[float, Sequence[str]]], k: int) -> dict[str, float]:
    """Weighted RRF: sum over lists of weight / (k + rank)."""
    scores: dict[str, float] = defaultdict(float)
    for weight, ids in lists:
        if weight <= 0:
            continue
        for rank, cid in enumerate(ids, start=1):
            scores[cid] += weight / (k + rank)
    return dict(scores)


def diversify(
    scores: Mapping[str, float], pages: Mapping[str, tuple[str, int]], decay: float
) -> dict[str, float]:
    """Demote the 2nd, 3rd… hit of the same page by ``decay``, ``decay**2``…

    A page cut into several chunks otherwise fills the top of the list with
    itself; spreading the top over pages finds the evidence page more often and
    gives the answerer more distinct passages.
    """
    if decay >= 1.0:
        return dict(scores)
    seen: dict[tuple[str, int], int] = defaultdict(int)
    out: dict[str, float] = {}
    for cid in sorted(scores, key=lambda c: -scores[c]):
        page = pages.get(cid)
        n = seen[page] if page is not None else 0
        if page is not None:
            seen[page] += 1
        out[cid] = scores[cid] * decay**n
    return out
