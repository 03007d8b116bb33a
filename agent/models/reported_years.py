"""A year far from those an English annual or quarterly report gives figures of.

A filing's cover names the period it reports ("For the fiscal year ended January 28,
2023", "For the quarterly period ended December 31, 2022"). Its statements give that
year and the years before it (an annual report's selected data reach five years back, a
quarterly report's comparatives one), and its outlook the year to come. A year the
question asks a figure of outside that reach ("the current ratio at December 31, 2018" of
a 2022 10-Q, "the quick ratio in fiscal 2028" of a 2023 10-K, "how many employees will it
have in 2026" of a 2020 10-K) is a period the report does
not cover, even when the year is written in it as a name ("the 2028 Notes", "the 2018
Plan"): the statements would answer with the periods they do give. A schedule by year
("payments due in 2027") is the report's own figure of a coming year, never ruled here.
Only a scope of one report is judged (two reports may cover different years).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.evidence import Evidence
from agent.models.filing_period import cover_texts, uncovered_quarter
from agent.question import parse
from pipeline.text import lexicon
from pipeline.text.periods import LONE_YEAR_RE, LONG_DATE

_COVER = re.compile(rf"for the (fiscal year|quarterly period) ended\s+({LONG_DATE})", re.I)
# years before the cover's that the report's figures reach, by kind of report
_BACK = {"fiscal year": 6, "quarterly period": 2}
_AHEAD = 1  # the outlook's year
# a schedule by year asked ("due", "maturing", "expected"): a coming year's own figure
_SCHEDULE = lexicon.pattern("schedules.asked", template=r"\b(?:{})", flags=re.I)
# a year naming a thing, not a period: "the 2028 Notes", "due 2028"
_NAMING = re.compile(r"\s+[A-Z][a-z]")


def _cover(evidence: Sequence[Evidence]) -> tuple[str, int] | None:
    """The kind of period and the year a single report's cover says it reports."""
    for text in cover_texts(evidence):
        m = _COVER.search(" ".join(text.split()))
        if m is not None:
            year = LONE_YEAR_RE.search(m.group(2))
            if year is not None:
                return m.group(1).lower(), int(year.group(0))
    return None


def uncovered_year(question: str, evidence: Sequence[Evidence]) -> str:
    """A year the question asks a figure of that the report's figures cannot reach, or ""."""
    # a count asked ("how many employees will it have in 2030?") is a figure of the year
    # as much as a line item is
    if not parse(question).numeric or _SCHEDULE.search(question):
        return ""
    cover = _cover(evidence)
    if cover is None:
        return ""
    kind, year = cover
    for m in LONE_YEAR_RE.finditer(question):
        if _NAMING.match(question, m.end()):
            continue
        asked_year = int(m.group(0))
        if asked_year < year - _BACK[kind] or asked_year > year + _AHEAD:
            return m.group(0)
    return ""


def uncovered_filing(question: str, evidence: Sequence[Evidence]) -> str:
    """A quarter (``filing_period``) or a year an English filing does not cover, or ""."""
    return uncovered_quarter(question, evidence) or uncovered_year(question, evidence)
