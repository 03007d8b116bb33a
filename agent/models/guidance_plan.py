"""The searches a question asking for guidance plans once the first round is in: the
forecast of the measure and the period asked, when the turn does not hold it yet.

A guidance table is cut into chunks (the sales rows in one, the EPS rows in the next,
under no word of guidance), and a search for "adjusted EPS … guide" finds the sales
chunk under the table's title and misses the EPS one: the table's page is read whole. A
10-K says its forecasts in sentences ("In our 2022 financial results, we expect to incur
pre-tax charges of approximately $350 million"), and the searches made for the question's
words may bring the plan's total ("We now expect to incur … $3.15 billion") and not the
year's: with no forecast of the year asked in the turn, the question's words are searched
again with that year and the words forecasts are said in. The figure answer of the turn
plans nothing here: it reads actual rows, which answer no forecast asked."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from agent.evidence import Evidence, units
from agent.figures.guidance import asks_guidance, guidance_table, guidance_unit
from agent.models.answering.guidance import guided_row
from agent.question import parse
from agent.rewrite import key_terms
from agent.scope import stem
from pipeline.text.periods import YEAR

Call = dict[str, Any]

_YEAR = re.compile(rf"(?<!\d)({YEAR})(?!\d)")
_AMOUNT = re.compile(r"[$€£¥]\s?\d|\d\s?%|\d[\d,.]*\s?(?:billion|million)", re.I)
# the words a forecast is said in, searched beside the question's own
_SAID_IN = "expect expected"
_WORD = re.compile(r"[A-Za-z]{2,}")


def guidance_calls(question: str, evidence: Sequence[Evidence]) -> list[Call]:
    """The next round's calls for a question asking guidance: a read of the page of a
    guidance table of the turn that holds no row of the measure asked; else, with no
    guidance table and no forecast of the year asked in the turn, a search for it.
    Nothing for any other question, or once those calls were made."""
    if not asks_guidance(question):
        return []
    tables = [p for ev in evidence for p in ev.passages if guidance_table(p)]
    if tables:
        if guided_row(parse(question), evidence) is not None:
            return []
        read = {(e.query, p.doc_id) for e in evidence if e.reads == "page" for p in e.passages}
        pages = [p for p in tables if (str(p.page), p.doc_id) not in read]
        if not pages:
            return []
        return [{"name": "read_page", "args": {"page": pages[0].page, "document": pages[0].doc_id}}]
    years = set(_YEAR.findall(question))
    if not years or _forecast_of(years, evidence):
        return []
    query = " ".join(dict.fromkeys([*_measure(question, evidence), *years, *_SAID_IN.split()]))
    if query in {e.query for e in evidence}:
        return []
    return [{"name": "search_document", "args": {"query": query, "top_k": 6, "mode": "keyword"}}]


def _measure(question: str, evidence: Sequence[Evidence]) -> list[str]:
    """The question's words for the measure forecast: those a forecast of the turn says
    of it (of the forecast sharing most), since a plan's or a company's name in the
    question ("… under the 2019 Productivity Plan") ranks every passage naming it above
    the sentence forecasting the year; the question's key words when no forecast does."""
    asked = [t for t in key_terms(question) if not _YEAR.fullmatch(t)]
    best: list[str] = []
    tables: dict[str, bool] = {}
    for ev in evidence:
        for p in ev.passages:
            for u in units(p.text):
                if not _AMOUNT.search(u.text) or not guidance_unit(p, u, tables):
                    continue
                said = {stem(w.lower()) for w in _WORD.findall(u.text)}
                shared = [t for t in asked if stem(t) in said]
                best = shared if len(shared) > len(best) else best
    return best if len(best) >= 2 else asked


def _forecast_of(years: set[str], evidence: Sequence[Evidence]) -> bool:
    """Does a forecast stating an amount in the turn name a year asked?"""
    tables: dict[str, bool] = {}
    for ev in evidence:
        for p in ev.passages:
            for u in units(p.text):
                if not years & set(_YEAR.findall(u.text)) or not _AMOUNT.search(u.text):
                    continue
                if guidance_unit(p, u, tables):
                    return True
    return False
