"""What happened, asked: the answer leads with the sentence telling the event, not the
cover's date field, the signature's date line or an agreement's title page that only
share the date. Every name is invented."""

from __future__ import annotations

from agent.evidence import Passage, units
from agent.models.candidates import Candidate
from agent.models.event_lead import asks_event, event_first, tells_event

ASKED = "What happened to Fabrikam on March 14, 2031?"
COVER = "Date of Report (Date of earliest event reported): March 14, 2031\nFabrikam, Inc."
SIGNED = "Date: March 18, 2031 Fabrikam, Inc."
TITLE = "Dated as of March 14, 2031 among FABRIKAM, INC., as Borrower, THE LENDERS NAMED HEREIN"
EVENT = (
    "On March 14, 2031, Fabrikam, Inc. completed the sale of its coatings business to "
    "Northwind Traders for $1.2 billion in cash."
)
OTHER_DAY = "On February 2, 2031, Fabrikam terminated its revolving credit agreement."


def _candidate(text: str, order: int, score: float = 0.9) -> Candidate:
    p = Passage(chunk_id=f"fb#{order}", doc_id="fb", page=order, page_end=order, text=text)
    return Candidate(p, units(text)[0], score, frozenset(), order, rank=-order)


def test_a_question_asking_what_happened_is_read_in_either_language() -> None:
    assert asks_event(ASKED) and asks_event("2031年3月14日Fabrikam发生了什么？")
    assert not asks_event("What was Fabrikam's revenue on March 14, 2031?")


def test_a_field_a_date_line_or_a_title_page_tells_no_event() -> None:
    assert tells_event(EVENT) and tells_event(OTHER_DAY)
    assert not tells_event(COVER)  # 'reported' is in the field's label, not its value
    assert not tells_event(SIGNED)
    assert not tells_event(TITLE)


def test_the_event_on_the_day_asked_leads_and_the_first_stays() -> None:
    cover, title, other, event = (
        _candidate(t, i) for i, t in enumerate((COVER, TITLE, OTHER_DAY, EVENT))
    )
    led = event_first(ASKED, [cover, title], [cover, title, other, event], floor=0.5)
    assert led[0] is event and cover in led and title in led


def test_a_unit_below_the_floor_or_no_event_question_leaves_the_lead() -> None:
    cover, event = _candidate(COVER, 0), _candidate(EVENT, 1, score=0.1)
    assert event_first(ASKED, [cover], [cover, event], floor=0.5) == [cover]
    event.score = 0.9
    q = "When did Fabrikam file its report on March 14, 2031?"
    assert event_first(q, [cover], [cover, event], floor=0.5) == [cover]
