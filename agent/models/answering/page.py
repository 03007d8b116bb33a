"""A question about a page ("what is on page 12?", "第3页讲了什么"): the opening units of
each passage on it."""

from __future__ import annotations

from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence, Unit, units
from agent.models.answering.candidate import AnswerCandidate, Strategy
from agent.models.answering.quoted import written
from agent.models.judge import MAX_UNITS, Candidate, same_text
from agent.question import Question
from agent.rewrite import asks_whose_document, content_terms

# a page asked about with at most this many other words is asked for its content as a whole
_PAGE_WORDS = 2


def page_overview(evidence: Sequence[Evidence], page: int) -> list[Candidate]:
    """The opening units of each passage on a page, for "what is on page N?"."""
    out: list[Candidate] = []
    for ev in evidence:
        if ev.reads != "page":
            continue
        for p in ev.passages:
            parts = units(p.text)
            body = [u for u in parts if u.kind != "heading" and len(u.text) > 20]
            if parts and (not body or len(p.text) <= 160):  # a cover: titles, said whole
                end = parts[min(4, len(parts)) - 1].end
                body = [Unit(parts[0].start, end, p.text[parts[0].start : end], "sentence")]
            if body and not any(same_text(body[0].text, c.unit.text) for c in out):
                out.append(Candidate(p, body[0], 1.0, frozenset(), len(out)))
    return out[: MAX_UNITS + 1]


def asks_page_overview(q: Question) -> bool:
    """Is the question about a page as a whole (not a thing said on it)?"""
    if q.page is None:
        return False
    terms = [t for t in content_terms(q.text) if not t.isdigit() and t not in ("page", "页")]
    return len(terms) <= _PAGE_WORDS or asks_whose_document(q.text)


def _candidates(
    q: Question, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[AnswerCandidate]:
    assert q.page is not None
    chosen = page_overview(evidence, q.page)
    return [written(q, chosen, evidence, lang, page=True)] if chosen else []


STRATEGY = Strategy("page", asks_page_overview, _candidates, frozenset({"page"}))
