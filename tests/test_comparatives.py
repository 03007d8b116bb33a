"""Which of two ("Which segment grew faster?"), the steepest or sharpest move, and a
shrinking figure are rankings of a change (``lexicon/comparing.json``,
``question/compare.py``)."""

from __future__ import annotations

from agent.question.compare import asks_change, asks_extreme, wants_minimum


def test_a_comparative_between_members_asks_for_one_of_them() -> None:
    q = "Which segment grew net sales faster in the six months ended December 31, 2025?"
    assert asks_extreme(q) and asks_change(q) and not wants_minimum(q)
    q = "Which segment had the lower operating margin in 2025?"
    assert asks_extreme(q) and wants_minimum(q)


def test_the_steepest_drop_is_the_lowest_change() -> None:
    q = "Which region saw the steepest drop in sales in 2025?"
    assert asks_extreme(q) and asks_change(q) and wants_minimum(q)


def test_a_category_that_shrank_is_a_change_not_a_level() -> None:
    q = "Which of the company's sales categories shrank in 2025?"
    assert asks_extreme(q) and asks_change(q) and wants_minimum(q)
