"""The bench's scoring of two-figure answers: a comparison counts only with both sides, a
yes/no only when the answer opens with the verdict."""

from __future__ import annotations

from testkit.answer_checks import gold_figures, has_every_figure, has_figure, opening_verdict


def test_a_comparison_needs_every_figure_of_its_gold() -> None:
    gold = gold_figures("Yes: 4,210 vs 3,975")
    one_side = "Widget sales were $4,210 million in FY2024."
    both = "Widget sales were $4,210 million in FY2024, up from $3,975 million."
    assert has_figure(gold, one_side)  # the lenient count: either figure
    assert not has_every_figure(gold, one_side)
    assert has_every_figure(gold, both)
    assert has_every_figure(gold_figures("12.5% vs (3.1)%"), "grew 12.5% while B fell 3.1%")
    assert not has_every_figure([], "anything at all 12")


def test_the_verdict_is_the_answers_opening_word() -> None:
    assert opening_verdict("Yes: sales rose from 3,975 to 4,210.") == "yes"
    assert opening_verdict("**No** — they fell.") == "no"
    assert opening_verdict("Sales rose; yes, they did.") is None
    assert opening_verdict("Nothing in the filing says.") is None


def test_a_figure_right_after_a_chinese_word_is_read() -> None:
    # a Chinese answer writes "赞成票为1,234,567": the character before is no digit of it
    gold = gold_figures("1,234,567")
    assert has_figure(gold, "赞成票为1,234,567，反对票为89,012")
    assert not has_figure(gold, "Q1234567")  # a Latin word's digits are still not a figure
