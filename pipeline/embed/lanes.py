"""Splitting a batch of passages between engine lanes (one per core)."""

from __future__ import annotations

import os
from collections.abc import Sequence

MAX_LANES = 4


def default_lanes() -> int:
    """Engine lanes for passages: one per core this process may use (at most 4)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(MAX_LANES, cores))


def split_even(lengths: Sequence[int], parts: int) -> list[tuple[int, int]]:
    """Contiguous [start, end) ranges of about equal total length, in order, none empty."""
    n = len(lengths)
    parts = max(1, min(parts, n))
    total = sum(max(1, x) for x in lengths)
    bounds: list[tuple[int, int]] = []
    acc = start = 0
    for i, length in enumerate(lengths):
        acc += max(1, length)
        left = parts - len(bounds) - 1  # ranges still to open after this one
        rest = n - i - 1  # items after this one
        if left and rest >= left and (acc >= total * (len(bounds) + 1) / parts or rest == left):
            bounds.append((start, i + 1))
            start = i + 1
    bounds.append((start, n))
    return bounds
