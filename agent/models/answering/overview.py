"""A question about a whole document ("Summarize this report"): the overview's sentences,
one a line, each cited; a refusal when the question names a document the scope lacks."""

from __future__ import annotations

from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence
from agent.models.answering.candidate import AnswerCandidate, Strategy
from agent.models.answering.scoring import cover, passages_text
from agent.models.judge import absent_names
from agent.models.writing import overview_body, overview_candidates
from agent.question import Question


def _applies(q: Question) -> bool:
    return q.overview


def _candidates(
    q: Question, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[AnswerCandidate]:
    chosen = overview_candidates(evidence)
    if not chosen:
        return []
    absent = absent_names(q.text, evidence)  # "the Velmor 10-K" asked of another
    if absent:
        quoted = ", ".join(f"“{n}”" for n in absent[:3])
        said = prompts.REFUSAL_MISSING[lang].format(terms=quoted)
        return [AnswerCandidate("overview", "refusal", said, fit=1.0, cover=1.0)]
    body = overview_body(chosen, lang)
    cited = [c.passage for c in chosen]
    return [
        AnswerCandidate(
            "overview",
            "overview",
            body,
            cited=cited,
            quoted=[c.unit.text for c in chosen],
            fit=1.0,  # the whole document asked, its overview given
            cover=cover(q, passages_text(cited)),
        )
    ]


STRATEGY = Strategy("overview", _applies, _candidates, frozenset({"overview"}))
