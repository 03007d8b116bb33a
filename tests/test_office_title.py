"""An office asked by name ("the chief executive officer") is answered by the person a
unit gives it to as a whole: not another office sharing its words ("Chief Financial
Officer"), not the office of a part ("Chief Executive Officer, Coastal Division"), and a
surname after a title ("Ms. Varga") is a person. Invented names only."""

from __future__ import annotations

from agent.entities import find
from agent.models.holder import says_office, title


def test_the_office_asked_is_read_as_its_words_in_a_row() -> None:
    assert title("Who serves as Brenmoor's chief executive officer?") == [
        "chief",
        "executive",
        "officer",
    ]
    assert title("Who is the chairman of Brenmoor's board?") == []  # one word: no phrase
    assert title("What was Brenmoor's revenue?") == []  # no person asked
    assert title("Who is Brenmoor's largest customer?") == []  # a rank, no office


def test_a_unit_states_the_office_whole_or_only_of_a_part() -> None:
    office = ["chief", "executive", "officer"]
    own = {"brenmoor"}
    assert says_office("Ilse Varga is our Chief Executive Officer since 2020.", office, own) == 2
    assert says_office("Chief Executive Officer, Brenmoor Inc.", office, own) == 2
    assert says_office("Ada Holm, Chief Executive Officer, Coastal Division", office, own) == 0
    assert says_office("Tom Reed is our Chief Financial Officer.", office, own) == 1


def test_a_title_makes_a_surname_a_person() -> None:
    q = "Who is the chief executive officer?"
    assert find("person", "Ms. Varga currently serves as our Chief Executive Officer.", q) == (
        4,
        9,
    )
