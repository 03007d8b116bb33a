"""An answer the answerability gate has not read (a section listed for a topic, an
overview's description) is given only when its evidence says one of the question's words
besides its names: a heading naming the place asked of is no answer to what is asked of
it. Invented text."""

from __future__ import annotations

from agent.models.held_focus import unheld_focus, uses_any

ADDRESS = ["12 Quarry Lane, Dunmore, Veltrania 40211\n(Address of principal executive offices)"]


def test_a_section_naming_the_place_but_not_what_is_asked_is_no_answer() -> None:
    assert unheld_focus("section", ["capital"], ADDRESS)
    town = ["白石镇是青岚省的一座城市。"]
    assert unheld_focus("description", ["首府"], town)


def test_a_section_saying_a_word_asked_answers() -> None:
    bought = ["Acquisitions\nIn 2024 we acquired Orrin Gears and Tesswick Seals."]
    assert not unheld_focus("section", ["companies", "acquire"], bought)
    assert uses_any(["客户"], ["前五名客户合计销售额占比为31%。"])
    assert uses_any([], ADDRESS)  # nothing asked besides names: nothing to miss
    # a word of the same root in a heading: "Acquisitions" of "acquire"
    assert uses_any(["acquire"], ["Acquisitions\nWe bought Orrin Gears."])
    assert not uses_any(["capital"], ["Capitol Street offices"])


def test_the_gated_forms_are_the_gates() -> None:
    # a sentence or a figure is checked by the gate and the figure verifier instead
    assert not unheld_focus("sentence", ["capital"], ADDRESS)
    assert not unheld_focus("figure", ["capital"], ADDRESS)
