"""What held a figure back, and what drove it, asked of a discussion that names its item
once and then gives each cause in a sentence of its own ("Growth was driven by …",
"Growth was partially offset by …"), or after a sentence stating the move without its
cause. A question asking which products held a figure back is a cause question; it is
answered by the cause set against the move. Invented texts (``answering/cause.py``,
``answering/cause_leads.py``)."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.answering.cause import explained
from agent.models.answering.cause_leads import leans_back
from agent.models.answering.scoring import asks_cause
from agent.question import parse

RELEASE = "SEGMENT RESULTS > Instruments"
MDA = "PART II > Item 7. Management's Discussion and Analysis > Results of Operations"

_SEGMENT = (
    "Instruments worldwide sales grew 4.1% in the third quarter of 2031. Excluding the "
    "divested gauges line, sales grew 5.0%. Growth was driven by VESTRA and QUILLON in "
    "Optics and by PELLAM in Sensors. Growth was partially offset by ORVANT and TESSIC in "
    "Optics and by lower sales of MARLOW in Sensors."
)


def _evidence(text: str, section: str) -> list[Evidence]:
    p = Passage(chunk_id="t#1", doc_id="t", page=3, page_end=3, section=section, text=text)
    return [Evidence(tool="search_document", query="q", passages=[p], names=["keswick"])]


def test_which_things_held_a_figure_back_asks_its_cause() -> None:
    for text in (
        "Which products held back Keswick's Instruments sales in the third quarter of 2031?",
        "What held back Keswick's operating income in 2031?",
        "Which brands weighed on Keswick's net sales in 2031?",
    ):
        assert asks_cause(parse(text)), text
    assert not asks_cause(parse("Which products does Keswick sell?"))


def test_a_bare_move_leans_on_the_sentences_before() -> None:
    assert leans_back("Growth was partially ")
    assert leans_back("The increase was primarily ")
    assert not leans_back("Operating profit declined 14%, primarily ")


def test_what_held_back_is_the_cause_set_against_the_move() -> None:
    q = parse("Which products held back Keswick's Instruments sales in the third quarter of 2031?")
    found = explained(q, _evidence(_SEGMENT, RELEASE))
    assert found, "the segment's causes, named by its heading and the sentences before"
    assert "ORVANT" in found[0].unit.text and "VESTRA" not in found[0].unit.text


def test_what_drove_is_the_cause_of_the_move() -> None:
    q = parse("What drove Keswick's Instruments sales growth in the third quarter of 2031?")
    found = explained(q, _evidence(_SEGMENT, RELEASE))
    assert found and "VESTRA" in found[0].unit.text


def test_a_cause_sentence_goes_on_from_the_move_stated_before_it() -> None:
    text = (
        "Consolidated operating income was $1.4 billion in 2031 compared to $2.3 billion in "
        "2030, a decrease of 37%. The current year benefited from gains on two hotels sold, "
        "partially offset by an increase in rent expense and higher depreciation."
    )
    q = parse("What held back Keswick's operating income in 2031?")
    found = explained(q, _evidence(text, MDA))
    assert found and "rent expense" in found[0].unit.text
    # a sentence naming a line item of its own explains that item, not the one before
    other = text.replace("The current year benefited", "Cost of sales increased")
    assert not explained(q, _evidence(other, MDA))


def test_a_search_for_what_held_back_looks_for_what_offset_the_move() -> None:
    from agent.models.planner import _first_round

    def keywords(question: str) -> str:
        calls = _first_round(question)
        return " ".join(str(c["args"]["query"]) for c in calls if c["args"].get("mode"))

    assert "offset" in keywords("What held back Keswick's operating income in 2031?").split()
    assert "offset" not in keywords("What drove Keswick's operating income in 2031?").split()
