"""Members printed across a table's head: a ranking reads the row the question names
across the member columns of the period asked (never a total's column, never another
period's), a comparison of two named members reads their two cells; a kind of member the
columns are not answers nothing. Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.comparisons import compared_answer
from agent.question.compare import asks_extreme, placed, wants_minimum

# places down the rows, the segments across the head, two periods side by side
BY_PLACE = """| ($ in millions) Six Months Ended March 31, | 2025 Coastal | 2025 \
| 2025 Upland Foods | 2025 Total | 2024 Coastal | 2024 | 2024 Upland Foods | 2024 Total |
|---|---|---|---|---|---|---|---|---|
| North America | $700 |  | $900 | $1,600 | $650 |  | $1,200 | $1,850 |
| South America | 310 |  | 120 | 430 | 100 |  | 400 | 500 |
| Net sales | $1,010 |  | $1,020 | $2,030 | $750 |  | $1,600 | $2,350 |"""
# kinds of growth, each with its places under it, the segments across the head
GROWTH = """| (percent) | Sales growth, first half 2025 vs. 2024 Segments Retail \
| Sales growth, first half 2025 vs. 2024 Segments Wholesale | Marine | Total |
|---|---|---|---|---|
| WW As Reported | 4.0% | 6.0% | 2.0% | 4.5% |
| U.S. | 3.0% | 9.0% | 1.0% | 5.0% |
| International | 5.0% | 3.0% | (2.0)% | 2.5% |
| WW Operational | 5.0% | 7.0% | 4.0% | 5.5% |
| U.S. | 11.0% | 9.0% | 1.0% | 7.0% |
| International | 2.0% | 5.0% | 7.0% | 4.0% |"""
# each segment over two columns (its amount, its percentage); years as heading rows
SEGMENT_RESULTS = """| (dollars in thousands) | Studio | Studio | Cloud Tools | Cloud Tools \
| Total | Total |
|---|---|---|---|---|---|---|
| Fiscal 2025 |  |  |  |  |  |  |
| Revenue | $5,000 |  | $2,000 |  | $7,000 |  |
| Gross profit | $4,000 |  | $1,400 |  | $5,400 |  |
| Gross profit as a percentage of revenue |  | 80% |  | 70% |  | 77% |
| Fiscal 2024 |  |  |  |  |  |  |
| Revenue | $4,000 |  | $1,500 |  | $5,500 |  |
| Gross profit | $3,000 |  | $1,350 |  | $4,350 |  |
| Gross profit as a percentage of revenue |  | 75% |  | 90% |  | 79% |"""


def _lines(question: str, *texts: str) -> list[str]:
    passages = [
        Passage(chunk_id=f"cm#{i}", doc_id="cm", page=3 + i, page_end=3 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    a = compared_answer(question, [Evidence(tool="search", query="q", passages=passages)], "en")
    return a.lines if a is not None else []


def test_a_segment_ranked_by_the_row_of_a_place_across_the_head() -> None:
    q = "Which Brindlemoor segment sold more in South America in the six months to March 31, 2025?"
    lines = _lines(q, BY_PLACE)
    assert lines and lines[0].startswith("Coastal") and "310" in lines[0], lines
    assert "120" in lines[1], lines
    said = " ".join(lines)
    assert "430" not in said and "100" not in said  # the total's column, the year before's


def test_the_least_of_the_members_when_the_question_asks_the_low_end() -> None:
    q = "Which Brindlemoor segment had the fewest North America sales in the six months to 2025?"
    lines = _lines(q, BY_PLACE)
    assert lines and lines[0].startswith("Coastal") and "700" in lines[0], lines


def test_a_repeated_label_is_read_under_the_heading_the_question_says() -> None:
    q = "Which segment grew fastest operationally in the U.S. in the first half of 2025?"
    lines = _lines(q, GROWTH)
    assert lines and lines[0].startswith("Retail") and "11.0%" in lines[0], lines
    q = "Which segment had the weakest reported international growth in the first half of 2025?"
    lines = _lines(q, GROWTH)
    assert lines and lines[0].startswith("Marine") and "(2.0)%" in lines[0], lines


def test_a_rate_is_read_from_the_row_printing_it_under_the_year_asked() -> None:
    q = "Which segment earned the thinnest gross margin in fiscal 2024?"
    lines = _lines(q, SEGMENT_RESULTS)
    assert lines and lines[0].startswith("Studio") and "75%" in lines[0], lines
    assert "90%" in lines[1] and "1,350" not in " ".join(lines), lines


def test_columns_of_another_kind_answer_no_region_question() -> None:
    q = "Which region had the highest net sales in the six months ended March 31, 2025?"
    assert not any(line.startswith(("Coastal", "Upland")) for line in _lines(q, BY_PLACE))


def test_two_named_members_compared_across_the_head() -> None:
    q = "How did Studio's gross profit in fiscal 2024 compare with Cloud Tools'?"
    lines = _lines(q, SEGMENT_RESULTS)
    assert lines and "3,000" in lines[0] and "1,350" in lines[0], lines
    assert "4,000" not in lines[0]  # fiscal 2025's


def test_comparatives_and_size_superlatives_ask_for_an_end() -> None:
    assert asks_extreme("Which segment sold more in Brazil?")
    assert asks_extreme("Which nominee drew the fewest votes against?")
    assert wants_minimum("Which nominee drew the fewest votes against?")
    assert wants_minimum("Which segment earned the thinnest margin?")
    assert not wants_minimum("Which division was hit hardest by impairment charges?")


def test_the_place_asked_below_the_top() -> None:
    q = "Which segment had the second-highest reported U.S. growth in the first half of 2025?"
    lines = _lines(q, GROWTH)
    assert lines and lines[0].startswith("Retail had the second highest") and "3.0%" in lines[0]
    assert placed([3.0, 9.0, 1.0], float, "the second-smallest") == 3.0
    assert placed([3.0, 9.0], float, "the third-largest") is None
