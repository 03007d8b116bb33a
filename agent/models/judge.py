"""The offline answerer's judgement: which sentences answer the question, or none.

Every sentence and table row of the passages returned in this turn is a candidate; the
fitted selector (``selector.py``, features in ``feature_vector.py``) gives each the probability
that it answers the question. The best unit is the direct answer, units nearly as likely
support it, and a best probability below the fitted threshold — or a name the documents
never mention — is a refusal. A heading is never a candidate: a title names a topic, it
never answers a question about it.
"""

from __future__ import annotations

from collections.abc import Sequence

from agent.evidence import Evidence
from agent.figures.guidance import guidance_order
from agent.models.asked_names import absent_names, missing_names
from agent.models.attribute_said import attribute_first
from agent.models.candidates import Candidate, Judgement
from agent.models.compare import promote_extreme
from agent.models.definition_asked import defining_unit
from agent.models.event_lead import event_first
from agent.models.feature_vector import FEATURES
from agent.models.holder import own_holder_first
from agent.models.kind_lead import lead_with_asked
from agent.models.nature_lead import nature_first
from agent.models.period_rows import length_first
from agent.models.places_lead import places_first
from agent.models.qualified_rows import amounts_first, qualified_first, rates_first
from agent.models.reason_lead import reason_first
from agent.models.selector import selector
from agent.models.spans import with_reasons
from agent.models.statement_rows import group_first
from agent.models.status_lead import status_first
from agent.models.subject import about_subject
from agent.models.support_units import MAX_UNITS, repeats, same_text, select_units
from agent.models.unit_candidates import POINTER, candidates
from agent.models.verdict_lead import verdict_first
from agent.question.acronyms import METRIC_ACRONYMS
from agent.question.compare import asks_extreme
from agent.question.kinds import asks_count
from pipeline.text.periods import LONE_YEAR_RE

# The judge's parts, named here as before the split (``asked_names``, ``unit_candidates``,
# ``support_units``): the answer's other modules import them from the judge.
__all__ = [
    "MAX_UNITS",
    "METRIC_ACRONYMS",
    "POINTER",
    "YEARISH",
    "Candidate",
    "Judgement",
    "absent_names",
    "candidates",
    "judge",
    "missing_names",
    "repeats",
    "same_text",
]

_TABLE_COVER = 0.5
_OVERLAP = FEATURES.index("overlap")
_COUNTS = FEATURES.index("holds_number")
YEARISH = LONE_YEAR_RE


