"""The question's Chinese characters the selector looks for (``Ask.chars``) are those of
what it asks about, not of how it asks ("指什么", "为什么"): a sentence about another topic
sharing the character "指" (in "指标") says nothing of the question."""

from __future__ import annotations

from agent.evidence import Evidence
from agent.models.features import make_ask
from agent.question.kinds import unasked


def test_the_phrase_asking_for_a_kind_gives_no_characters() -> None:
    ev = Evidence(tool="search_document", query="q", passages=[], term_df={"灯塔": 3})
    assert make_ask("灯塔指什么？", [ev]).chars == frozenset("灯塔")
    assert "为" not in make_ask("灯塔为什么改用电灯？", [ev]).chars


def test_a_measure_the_question_asks_for_keeps_its_characters() -> None:
    assert "增长率" in unasked("营业收入的增长率是多少？")
    assert "多少" not in unasked("营业收入的增长率是多少？")
    assert unasked("什么时候建成的？").strip() == "建成的？"
