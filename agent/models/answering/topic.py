"""A topic a section is about ("the risk factors", "主要客户"): the section's item
headings or its statements (``models/sections.py``)."""

from __future__ import annotations

from collections.abc import Sequence

from agent import prompts
from agent.cover_field import asked_fields
from agent.entities import asked_entity
from agent.evidence import Evidence
from agent.models.answering.candidate import AnswerCandidate, Strategy
from agent.models.answering.scoring import cover, passages_text
from agent.models.sections import section_answer, topical
from agent.question import Question
from pipeline.text.script import HAN_RE

_POINTED_FIT = 0.5


def _applies(q: Question) -> bool:
    # an English factoid ("who audits …", "when was it founded") is one sentence's, not a
    # section's; "主要客户是谁" may well ask for a section's list, and "where are its
    # plants?" the section the places are in (a cover's address or state is the cover's)
    if not topical(q.text):
        return False
    kind = asked_entity(q.text)
    return (
        kind is None
        or bool(HAN_RE.search(q.text))
        or (kind == "place" and not asked_fields(q.text))
    )


def _candidates(
    q: Question, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[AnswerCandidate]:
    found = section_answer(q.text, evidence, lang)
    if found is None:
        return []
    return [
        AnswerCandidate(
            "topic",
            "section",
            found.body,
            cited=list(found.cited),
            quoted=list(found.quoted),
            # a topic asked, the section about it read; a note a pointer named is only
            # likely to be it (a sentence answering outright goes first)
            fit=_POINTED_FIT if found.pointed else 1.0,
            cover=cover(q, [found.body, *passages_text(found.cited)]),
        )
    ]


STRATEGY = Strategy("topic", _applies, _candidates, frozenset({"section"}))
