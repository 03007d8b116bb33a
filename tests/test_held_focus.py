"""An answer the answerability gate has not read (a section listed for a topic, an
overview's description) is given only when its evidence says the word asked for: a
heading naming the place asked of is no answer to what is asked of it. Invented text."""

from __future__ import annotations

from agent.models.held_focus import unheld_focus, uses_focus

ADDRESS = ["12 Quarry Lane, Dunmore, Veltrania 40211\n(Address of principal executive offices)"]


def test_a_section_naming_the_place_but_not_what_is_asked_is_no_answer() -> None:
    assert unheld_focus("What is the capital of Veltrania?", "section", ADDRESS)
    town = ["白石镇是青岚省的一座城市。"]
    assert unheld_focus("青岚省的首府是哪里？", "description", town)


def test_a_section_saying_the_word_asked_answers() -> None:
    risks = ["Risk Factors\nOur furnaces depend on one supplier of sand."]
    assert not unheld_focus("What are the risk factors?", "section", risks)
    assert uses_focus("主要客户是谁？", ["前五名客户合计销售额占比为31%。"])


def test_the_gated_forms_are_the_gates() -> None:
    # a sentence or a figure is checked by the gate and the figure verifier instead
    assert not unheld_focus("What is the capital of Veltrania?", "sentence", ADDRESS)
    assert not unheld_focus("What is the capital of Veltrania?", "figure", ADDRESS)