def judge(question: str, evidence: Sequence[Evidence]) -> Judgement:
    names = missing_names(question, evidence)
    if names:
        return Judgement(missing_names=names)
    ask, found = candidates(question, evidence)
    if not found:
        return Judgement(uncovered=list(ask.weights))
    model = selector()
    for c in found:
        c.score = model.probability(c.features)
        c.rank = model.rank(c.features)
    best = max(c.score for c in found)
    # Whether the turn addresses the question at all, judged before a comparison picks
    # its extreme row (that row's own words need not say much of the question).
    addressed = model.answers(
        [c.features for c in found],
        [c.score for c in found],
        [c.rank for c in found],
        [c.left for c in found],
    )
    if asks_extreme(question):
        # A table whose passage speaks to most of the question answers "which … most"
        # by its extreme row, however little each row's own words say.
        table_cover = promote_extreme(found, question)
        addressed = addressed or table_cover >= _TABLE_COVER
        best = max(best, *(c.score for c in found))
    floor = model.refuse_below
    if asks_count(question):
        # "how many stores": a unit giving a number of them answers, when one does,
        # before any that only shares the question's words
        counting = [c for c in found if c.features[_COUNTS]]
        if counting:  # and a number of the thing asked answers, however worded
            found, best, floor = counting, max(c.score for c in counting), 0.0
            addressed = True
    found.sort(key=lambda c: -c.rank)
    found = group_first(found, question)  # the group's statement row before the parent company's
    found = qualified_first(found, question)  # "Current" under "International:", if asked so
    found = amounts_first(found, question)  # "Interest cost | 455", not its rate "| 1.2 %"
    found = rates_first(found, question)  # "Table games win %" asked by its rate
    found = length_first(found, question)  # the six months' table's row, if a half asked
    found, best, floor, addressed = about_subject(question, found, best, floor, addressed)
    # "体长" asked, "身长……公尺" said: the attribute in other words first (``attribute_said``)
    found, best, floor, addressed = attribute_first(question, found, best, floor, addressed)
    found = own_holder_first(question, found, evidence)  # "… Officer of <Other>, Inc." last
    # a forecast shares every word of the period's actual figure asked, and answers only
    # a question asking for it (``figures/guidance.py``)
    found = guidance_order(found, question)
    # "What is X?": the unit defining X answers, however few of the question's words it uses
    defining = defining_unit(question, found, evidence)
    if defining is not None:
        found, addressed = [defining, *(c for c in found if c is not defining)], True
    covered = set().union(*(c.matched for c in found[:8]))
    uncovered = [t for t in ask.weights if t not in covered]
    if not addressed:
        return Judgement(best=best, uncovered=uncovered, nearest=found[0])
    keep = max(floor, best * model.keep_ratio)
    picked = select_units(found, floor=keep, kind_floor=model.refuse_below, open_ask=not ask.kinds)
    chosen = with_reasons(picked, question)
    agreed = _agreed_page_unit(evidence, found, chosen, floor=model.refuse_below)
    # a factoid asked: the unit holding the thing asked is written first (``kind_lead.py``)
    led = lead_with_asked(question, chosen + agreed, found, model.refuse_below)
    led = places_first(question, led, found)  # "which countries …?": the places named
    led = reason_first(question, led)  # "what is it meant to achieve?": the next sentence
    led = nature_first(question, led, found)  # "the nature of X?": the sentence describing X
    led = status_first(question, led, evidence)  # "where does it stand?": its latest step
    led = event_first(question, led, found, model.refuse_below)  # "what happened on May 26?"
    # "Is it still selling X?": the sentence holding the predicate too decides it
    led = verdict_first(question, led, evidence)
    if defining is not None:
        led = [defining, *(c for c in led if c is not defining)]
    led[:1] = led[:1] if led[0] in chosen + agreed else with_reasons(led[:1], question)
    return Judgement(chosen=chosen + agreed, best=best, uncovered=uncovered, written=led)


def _agreed_page_unit(
    evidence: Sequence[Evidence],
    found: list[Candidate],
    chosen: list[Candidate],
    *,
    floor: float,
) -> list[Candidate]:
    """The best unit of the page the turn's searches agree on most, when no chosen unit
    is on it and it is itself likely to answer (at least the refusal floor): the answer
    is quoted from where every search points too, not only from the best single unit."""
    page = _agreed_page(evidence)
    if page is None or any((c.passage.doc_id, c.passage.page) == page for c in chosen):
        return []
    there = [
        c
        for c in found
        if (c.passage.doc_id, c.passage.page) == page
        and c.score >= floor
        and c.features[_OVERLAP] > 0
        and not any(repeats(c.unit.text, x.unit.text) for x in chosen)
    ]
    return [max(there, key=lambda c: c.rank)] if there else []


def _agreed_page(evidence: Sequence[Evidence]) -> tuple[str, int] | None:
    """The page with the highest summed reciprocal rank over the searches of the turn
    (each search counts a page once, at its best-ranked passage); None when two pages
    tie or there was no search."""
    votes: dict[tuple[str, int], float] = {}
    for ev in evidence:
        if ev.reads != "search":
            continue
        best: dict[tuple[str, int], int] = {}
        for p in ev.passages:
            key = (p.doc_id, p.page)
            best[key] = min(best.get(key, p.rank or 99), p.rank or 99)
        for key, rank in best.items():
            votes[key] = votes.get(key, 0.0) + 1.0 / rank
    ranked = sorted(votes.items(), key=lambda kv: -kv[1])
    if not ranked or (len(ranked) > 1 and ranked[1][1] == ranked[0][1]):
        return None
    return ranked[0][0]
