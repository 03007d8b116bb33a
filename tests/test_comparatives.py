"""Which of two ("Which segment grew faster?"), the steepest or sharpest move, and a
shrinking figure are rankings of a change; a kind of member named in two words
("therapeutic area") is read whole; "Rank … by …" asks for a ranking
(``lexicon/comparing.json``, ``question/compare.py``, ``figures/member_kinds.py``)."""

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


def test_a_kind_named_in_two_words_is_not_the_kind_of_its_last_word() -> None:
    from agent.figures.member_kinds import asked_kind

    # an "area" alone is a place's; a therapeutic area is a group of products
    assert asked_kind("Which therapeutic area brought in the most revenue in 2025?") == "category"
    assert asked_kind("Which geographic area grew fastest in 2025?") == "region"
    assert asked_kind("Which business area grew fastest in 2025?") == "segment"


def test_a_ranking_asked_outright_is_one() -> None:
    from agent.figures.member_kinds import asked_kind

    q = "Rank the company's regions by revenue growth in fiscal 2025."
    assert asks_extreme(q) and asked_kind(q) == "region"
    assert asks_extreme("Which segment's Adjusted EBITDA went down in 2025?")
    assert not asks_extreme("What order did the court give in 2025?")
