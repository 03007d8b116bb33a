"""The fitted selector's sentences (``models/judge.py``): the clause that answers, then
the quotes supporting it. The answerability gate checks them: evidence that only shares
the question's words is refused, quoting what the documents say nearest."""

from __future__ import annotations

from collections.abc import Sequence

from agent import prompts
from agent.each_document import documents, of_documents
from agent.evidence import Evidence
from agent.models.absent import absent_note
from agent.models.answerability import Decision, decide, nearest_named
from agent.models.answering.candidate import AnswerCandidate, Strategy
from agent.models.answering.page import asks_page_overview
from agent.models.answering.quoted import written
from agent.models.answering.scoring import cover, passages_text
from agent.models.judge import Candidate, judge
from agent.models.kind_lead import UNHELD_LEAD
from agent.models.nearby import nearby_note
from agent.models.refusals import refusal
from agent.question import Question


def _applies(q: Question) -> bool:
    return not asks_page_overview(q)


def _candidates(
    q: Question, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[AnswerCandidate]:
    verdict = judge(q.text, evidence)
    if verdict.missing_names:  # the question names what the documents never do
        quoted = ", ".join(f"“{n}”" for n in verdict.missing_names[:3])
        said = prompts.REFUSAL_MISSING[lang].format(terms=quoted)
        return [AnswerCandidate("sentences", "refusal", said, follow=[], fit=1.0, cover=1.0)]
    # what the documents lack, named in a Chinese refusal (an English one names names)
    note = absent_note(q.text, evidence) if lang == "zh" else ""
    if not verdict.chosen:
        near = nearest_named(q.text, evidence, verdict.nearest)
        if near is None:
            said = prompts.REFUSAL[lang] + note + nearby_note(evidence, lang)
            return [AnswerCandidate("sentences", "refusal", said, follow=[])]
        return [_refusal(q, "evidence", [near], lang, note)]
    # the gate reads the judge's own order; the answer leads with the thing asked
    answer = written(q, verdict.written or verdict.chosen, evidence, lang)
    lead = (verdict.written or verdict.chosen)[0]
    decision = decide(q.text, evidence, verdict.chosen, verdict.best, lead)
    if decision.answers and UNHELD_LEAD in answer.body:
        # none of the units written holds the person, date, place or firm asked ("Who was
        # …?"): what they say nearest is a refusal's to quote, not an answer
        decision = Decision(False, "evidence", decision.probability)
    answer.ruled = True
    answer.verify = lambda: "" if decision.answers else "its words, not its answer"
    if decision.answers:
        return [answer]
    other = _other_document(q, evidence, lead.passage.doc_id, lang)
    if other is not None:
        return [other]
    said = refusal(decision, verdict.chosen, lang, note)
    nearest = AnswerCandidate("sentences", "refusal", said, follow=[], fit=0.5)
    nearest.cover = answer.cover
    return [answer, nearest]


def _other_document(
    q: Question, evidence: Sequence[Evidence], failed: str, lang: prompts.Lang
) -> AnswerCandidate | None:
    """Over several documents, the answer the others give when the chosen sentence's
    document does not answer: each document is read on its own, so one document's
    near-miss (another report's row sharing the question's words) does not hide the
    answer another prints."""
    docs = documents(evidence)
    if len(docs) < 2:
        return None
    rest = of_documents(evidence, set(docs) - {failed})
    found = _candidates(q, rest, lang)[0]
    passes = found.form != "refusal" and (found.verify is None or not found.verify())
    return found if passes else None


def _refusal(
    q: Question, why: str, near: list[Candidate], lang: prompts.Lang, note: str = ""
) -> AnswerCandidate:
    said = refusal(Decision(False, why, 0.0), near, lang, note)
    texts = passages_text([c.passage for c in near])
    return AnswerCandidate("sentences", "refusal", said, follow=[], fit=0.5, cover=cover(q, texts))


STRATEGY = Strategy("sentences", _applies, _candidates, frozenset({"sentence"}))
