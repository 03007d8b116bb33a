"""A quarter an English quarterly report does not cover.

A 10-Q's cover names the quarter it reports ("For the quarterly period ended December 31,
2022"): its statements give that quarter, the same quarter a year before, and the months
of the fiscal year to its end. A question asking the figures of another quarter ("the
three months ended March 31, 2023", "the fourth quarter of 2023") shares every other word
with the report, and its statements would answer with the quarter they do give. A
fourth quarter is never a quarterly report's: the annual report gives it. Only a scope
of one report is judged (two reports may cover different quarters); an annual report's
quarters are left alone (older ones print a quarterly table).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.evidence import Evidence

_MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
_MONTH = r"(" + "|".join(m.capitalize() for m in _MONTHS) + r")"
_DATE = _MONTH + r"\s+(?:\d{1,2},?\s+)?(\d{4})"
_COVER = re.compile(r"for the quarterly period ended\s+" + _DATE, re.I)
# "three months ended March 31, 2023", "the quarter ended March 2023"
_ASKED = re.compile(
    r"\b(?:(?:three|six|nine|3|6|9)[-\s]months?|quarter)\s+(?:period\s+)?end(?:ed|ing)\s+" + _DATE,
    re.I,
)
_FOURTH = re.compile(r"\b(?:fourth|4th)[-\s]quarter\b|\bQ4\b", re.I)


def _quarter(evidence: Sequence[Evidence]) -> tuple[int, int] | None:
    """The month and year a quarterly report's cover says its quarter ends, when the
    turn reads one report's cover."""
    for text in cover_texts(evidence):
        m = _COVER.search(" ".join(text.split()))
        if m is not None:
            return _MONTHS.index(m.group(1).lower()) + 1, int(m.group(2))
    return None


def cover_texts(evidence: Sequence[Evidence]) -> list[str]:
    """The cover line the scope keeps and the first pages' passages, when the turn reads
    one report (several reports' covers say no one period)."""
    scope = {doc: c for ev in evidence for doc, c in ev.covers.items()}
    pages = {p.doc_id: p.text for ev in evidence for p in ev.passages if p.page <= 2}
    texts = list(scope.values()) if len(scope) == 1 else []
    return texts + (list(pages.values()) if len(pages) == 1 and len(scope) <= 1 else [])


def uncovered_quarter(question: str, evidence: Sequence[Evidence]) -> str:
    """The words of a question asking a quarter the turn's quarterly report does not
    cover, or ""."""
    cover = _quarter(evidence)
    if cover is None:
        return ""
    month, year = cover
    for m in _ASKED.finditer(question):
        asked = _MONTHS.index(m.group(1).lower()) + 1
        if asked != month or int(m.group(2)) not in (year, year - 1):
            return m.group(0)
    fourth = _FOURTH.search(question)
    return fourth.group(0) if fourth is not None else ""
