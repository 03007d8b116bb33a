"""Rank fusion (pure functions): weighted reciprocal-rank fusion plus a page-level vote."""

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


def page_vote(
    scores: Mapping[str, float], pages: Mapping[str, tuple[str, int]], weight: float
) -> dict[str, float]:
    """Add to each chunk a share of the total score of its page.

    Evidence often fills a page (a financial statement, a clause list) and is cut
    into several chunks; when many of them match, the page is the answer, so its
    chunks should rise together.
    """
    if weight <= 0:
        return dict(scores)
    per_page: dict[tuple[str, int], float] = defaultdict(float)
    for cid, s in scores.items():
        if cid in pages:
            per_page[pages[cid]] += s
    return {
        cid: s + weight * (per_page[pages[cid]] - s if cid in pages else 0.0)
        for cid, s in scores.items()
    }
