"""The offline answerer's composer: the question typed once, candidates from every
strategy that applies (``answering/``), the best by score, checked before it is given.

Scores are comparable across strategies (``answering/scoring.py``): how well the
candidate's form fits the form asked, how much of the question's focus its evidence holds,
how much of what it states is traced to cited cells. The verifier checks the chosen one
(a computed figure's sense, the answerability gate, the question's own rulings: arithmetic,
a period or a company the documents do not cover); a candidate that fails gives way to the
next. When no answer passes, the best refusal is given: the one that names what is
missing, else the one quoting what is nearest. A refusal's note (a figure method's "the
documents do not say …") is its own, never said before another candidate's answer."""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Literal

from agent import prompts
from agent.cross_reading import read_as, unreadable
from agent.evidence import Evidence
from agent.models.answerability import Decision, before_figures
from agent.models.answering.candidate import AnswerCandidate, Form, best_score
from agent.models.answering.scoring import asked_forms, form_fit
from agent.models.answering.strategies import Strategy, registered
from agent.models.asked_basis import basis_misfit
from agent.models.asked_fit import misfit
from agent.models.definition_asked import undefined
from agent.models.held_focus import unheld_focus
from agent.models.nearby import nearby_note
from agent.models.question_words import asked_words
from agent.models.record import records, unheld_record
from agent.models.refusals import refusal
from agent.models.report_period import uncovered_cited
from agent.models.sections import asks_yes_no, stated_verdict
from agent.models.world_asked import unowned, world_asked
from agent.models.writing import FOLLOW_HEADER, bullets, with_follow_ups, with_sources
from agent.question import Question, parse
from agent.sections import section_words
from pipeline.text.script import HAN_RE

log = logging.getLogger(__name__)


def compose(
    question: str,
    evidence: Sequence[Evidence],
    lang: prompts.Lang,
    *,
    strategies: Sequence[Strategy] | None = None,
) -> str:
    """The offline draft: verbatim units with citation ids, or a refusal saying why. A
    Chinese question of English passages is answered, in Chinese, as its English reading
    (``cross_reading.py``); the question as asked is tried when the reading finds no answer,
    unless the reading's own ruling refused it (another company's figures, a period or a
    sum the documents do not cover: the question as asked would not see the company it
    names in Chinese)."""
    # asked of English passages in words they lack, and not of the document as a whole
    if unreadable(question, evidence) and not parse(question).overview:
        return prompts.REFUSAL[lang] + nearby_note(evidence, lang)
    reading = read_as(question, evidence)
    if reading:
        said, outcome = _composed(reading, evidence, lang, strategies)
        if outcome != "refused":
            return said
    return _composed(question, evidence, lang, strategies)[0]


Outcome = Literal["answered", "ruled", "refused"]


def _composed(
    question: str,
    evidence: Sequence[Evidence],
    lang: prompts.Lang,
    strategies: Sequence[Strategy] | None,
) -> tuple[str, Outcome]:
    """The draft and whether it answers, or refuses by the question's own ruling, or
    refuses for want of evidence."""
    q = parse(question)
    ruling = before_figures(question, evidence) if q.page is None else Decision(True)
    refusals = []
    if not ruling.answers:  # the question's own ruling names what the documents lack
        # what the documents do cover nearby, for a company or a period they are not of
        near = nearby_note(evidence, lang) if ruling.reason != "arithmetic" else ""
        said = refusal(ruling, [], lang) + near
        refusals.append(AnswerCandidate("gate", "refusal", said, follow=[], fit=1.0, cover=1.0))
    best: AnswerCandidate | None = None
    asked = asked_words(question, evidence)
    record = records(question, evidence)  # a superlative of the world, said or refused
    world = world_asked(question, evidence)  # "Why do central banks raise rates?"
    for strategy in _by_bound(q, registered() if strategies is None else strategies):
        if best is not None and _bound(q, strategy) < best.score:
            break  # none of its answers could rank above the best one that passes
        for c in candidates(q, evidence, lang, [strategy]):
            if c.form == "refusal":
                refusals.append(c)
                continue
            # an explanation gives what moved a figure, never the figure: no misfit of one
            unfit = misfit(q, c.body, c.cited, evidence) if c.form != "explanation" else ""
            why = check(c, ruling) or unfit or _unheld(q, c, asked)
            why = why or basis_misfit(q, c) or uncovered_cited(question, c.cited, evidence)
            why = why or unheld_record(record, [c.body, *c.quoted])
            # "What is X?": an answer only using the term says nothing of its meaning
            why = why or _undefined(question, c, evidence)
            why = why or (_worldly(question, c, evidence) if world else "")
            log.debug(
                "%s/%s %.3f %s: %s", c.strategy, c.form, c.score, why or "passes", c.body[:80]
            )
            if not why and (best is None or _key(c) < _key(best)):
                best = c
    if best is not None:
        return written(best, q, evidence, lang), "answered"
    refused: Outcome = "refused" if ruling.answers else "ruled"
    if refusals:
        return written(ranked(refusals)[0], q, evidence, lang), refused
    return prompts.REFUSAL[lang] + nearby_note(evidence, lang), refused  # where they come nearest


def _bound(q: Question, strategy: Strategy) -> float:
    return max((best_score(_form_bound(q, f)) for f in strategy.forms), default=0.0)


def _form_bound(q: Question, form: Form) -> float:
    # a statement deciding a yes/no question gives the verdict asked (``_verdict_fit``)
    return 1.0 if form == "sentence" and _verdict_asked(q) else form_fit(q, form)


