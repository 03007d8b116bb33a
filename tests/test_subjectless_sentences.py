"""A Chinese sentence leaving its subject out is about what the sentence before names: it
is quoted with it, and goes on the answer of a question asking two things. Invented text."""

from __future__ import annotations

from agent.evidence import Passage, units
from agent.models.judge import Candidate
from agent.models.spans import leans_back, with_reasons


def test_a_sentence_opening_with_a_verb_preposition_or_conjunction_leans_back() -> None:
    assert leans_back("为一只呈人身鸟翅形态的神鸟，是青岚神的座骑。")
    assert leans_back("使用青霜酮处理细胞，然后测量蛋白质的数量。")
    assert leans_back("由于青霜酮阻碍蛋白质的合成，细胞内的蛋白质不断减少。")
    assert leans_back("三十二岁因房东之邀跨入饭店观光业。")  # an age, then no subject
    assert not leans_back("青岚国徽是由国王在1910年启用的。")
    assert not leans_back("2031年，青岚书院在现址建成。")
    assert not leans_back("双方不参加任何与对方敌对的同盟。")


def test_a_question_asking_two_things_takes_the_sentence_going_on_without_a_subject() -> None:
    text = "青岚国徽是由国王在1910年启用的。为一只呈人身鸟翅形态的神鸟。青岚的国花是兰花。"
    p = Passage(chunk_id="d#0", doc_id="d", page=1, page_end=1, text=text)
    c = Candidate(p, units(text)[0], 1.0, frozenset(), 0)
    [both] = with_reasons([c], "青岚国徽是什么时候启用的，图案是什么？")
    assert both.unit.text.endswith("神鸟。") and "国花" not in both.unit.text
    [one] = with_reasons([c], "青岚国徽是什么时候启用的？")
    assert one.unit.text.endswith("启用的。")
