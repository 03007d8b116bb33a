"""What a thing of the report is and what it is for, asked: the sentence that describes it
leads, not a balance or a table's lead-in that only names it. Every name is invented."""

from __future__ import annotations

from agent.evidence import Passage, units
from agent.models.candidates import Candidate
from agent.models.nature_lead import asked_thing, describes, nature_first

ASKED = "What is the nature and purpose of Fabrikam's Bridge Note Facility as of June 30, 2031?"
BALANCE = "There were no borrowings outstanding under the Bridge Note Facility at June 30, 2031."
SETUP = (
    "In May 2030, we entered into a bridge note facility (the “Bridge Note Facility”) "
    "under which we may borrow up to $2.0 billion to fund acquisitions."
)


def _candidate(text: str, order: int) -> Candidate:
    p = Passage(chunk_id=f"fb#{order}", doc_id="fb", page=9, page_end=9, section="Debt", text=text)
    return Candidate(p, units(text)[0], 0.9, frozenset(), order)


def test_the_thing_asked_is_read_without_its_owner_period_or_clause() -> None:
    assert asked_thing(ASKED) == "Bridge Note Facility"
    q = "What is the nature of the rebate reserve Fabrikam carries at the end of 2031?"
    assert asked_thing(q) == "rebate reserve"
    assert asked_thing("What was Fabrikam's revenue in 2031?") is None


def test_a_sentence_introducing_the_thing_describes_it_more_than_one_naming_it() -> None:
    thing = "Bridge Note Facility"
    assert describes(thing, SETUP) > describes(thing, BALANCE) == 0
    held = "We are self-insured for certain losses related to workers' compensation claims."
    listed = "Our self-insured liabilities were as follows ($ in millions):"
    assert describes("self-insured liabilities", held) > describes(
        "self-insured liabilities", listed
    )
    mixed = "We have a mixture of fixed and floating rates and use rate swaps for flexibility."
    assert describes("fixed price commodity swaps", mixed) == 0  # "fixed" of another thing
    kept = "Rebate reserves are recorded at full sales value."
    assert describes("rebate reserve", kept) == 0  # how it is kept, not what it is


def test_the_describing_sentence_leads_and_the_first_stays() -> None:
    first, setup = _candidate(BALANCE, 0), _candidate(SETUP, 5)
    led = nature_first(ASKED, [first], [first, setup])
    assert led[0] is setup and first in led


def test_a_question_asking_no_nature_is_left_alone() -> None:
    first, setup = _candidate(BALANCE, 0), _candidate(SETUP, 5)
    q = "Did Fabrikam borrow under the Bridge Note Facility in 2031?"
    assert nature_first(q, [first], [first, setup]) == [first]
