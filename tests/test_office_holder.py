"""A sentence stating the office asked of another holder ("… Chief Executive Officer of
<Other>, Inc.") speaks of another subject: the judge puts it after the one stating the
office of the subject asked. Invented names and text only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.holder import holders, of_another

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
