"""Explanation questions lead with the sentence that explains: a purpose asked ("what is X
meant to achieve?"), where a matter stands, a yes/no verdict, who owns the other half of
a venture. Every document and name here is invented."""

from __future__ import annotations

from agent.answer_kinds import holds
from agent.entities import asked_entity
from agent.evidence import Evidence, Passage, Unit, units
from agent.models.candidates import Candidate
from agent.models.kind_lead import lead_with_asked, unheld_note
from agent.models.phrasing import phrasing_words
from agent.models.reason_lead import reason_first
from agent.models.status_lead import status_first
from agent.models.verdict_lead import verdict_first
from agent.question.kinds import asked_kinds, asks_status
from agent.scope import stem


def _passage(text: str, cid: str = "qw#40", section: str = "Contingencies") -> Passage:
    return Passage(
        chunk_id=cid, doc_id="qw", page=7, page_end=7, section=section, text=text, rank=1
    )


def _first(p: Passage, matched: set[str], score: float = 0.9) -> Candidate:
    u = next(u for u in units(p.text) if u.kind == "sentence")
    return Candidate(p, u, score, frozenset(matched), 0)


def _at(p: Passage, opening: str, matched: set[str], score: float = 0.9) -> Candidate:
    u = next(u for u in units(p.text) if u.text.startswith(opening))
    return Candidate(p, u, score, frozenset(matched), 0)


def _evidence(*ps: Passage) -> list[Evidence]:
    return [Evidence(tool="search_document", query="q", passages=list(ps))]


def test_a_purpose_asked_is_a_reason_asked_and_names_no_firm() -> None:
    for q in (
        "What is Quillon's loyalty program meant to achieve?",
        "What are the supplier credits Quillon receives intended to offset?",
        "What is the goal of Quillon's Bright Path plan?",
    ):
        assert asked_kinds(q) == {"reason"}, q
        assert asked_entity(q) is None, q
    assert holds("reason", "The plan is designed to lower our freight costs.", "Why?")
    assert not holds("reason", "The plan covers our freight costs.", "Why?")
    # the purpose phrase phrases the question: its verb is no subject to match
    assert {stem("achieve"), stem("meant")} <= phrasing_words(
        "What is Quillon's loyalty program meant to achieve?"
    )


def test_where_a_matter_stands_asks_no_place() -> None:
    for q in (
        "Where does the Harlow class action against Quillon stand?",
        "Where do Quillon's product liability lawsuits stand?",
        "What are the lawsuits about, and where do they stand?",
    ):
        assert asks_status(q), q
        assert "place" not in asked_kinds(q), q
        assert asked_entity(q) is None, q
    for q in ("Where is Quillon headquartered?", "Where does the statue stand?"):
        assert not asks_status(q) and asked_kinds(q) == {"place"}, q


STORY = (
    "In May 2038, a class action captioned Harlow v. Quillon was filed against us. "
    "The plaintiffs claim the product labels misled buyers. "
    "The court denied our motion to dismiss in 2039. "
    "Discovery closed and we await a ruling on class certification. "
    "We believe the claims are without merit."
)


def test_a_status_asked_leads_with_the_matters_latest_step() -> None:
    p = _passage(STORY)
    first = _first(p, {"harlow", "class", "action"})
    led = status_first("Where does the Harlow class action stand?", [first], _evidence(p))
    assert "await" in led[0].unit.text  # the last step told, not the opening
    assert first in led  # the opening stays among the quotes
    # asked what it is about, the opening leads
    assert status_first("What is the Harlow class action about?", [first], _evidence(p)) == [first]


def test_a_status_story_runs_on_into_later_chunks_naming_the_matter() -> None:
    opening = _passage("In May 2038, a class action captioned Harlow v. Quillon was filed.")
    middle = _passage("The court denied the motion to dismiss it.", "qw#41")
    later = _passage("Harlow's appeal is pending before the circuit court.", "qw#42")
    other = _passage("Nolan's separate suit was settled.", "qw#43")
    first = _first(opening, {"harlow", "class", "action"})
    ev = _evidence(opening, middle, later, other)
    led = status_first("Where does the Harlow class action stand?", [first], ev)
    assert led[0].passage.chunk_id == "qw#42"  # names the matter; the next one does not


def test_a_purpose_asked_leads_with_the_next_sentence_giving_it() -> None:
    p = _passage(
        "In 2039 we acquired Tarrow Mills and Ebb Foods for $40 million. "
        "Both acquisitions are intended to widen our range of grains. "
        "We also bought two small bakeries."
    )
    first = _first(p, {"tarrow", "ebb", "acquisit"})
    q = "What were Quillon's acquisitions of Tarrow Mills and Ebb Foods meant to achieve?"
    led = reason_first(q, [first])
    assert "intended to" in led[0].unit.text and first in led
    # a question asking no reason keeps the first unit
    assert reason_first("Which companies did Quillon acquire in 2039?", [first]) == [first]


def test_a_verdict_leads_with_the_sentence_holding_the_predicate() -> None:
    p = _passage(
        "Several lawsuits claim that Velotrin caused skin rashes. "
        "Other makers that sold Velotrin are named as well. "
        "Quillon has not sold Velotrin since 2031."
    )
    first = _first(p, {"velotrin"})
    led = verdict_first("Is Quillon still selling Velotrin?", [first], _evidence(p))
    # "sold" is read as "sell"; of the sentences holding it, the one holding the most
    assert led[0].unit.text.startswith("Quillon has not sold")
    # not a yes/no question: unchanged
    assert verdict_first("What do the Velotrin lawsuits claim?", [first], _evidence(p)) == [first]


VENTURE = (
    "| Orchard Point – 50% owned (Tarrow Falls, Nevada) | 1,200 | 40,000 |\n"
    "The Company owns 50% of and manages Orchard Point Holdings. "
    "The other 50% of Orchard Point is owned by Brisa Capital Partners."
)


def test_who_owns_the_other_half_leads_with_the_sentence_naming_the_owner() -> None:
    p = _passage(VENTURE, section="Organization")
    parts = units(p.text)
    words = frozenset({"orchard", "point", "half", "own"})
    row = Candidate(p, Unit(parts[0].start, parts[0].end, parts[0].text, "row"), 0.99, words, 0)
    owns = _at(p, "The Company owns", set(words), 0.95)
    other = _at(p, "The other 50%", set(words), 0.9)
    q = "Who owns the other half of Orchard Point?"
    # the row's place reads as a name; the sentence naming the doer of "owns" leads
    led = lead_with_asked(q, [row, owns], [row, owns, other], 0.3)
    assert "Brisa" in led[0].unit.text
    # a firm answers a "who" asking no office: no note that nobody is named
    assert unheld_note(q, [other.unit.text]) == ""
    assert unheld_note("Who is Orchard Point's chief executive?", [other.unit.text]) != ""