def _by_bound(q: Question, strategies: Sequence[Strategy]) -> list[Strategy]:
    """The strategies that apply, the highest bound first: the order in which they are run
    (for speed only: the answer is the best passing candidate of all, whatever the order)."""
    applying = [s for s in strategies if s.applies(q)]
    return sorted(applying, key=lambda s: (-_bound(q, s), s.name))


def candidates(
    q: Question,
    evidence: Sequence[Evidence],
    lang: prompts.Lang,
    strategies: Sequence[Strategy] | None = None,
) -> list[AnswerCandidate]:
    """Every candidate of every strategy that applies, each answer given its form's fit."""
    out = []
    for strategy in registered() if strategies is None else strategies:
        if strategy.applies(q):
            out += strategy.candidates(q, evidence, lang)
    for c in out:
        if c.form != "refusal":
            c.fit = form_fit(q, c.form) * (_UNDECIDED if _undecided(q, c) else 1.0)
            if _verdict_fit(q, c, evidence):
                c.fit = 1.0
    return out


def _verdict_fit(q: Question, c: AnswerCandidate, evidence: Sequence[Evidence]) -> bool:
    """A yes/no question asks a verdict, whatever else it names ("Did it record any
    goodwill impairment in 2020?" names a line item): a sentence whose first statement
    decides it (holds its topic words and says or denies them) is the form asked."""
    if c.form != "sentence" or not _verdict_asked(q):
        return False
    return stated_verdict(q.text, evidence, c.quoted) is not None


def _verdict_asked(q: Question) -> bool:
    """A yes/no question no section answers (a topic's section decides its own verdict)."""
    return asks_yes_no(q.text) and "section" not in asked_forms(q)


_UNDECIDED = 0.5  # a figure that decides no verdict fits a yes/no question as any sentence


def _undecided(q: Question, c: AnswerCandidate) -> bool:
    """A figure looked up for a yes/no question ("Do sales vary much by season?" answered
    "Sales were $94.9 billion"; "Did it record any goodwill impairment?" answered with
    goodwill's balance) that opens with no verdict: one amount says nothing of the yes or
    no asked, which the section about the topic, or a sentence, may."""
    if c.form != "figure" or q.operation != "lookup":
        return False
    leads = section_words()["leads"]["zh" if HAN_RE.search(q.text) else "en"]
    return asks_yes_no(q.text) and not _opens_with_verdict(c.body, leads)


def ranked(offered: Sequence[AnswerCandidate]) -> list[AnswerCandidate]:
    """Best first, by score; ties by the most traced, then the fewest places cited, then
    by name, so that the registry's order never decides."""
    return sorted(offered, key=_key)


def _key(c: AnswerCandidate) -> tuple[float, float, int, str, str, str]:
    return (-c.score, -c.traced, len(c.cited), c.strategy, c.form, c.body)


def check(c: AnswerCandidate, ruling: Decision) -> str:
    """Why the candidate cannot be given, or "" (the verifier)."""
    if c.ruled and not ruling.answers:
        return f"the question's {ruling.reason} is not covered"
    return c.verify() if c.verify is not None else ""


def _unheld(q: Question, c: AnswerCandidate, asked: list[str]) -> str:
    """The check of the answers the gate has not read: a word the question asks besides
    its names is in their evidence (``held_focus.py``)."""
    said = [c.body, *c.quoted, *(f"{p.section}\n{p.text}" for p in c.cited)]
    return unheld_focus(c.form, asked, said)


def _undefined(question: str, c: AnswerCandidate, evidence: Sequence[Evidence]) -> str:
    """A term's meaning asked, and the answer does not give it (``definition_asked.py``)."""
    return "no definition" if undefined(question, [c.body, *c.quoted], evidence) else ""


def _worldly(question: str, c: AnswerCandidate, evidence: Sequence[Evidence]) -> str:
    """How the world works asked, and the answer does not say it of the document's company
    (``world_asked.py``)."""
    return "world knowledge" if unowned(question, c.quoted or [c.body], evidence) else ""


def _opens_with_verdict(body: str, leads: dict[str, str]) -> bool:
    """Whether the answer already opens with yes or no ("No:", "Yes, …", "否："): the word
    set off by a mark, not a sentence's determiner ("No material impairments were …")."""
    words = "|".join(re.escape(leads[v].rstrip(".。")) for v in ("yes", "no"))
    return re.match(rf"\s*(?:{words})(?:\s*[.,:;!—–。，：；]|\s*$)", body) is not None


def written(
    c: AnswerCandidate, q: Question, evidence: Sequence[Evidence], lang: prompts.Lang
) -> str:
    """The candidate as the reader sees it: its note (its own), the body, the other places
    stating its figures, and follow-up questions."""
    body = f"{c.note}\n{c.body}" if c.note else c.body
    verdict = stated_verdict(q.text, evidence, c.quoted) if c.form == "sentence" else None
    leads = section_words()["leads"][lang]
    # "Is it exposed to …?": the statement decides it, unless the strategy opened with its
    # own verdict already (a tick box: "No: “…☒”")
    if verdict is not None and not c.note and not _opens_with_verdict(body, leads):
        body = f"{leads[verdict]} {body}"
    if c.corroborate:
        body = with_sources(q.text, body, evidence, lang)
    if c.follow is None:
        return with_follow_ups(body, q.text, evidence, c.cited, lang, quoted=c.quoted)
    return body + "\n\n" + FOLLOW_HEADER[lang] + "\n" + bullets(c.follow) if c.follow else body
