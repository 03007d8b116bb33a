"""A year asked relative to the report, written as the year it is: "the prior year" of an
annual report for the fiscal year ended December 31, 2022 is fiscal 2021, "the year before
last" fiscal 2020, "the most recent year" fiscal 2022.

Tables head their columns by year ("2022 | 2021 | 2020"), never "prior year"; every reader
of the question's period (its years, the column chosen, the answer's check that the
figure is of the year asked) reads a year. The report's year is the one its cover states
("For the fiscal year ended January 28, 2023": the year of that date, as the filing's
tables date their columns). Nothing is rewritten when the scope's annual reports disagree
on their year, when none is an annual report (a quarter's "prior year" is a column of its
own), or when the question names a year other than the report's (the relative words may
then be of that year: "2021 against the prior year").
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pipeline.text.periods import FISCAL_YEAR_OUTSIDE_FIGURES_RE, LONG_DATE, year_of

_ANNUAL = re.compile(rf"for the fiscal year ended\s+{LONG_DATE}", re.I)
_YEAR_IN = re.compile(r"\d{4}$")
# the relative words, each with how many years before the report's it names
_FISCAL = r"(?:fiscal\s+)?(?:year|fy)"
_RELATIVE: tuple[tuple[re.Pattern[str], int], ...] = (
    (re.compile(rf"\b(?:the\s+)?{_FISCAL}\s+before\s+last\b", re.I), 2),
    (re.compile(rf"\b(?:the\s+|its\s+)?(?:prior|previous|preceding)\s+{_FISCAL}\b", re.I), 1),
    (
        re.compile(
            rf"\b(?:the\s+|its\s+)?(?:most\s+recent|latest|current|last\s+reported)\s+{_FISCAL}\b",
            re.I,
        ),
        0,
    ),
)


# the report itself named by its year ("as reported in MGM's 2018 annual report", "per its
# fiscal 2019 10-K"): which document, not the period asked
_REPORT_NAMED = re.compile(
    r",?\s*\b(?:as\s+reported\s+in|according\s+to|per|in|of)\s+(?:the\s+|its\s+|[\w.&'’-]+['’]s?\s+)?"
    r"(?:fiscal\s+)?(?P<year>\d{4})\s+(?:annual\s+report|10-k|annual\s+filing)\b,?",
    re.I,
)


def report_year(covers: Mapping[str, str]) -> int | None:
    """The year of the fiscal year the scope's annual reports cover, when they all cover
    one and at least one is an annual report; None otherwise."""
    found = set()
    for cover in covers.values():
        m = _ANNUAL.search(" ".join(cover.split()))
        if m is None:
            return None  # a quarter's or an undated document in scope
        year = _YEAR_IN.search(m.group(0))
        if year is not None:
            found.add(int(year.group(0)))
    return found.pop() if len(found) == 1 else None


def dated_relative(question: str, covers: Mapping[str, str]) -> str:
    """The question with its relative years written as fiscal years of the report's
    (``report_year``); unchanged when it says none or they cannot be told."""
    if not any(p.search(question) for p, _ in _RELATIVE):
        return question
    year = report_year(covers)
    if year is None:
        return question
    # the report named by its own year says which document, not the period asked
    question = _REPORT_NAMED.sub(
        lambda m: m.group(0) if int(m.group("year")) != year else _kept(m.group(0)), question
    )
    named = {year_of(m) for m in FISCAL_YEAR_OUTSIDE_FIGURES_RE.finditer(question)}
    if named - {year}:
        return question  # relative to another year the question names
    for pattern, back in _RELATIVE:
        question = pattern.sub(f"fiscal {year - back}", question)
    question = re.sub(r"\s+([?.!,])", r"\1", re.sub(r"\s{2,}", " ", question))
    question = question.lstrip(", ")  # the report named first: "In its 2019 10-K, what …"
    return question[:1].upper() + question[1:]


def _kept(phrase: str) -> str:
    """What stands in for a phrase naming the report: the comma closing it, unless one
    opened it too (the phrase was an aside), else a space."""
    return ", " if phrase.endswith(",") and not phrase.startswith(",") else " "
