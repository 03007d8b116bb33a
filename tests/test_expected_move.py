"""A yes/no question asking where a figure is expected to go is decided by the move the
outlook sentence states, not by sharing the question's move word."""

from __future__ import annotations

import pytest

from agent.models.expected_move import asked_move, move_words, stated_move, verdict
from agent.models.sections import stated_verdict

PACE_Q = "Is growth in Fabrikam's freight costs expected to accelerate in 2031?"


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("We expect freight costs to grow at a slower rate in 2031.", "no"),
        ("We expect freight costs to grow at a faster pace in 2031.", "yes"),
    ],
)
def test_a_pace_asked_is_decided_by_the_pace_said_not_the_level(said: str, expected: str) -> None:
    assert verdict(PACE_Q, said) == expected


def test_a_cause_after_the_move_does_not_decide() -> None:
    q = "Are Fabrikam's freight costs expected to increase in 2031?"
    said = "We expect freight costs to decline in 2031 due to an increase in rail capacity."
    assert stated_move(said).level == -1
    assert verdict(q, said) == "no"


def test_an_end_asked_is_denied_by_a_state_going_on() -> None:
    q = "Does Fabrikam expect the higher freight costs to ease in 2031?"
    assert asked_move(q).stop  # the move read after "to", not the adjective before it
    assert verdict(q, "Freight costs stayed high, which we expect to continue in 2031.") == "no"
    assert verdict(q, "We expect freight costs to decrease in 2031.") == "yes"


def test_a_going_on_asked_is_met_by_the_same_direction_going_on() -> None:
    q = "Are Fabrikam's rebates expected to keep declining?"
    assert verdict(q, "We expect rebates to continue to decrease in future periods.") == "yes"
    assert verdict(q, "We expect rebates to increase in future periods.") == "no"


def test_a_negation_turns_the_stated_move_round() -> None:
    q = "Is Fabrikam's revenue expected to increase in 2031?"
    assert verdict(q, "We do not expect revenue to increase in 2031.") == "no"


def test_no_expected_move_asked_or_said_decides_nothing() -> None:
    assert verdict("Is Fabrikam's revenue seasonal?", "We expect revenue to grow.") is None
    assert verdict(PACE_Q, "Freight costs were $5 million in 2030.") is None


def test_move_words_are_not_asked_of_the_subject() -> None:
    assert {"accelerate", "expected"} <= move_words(PACE_Q)
    assert "freight" not in move_words(PACE_Q)


def test_the_answer_opens_with_the_verdict_its_outlook_sentence_gives() -> None:
    said = "We expect freight costs to grow at a slower rate in 2031 due to longer contracts."
    assert stated_verdict(PACE_Q, [], [said]) == "no"
    other = "Freight costs include fuel surcharges and handling fees paid to carriers."
    assert stated_verdict(PACE_Q, [], [other]) is None  # the subject, but no move said


def test_the_sentence_saying_the_expected_move_leads_the_answer() -> None:
    from agent.evidence import Evidence, Passage, units
    from agent.models.candidates import Candidate
    from agent.models.verdict_lead import verdict_first

    q = "Does Fabrikam expect the higher freight costs it faced in 2030 to ease in 2031?"
    text = (
        "In our 2031 results, we expect to incur restructuring charges of about $60 million. "
        "During 2030 we faced higher freight costs on fuel and labor, which we expect to "
        "continue in 2031."
    )
    p = Passage(chunk_id="fb#3", doc_id="fb", page=7, page_end=7, section="Outlook", text=text)
    first = Candidate(p, units(text)[0], 0.9, frozenset(), 0)
    ev = [Evidence(tool="search_document", query="q", passages=[p], names=["fabrikam"])]
    led = verdict_first(q, [first], ev)
    assert "continue" in led[0].unit.text and first in led  # the first stays among the quotes
    assert stated_verdict(q, ev, [led[0].unit.text]) == "no"
