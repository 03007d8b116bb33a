"""A vote's outcome decides a yes/no question asked in other words: "Was … approved at the
May 2039 AGM?" is answered No by "(6) The member proposal regarding … was defeated:", a
row of the vote's table that lies far past the meeting's opening sentence. The meeting and
month asked only frame the vote. An outcome said of another matter decides nothing.
Every name here is invented."""

from __future__ import annotations

from agent.evidence import Evidence, Passage, units
from agent.models.candidates import Candidate
from agent.models.reversal import outcome_met
from agent.models.sections import stated_verdict
from agent.models.verdict_lead import verdict_first
from agent.topic_terms import topic_terms

SCOPE = [Evidence(tool="search_document", query="q", passages=[], names=["northwind"])]
ASKED = "Was the member proposal for a rotating chair approved at Northwind's May 2039 AGM?"
DEFEATED = "(6) The member proposal regarding a rotating chair was defeated:"


def _passage(text: str, cid: str) -> Passage:
    return Passage(chunk_id=cid, doc_id="nw", page=4, page_end=4, section="Votes", text=text)


def _candidate(p: Passage) -> Candidate:
    return Candidate(p, units(p.text)[0], 0.9, frozenset(), 0)


def test_a_defeated_proposal_answers_an_approval_asked_with_no() -> None:
    assert stated_verdict(ASKED, SCOPE, [DEFEATED]) == "no"
    # the outcome is the statement's word for the question's "approved"
    assert stated_verdict("Was the proposal approved?", SCOPE, [DEFEATED]) == "no"
    adopted = "(3) The members adopted the rotating chair proposal of the board."
    assert stated_verdict(ASKED, SCOPE, [adopted]) == "yes"


def test_an_outcome_word_speaks_only_to_the_outcome_asked() -> None:
    terms = topic_terms(ASKED)
    assert outcome_met(terms, DEFEATED) == frozenset(t for t in terms if t.startswith("approv"))
    # a statement saying no outcome meets nothing; nor does a question asking none
    assert not outcome_met(terms, "The member proposal regarding a rotating chair is on p. 9.")
    assert not outcome_met(topic_terms("Who chairs the board?"), DEFEATED)


def test_an_outcome_of_another_matter_decides_nothing() -> None:
    q = "Were any member proposals approved at the 2039 AGM?"
    other = "(2) The members ratified the appointment of Elm & Co as auditors."
    assert stated_verdict(q, SCOPE, [other]) is None


def test_the_chosen_row_stating_the_outcome_leads() -> None:
    opening = _passage(
        "Northwind held its 2039 annual meeting of members on May 3. "
        "For more information on the following proposals, see Northwind’s proxy statement.",
        "nw#5",
    )
    row = _passage(f"| {DEFEATED} |  |\n| For | 250,838 |", "nw#13")
    first = Candidate(opening, units(opening.text)[1], 0.9, frozenset(), 0)
    quoted = _candidate(row)
    ev = [Evidence(tool="search_document", query="q", passages=[opening, row])]
    led = verdict_first(ASKED, [first, quoted], ev)
    assert led[0] is quoted and led.count(quoted) == 1 and first in led


def test_a_row_naming_only_the_company_does_not_lead() -> None:
    said = _passage("Our results of operations do not tend to be seasonal in nature.", "nw#7")
    row = _passage("| Net loss attributable to Northwind Mills | (310,705) |", "nw#40")
    first, quoted = _candidate(said), _candidate(row)
    ev = [
        Evidence(tool="search_document", query="q", passages=[said, row], names=["northwindmill"])
    ]
    led = verdict_first("Are Northwind Mills' results seasonal?", [first, quoted], ev)
    assert led[0] is first
