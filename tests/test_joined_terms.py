"""A Chinese question's single character split off a name is written whole again with
the name ("三月" + "莓"), never a numeral after it ("野驴" + "一" of "一胎"): a count says
nothing of the name. Invented names."""

from __future__ import annotations

from agent.models.joined_terms import joined_terms
from agent.rewrite import core_question, key_terms


def _joined(question: str) -> list[str]:
    core = core_question(question)
    return joined_terms(core, key_terms(core))


def test_a_split_off_character_of_a_name_is_joined_back() -> None:
    assert "三月莓" in _joined("三月莓的果实是什么颜色？")


def test_a_numeral_after_a_name_is_no_part_of_it() -> None:
    words = _joined("青岚野驴一胎生几只？")
    assert "野驴" in words
    assert not any(w.endswith("一") for w in words)
    assert not any(w.endswith("一") for w in _joined("灰雀一年产几窝？"))
