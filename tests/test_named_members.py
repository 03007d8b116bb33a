"""Members a question names set against each other ("which grew faster, A or B", "did A
outpace B", "how did A's growth compare to B's"): only the named members are compared,
each with its two figures and growth, and a Yes or No only when the question asks one.
Invented companies only."""

from __future__ import annotations

import re

from agent.figures.answer import figure_answer
from agent.question.named_members import named_members
from agent.question.parsed import parse
from tests.figurekit import passage, searched

SEGMENTS = """| Velmor Corp. Net sales by segment (in millions) | 2024 | 2023 |
|---|---|---|
| Harbour Foods | 1,200 | 1,000 |
| Quill Beverages | 2,300 | 2,000 |
| Northwind Snacks | 900 | 850 |
| Total net sales | 4,400 | 3,850 |"""
# one table, two blocks: the segments' net sales first, then their earnings under a
# heading of their own
TWO_BLOCKS = """| Velmor Corp. Segment information (in millions) | 2024 | 2023 |
|---|---|---|
| Harbour Foods | 1,200 | 1,000 |
| Quill Beverages | 2,300 | 2,000 |
| Net sales | 3,500 | 3,000 |
| Adjusted EBIT: | | |
| Harbour Foods | 100 | 99 |
| Quill Beverages | 300 | 200 |
| Adjusted EBIT | 400 | 299 |"""
COUNTRIES = """| Velmor Corp. Net sales by country (in millions) | 2024 | 2023 |
|---|---|---|
| United States | 5,000 | 4,500 |
| United Kingdom | 1,300 | 1,000 |
| Germany | 1,100 | 1,000 |
| Total | 7,400 | 6,500 |"""
# the sum of the segments printed as a row of its own beside them
WITH_WHOLE = """| Velmor Corp. Property EBITDAR by segment (in thousands) | 2024 | 2023 |
|---|---|---|
| Harbour Resorts | 7,000 | 5,000 |
| Regional Operations | 2,000 | 2,100 |
| Reportable segment Property EBITDAR | 9,000 | 7,100 |"""


def _answer(question: str, *texts: str) -> str:
    found = searched(*(passage(f"v#{i}", t, page=3 + i, rank=i + 1) for i, t in enumerate(texts)))
    a = figure_answer(question, found, "en")
    assert a is not None and a.lines, question
    return "\n".join(a.lines)


def _has(text: str, *figures: str) -> bool:
    return all(re.search(rf"(?<![\d.,]){re.escape(f)}(?![\d]|,\d)", text) for f in figures)


def test_the_members_a_question_names() -> None:
    named = named_members("Which grew faster in FY24, Velmor's Harbour Foods or Quill Beverages?")
    assert named is not None and named.members == ("Velmor's Harbour Foods", "Quill Beverages")
    named = named_members("Did Harbour Foods outpace Northwind Snacks in sales growth in FY24?")
    assert named is not None and named.members == ("Harbour Foods", "Northwind Snacks")
    assert named.ahead is True
    named = named_members("Did net sales grow faster in Germany or in the UK in FY24?")
    assert named is not None and named.members == ("Germany", "the UK")
    assert named_members("Which segment grew the fastest in FY24?") is None
    assert named_members("What were Velmor's net sales in FY24?") is None
    # setting two named things against each other is a comparison, not one growth
    assert parse("Did Harbour Foods outpace Northwind Snacks in FY24?").operation == "comparison"


def test_only_the_named_members_are_compared() -> None:
    said = _answer(
        "Which grew net sales faster in FY24, Velmor's Harbour Foods or Northwind Snacks?", SEGMENTS
    )
    # Harbour Foods +20.0%, Northwind Snacks +5.9%; Quill Beverages (+15.0%) is not asked
    assert said.startswith("Harbour Foods") and _has(said, "20.0%", "5.9%"), said
    assert "Quill" not in said, said


def test_a_yes_or_no_on_named_members_is_decided_by_their_growth() -> None:
    said = _answer(
        "Did Northwind Snacks outpace Harbour Foods in net sales growth in FY24?", SEGMENTS
    )
    assert said.startswith("No") and _has(said, "5.9%", "20.0%"), said
    said = _answer(
        "Did Harbour Foods' net sales grow faster than Quill Beverages' in FY24?", SEGMENTS
    )
    assert said.startswith("Yes") and _has(said, "20.0%", "15.0%"), said


def test_the_block_of_the_measure_asked_is_read() -> None:
    # net sales: Quill +15.0%, Harbour +20.0% (their Adjusted EBIT moved +50.0% and +1.0%)
    said = _answer(
        "Did Quill Beverages outpace Harbour Foods in net sales growth in FY24?", TWO_BLOCKS
    )
    assert said.startswith("No") and _has(said, "15.0%", "20.0%"), said


def test_initials_and_a_word_of_one_row_name_a_member() -> None:
    said = _answer(
        "Which grew faster for Velmor in FY24, net sales in Germany or in the UK?", COUNTRIES
    )
    assert said.startswith("United Kingdom") and _has(said, "30.0%", "10.0%"), said
    said = _answer(
        "Did the Harbour's Property EBITDAR grow faster than Regional Operations' in FY24?",
        WITH_WHOLE,
    )
    # Harbour Resorts +40.0%, Regional Operations −4.8%; the segments' sum is no member
    assert said.startswith("Yes") and _has(said, "40.0%", "−4.8%"), said
    assert "26.8%" not in said, said
