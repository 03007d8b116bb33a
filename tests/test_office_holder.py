"""A sentence stating the office asked of another holder ("… Chief Executive Officer of
<Other>, Inc.") speaks of another subject: the judge puts it after the one stating the
office of the subject asked. Invented names and text only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.holder import holders, of_another, title
from agent.models.kind_lead import unheld_note

EV = [
    Evidence(
        tool="search",
        query="chief executive officer",
        owner=["brenmoor", "glassworks"],
        passages=[
            Passage(
                chunk_id="d#1",
                doc_id="d",
                page=3,
                page_end=3,
                text="Before joining us, Ms. Varga was Chief Executive Officer of Tesswick "
                "Looms, Inc. Tesswick Looms, Inc. makes carpets.",
            )
        ],
    )
]
ASKED = "Who is the chief executive officer of Brenmoor Glassworks?"


def test_the_office_of_another_firm_is_another_subjects() -> None:
    said = "Ms. Varga was previously Chief Executive Officer of Tesswick Looms, Inc., a mill."
    assert of_another(ASKED, said, EV)
    held = "Before that, he served as Executive in Residence at Quorvane Partners."
    assert of_another("Who serves as Brenmoor's chief executive officer?", held, EV)


def test_the_office_of_the_subject_asked_is_its_own() -> None:
    for said in (
        "Ilse Varga is our Chairman and Chief Executive Officer.",
        "I, the undersigned Chief Executive Officer of Brenmoor Glassworks, certify.",
        "Ilse Varga, Chief Executive Officer of the Board of Directors' committee.",
    ):
        assert not of_another(ASKED, said, EV), said
    # a question asking no person ("What does …") is not read this way
    said = "Ms. Varga was previously Chief Executive Officer of Tesswick Looms, Inc."
    assert not of_another("What does the chief executive officer of Brenmoor oversee?", said, EV)


def test_the_holder_is_the_name_after_the_office_words() -> None:
    office = {"chief", "execut", "officer"}
    said = "He was Chief Executive Officer of Tesswick Looms, Inc. from 2010."
    assert any(h.startswith("Tesswick Looms") for h in holders(said, office))


def test_who_does_something_to_a_thing_asks_no_office() -> None:
    # the words after an action verb name what is owned or audited, not an office; an
    # office is what "who is / serves as" asks, or what "as" puts
    assert title("Who owns the other 40% of the specialty coatings joint venture?") == []
    assert title("Who audits the consolidated financial statements?") == []
    assert title(ASKED) == ["chief", "executive", "officer"]
    assert title("Who serves as Brenmoor's chief financial officer?") == [
        "chief",
        "financial",
        "officer",
    ]
    assert title("Who leads Brenmoor as its chief executive?") == ["chief", "executive"]


def test_a_firm_owning_the_thing_asked_answers_who_owns_it() -> None:
    # "Who owns …?" asks no office, so a firm named in the unit holds the answer: no note
    # that the passages do not say who it is
    asked = "Who owns the other 40% of the specialty coatings joint venture?"
    # an initialism, which the firm finder knows by no legal form, names the doer too
    said = ["We received a 60% stake in the new company and HCG owns the remaining 40%."]
    assert unheld_note(asked, said) == ""
    # a unit naming no one before the verb does not say who owns it
    assert unheld_note(asked, ["The venture owns plants in Ohio and Texas."]) != ""
