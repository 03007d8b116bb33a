"""A period a Chinese periodic report does not cover. Its cover names what it covers
("2018 年第一季度报告": the first three months of 2018, beside the same months of 2017);
a question about another quarter ("第三季度"), a longer stretch of the year ("前三季度",
"上半年", "全年") or another year ("2015年") is not answered from its figures, however
many of the question's words the report uses (a year may be named in passing, a
quarter's words are in every title). The cover is a passage of the turn or the one the
scope read; only a scope of one report is judged by the scope's cover (two reports may
cover different periods)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.each_document import documents, of_documents
from agent.evidence import Evidence, Passage
from agent.figures.grid import report_months, report_year
from agent.models.filing_period import cover_texts
from pipeline.text.periods import YEAR

_NUMERALS = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4}
# "第三季度", "三季度", "Q3"; not "前三季度" (nine months, below)
_QUARTER = re.compile(r"(?<!前)(?:第\s*)?([一二三四1-4])\s*季度|\bQ([1-4])\b", re.I)
_SPANS = ((re.compile(r"前三季度|1\s*[-–~至]\s*9\s*月"), 9), (re.compile(r"上半年|半年度"), 6))
# "上年度末" is a date (the last year's end, a balance sheet's column), no whole year
_WHOLE_YEAR = re.compile(r"全年|年度(?!报告|末)")
_YEAR = re.compile(rf"(?<!\d)({YEAR})\s*年")


def _cover(evidence: Sequence[Evidence]) -> tuple[int, int] | None:
    """The year and the months of it the turn's report covers, from its cover page: a
    passage of the turn, or the cover the scope read (``Evidence.covers``); only when
    the turn reads that one report (``cover_texts``): beside other documents, a Chinese
    question's "2023年" may be an English filing's year, the report's cover page being
    merely what its Chinese words found."""
    for text in (c[:120] for c in cover_texts(evidence)):
        year = report_year(text)
        months = report_months(text) if year is not None else None
        if year is not None and months is not None:
            return year, months
    return None


def cover_year(evidence: Sequence[Evidence]) -> int | None:
    """The year the turn's Chinese periodic report covers, from its cover page (its
    tables date that year's figures only as 本报告期 / 本期), or None."""
    cover = _cover(evidence)
    return cover[0] if cover is not None else None


def uncovered_period(question: str, evidence: Sequence[Evidence]) -> str:
    """The period words of a question that the turn's report does not cover ("第三季度"
    of a first quarter's report), or "". Over several documents, each is judged by its
    own cover: the words are returned when every document the turn's passages come from
    is a report not covering them (a document without such a cover may hold the period)."""
    docs = documents(evidence)
    if len(docs) < 2:
        return _uncovered(question, _cover(evidence))
    said = [_uncovered(question, _cover(of_documents(evidence, {d}))) for d in docs]
    return said[0] if all(said) else ""


def uncovered_in(question: str, evidence: Sequence[Evidence]) -> bool:
    """Whether one document's evidence is a report that does not cover the period asked:
    its figures answer no question of another period."""
    return bool(_uncovered(question, _cover(evidence)))


def uncovered_cited(question: str, cited: Sequence[Passage], evidence: Sequence[Evidence]) -> str:
    """Why an answer citing only reports that do not cover the period asked is none: a
    Chinese first quarter's EPS for "2022年全年" asked of an English release beside it
    (the report's words being what the Chinese question found), or ""."""
    docs = {p.doc_id for p in cited}
    if not docs or not all(uncovered_in(question, of_documents(evidence, {d})) for d in docs):
        return ""
    return "period not covered"


def _uncovered(question: str, cover: tuple[int, int] | None) -> str:
    if cover is None:
        return ""
    year, months = cover
    for m in _YEAR.finditer(question):
        if int(m.group(1)) not in (year, year - 1):
            return m.group(0)
    q = _QUARTER.search(question)
    if q is not None and 3 * _NUMERALS[(q.group(1) or q.group(2)).upper()] != months:
        return q.group(0)
    for pattern, length in _SPANS:
        span = pattern.search(question)
        if span is not None and length != months:
            return span.group(0)
    whole = _WHOLE_YEAR.search(question)
    return whole.group(0) if whole is not None and months != 12 else ""
