"""One amount a sentence states as a term of a total the question asks (a limit on what
may be done, ``prose_totals``; an item's size, ``sized_items``)."""

from __future__ import annotations

from dataclasses import dataclass

_SCALE = {"": 1.0, "thousand": 1e3, "million": 1e6, "billion": 1e9}


@dataclass(frozen=True)
class Limit:
    """One amount a sentence states as a term of the total asked."""

    value: float
    scale: str  # "", "thousand", "million" or "billion"
    total: bool  # the sentence states the total itself
    quote: str  # the sentence up to the amount
    limit: str  # the words making it a limit, as written ("up to"); "" for a size
    chunk_id: str
    page: int
    doc_id: str
    currency: str = "$"  # as written: "$", "HK$", "€"

    @property
    def amount(self) -> float:
        return self.value * _SCALE[self.scale]
