"""A question about what the document's subject is or does ("What does Acme do?"): the
overview's sentence saying so ("We are a leading … company"), if the overview has one."""

from __future__ import annotations

from collections.abc import Sequence

from agent import prompts
from agent.answer_kinds import asks_about_subject
from agent.evidence import Evidence
from agent.models.answering.candidate import AnswerCandidate, Strategy
from agent.models.answering.scoring import cover, passages_text
from agent.models.features import make_ask
from agent.models.judge import Candidate, absent_names
from agent.models.writing import overview_candidates, render
from agent.question import Question
from pipeline.knowledge.describe import describes


def _applies(q: Question) -> bool:
    return asks_about_subject(q.text)


def _candidates(
    q: Question, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[AnswerCandidate]:
    described = _described(q, evidence)
    if described is None:
        return []
    absent = absent_names(q.text, evidence)  # "What does Velmor do?" of another's
    if absent:
        quoted = ", ".join(f"“{n}”" for n in absent[:3])
        said = prompts.REFUSAL_MISSING[lang].format(terms=quoted)
        return [AnswerCandidate("subject", "refusal", said, fit=1.0, cover=1.0)]
    body = render([(described, None)], make_ask(q.text, evidence), lang)
    return [
        AnswerCandidate(
            "subject",
            "description",
            body,
            cited=[described.passage],
            quoted=[described.unit.text],
            fit=1.0,  # the subject asked about, the sentence describing it given
            cover=cover(q, passages_text([described.passage])),
        )
    ]


def _described(q: Question, evidence: Sequence[Evidence]) -> Candidate | None:
    # the subject as the question names it ("ACME"), or as the registrant's name words
    owners = [*q.entities, *sorted({w for ev in evidence for w in ev.owner}), ""]
    for c in overview_candidates(evidence):
        if any(describes(c.unit.text, owner) for owner in owners):
            return c
    return None


STRATEGY = Strategy("subject", _applies, _candidates, frozenset({"description"}))
