"""A question about a page ("what is on page 12?", "第3页讲了什么"): the opening units of
each passage on it."""

from __future__ import annotations

from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence
from agent.models.answering.candidate import AnswerCandidate, Strategy
from agent.models.answering.quoted import written
from agent.models.judge import page_overview
from agent.question import Question
from agent.rewrite import asks_whose_document, content_terms

# a page asked about with at most this many other words is asked for its content as a whole
_PAGE_WORDS = 2


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
