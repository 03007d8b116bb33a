"""Source cards a reader sees twice: two citations of one answer on the same page whose
quotes are the same words (one with its full stop, one without), or one inside the other
with the same highlight boxes. A clause cited inside the sentence it comes from is no twin
when the clause is highlighted alone (its boxes differ)."""

from __future__ import annotations

from itertools import combinations

from agent.schemas import Citation

_ENDS = " \t\n.。;；,，:："


def _said(quote: str) -> str:
    return " ".join(quote.split()).strip(_ENDS).lower()


def _boxes(c: Citation) -> set[tuple[int, tuple[int, ...]]]:
    return {(p, tuple(round(v) for v in box)) for p, box in c.boxes}


def twins(citations: list[Citation]) -> list[tuple[int, int]]:
    """The markers of each pair of citations a reader sees as the same card."""
    out: list[tuple[int, int]] = []
    for a, b in combinations(citations, 2):
        if a.doc_id != b.doc_id or a.page != b.page:
            continue
        x, y = _said(a.quote), _said(b.quote)
        if not x or not y:
            continue
        nested = x in y or y in x
        if x == y or (nested and _boxes(a) == _boxes(b)):
            out.append((a.marker, b.marker))
    return out
