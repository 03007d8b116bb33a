"""Questions comparing two figures: the move a question asks (its direction, the sum moved,
whether two figures decide its yes or no), an outflow's move by its size, the sum moved
said when asked "by how much", a metric's move between two years, and two rows of one
period set against each other. Invented companies only."""

from __future__ import annotations

import re

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.differences import asks_amount_change
from agent.question.asked_move import asked_move, direction, verdict
from agent.question.parsed import parse
from tests.figurekit import passage, searched

INCOME = """| Velmor Corp. Consolidated Statements of Income (in millions) | 2024 | 2023 |
|---|---|---|
| Net sales | 5,000 | 4,000 |
| Cost of sales | 3,100 | 2,400 |
| Gross profit | 1,900 | 1,600 |
| Research and development | 650 | 500 |
| Sales and marketing | 700 | 640 |
| Operating income | 550 | 460 |"""
CASH = """| Velmor Corp. Consolidated Statements of Cash Flows (in millions) | 2024 | 2023 |
|---|---|---|
| Net cash provided by operating activities | 900 | 800 |
| Capital expenditures | (310) | (420) |
| Dividends paid | (120) | (110) |
| Repurchase of common stock | (260) | (90) |"""
BALANCE = """| Velmor Corp. Consolidated Balance Sheets (in millions) | 2024 | 2023 |
|---|---|---|
| Inventories | 1,240 | 1,010 |
| Total current liabilities | 2,900 | 2,350 |
| Total assets | 9,800 | 9,100 |"""


def _answer(question: str, *texts: str) -> str:
    found = searched(*(passage(f"v#{i}", t, page=3 + i, rank=i + 1) for i, t in enumerate(texts)))
    a = figure_answer(question, found, "en")
    assert a is not None and a.lines, question
    return " ".join(re.sub(r"\[[^\]]*\]", "", line) for line in a.lines)


def _has(text: str, *figures: str) -> bool:
    return all(f in text for f in figures)


def test_the_move_a_question_asks() -> None:
    # livelier verbs of a move say its direction
    assert direction("Did the backlog swell from FY23 to FY24?") == "up"
    assert direction("Did inventories build between FY23 and FY24?") == "up"
    assert direction("Did the gross profit rate slip in FY24?") == "down"
    # a comparative of size against an earlier period of the same item
    assert direction("Did it spend more on capex in H1 FY2024 than in H1 FY2023?") == "up"
    assert direction("What were its capital expenditures?") == ""
    assert asked_move("By how much did revenue swell in FY24?").kind == "difference"
    assert asked_move("Did sales fall in FY24?").kind == "direction"
    assert parse("Did sales fall in FY24 vs FY23?").move.decided_by_two


def test_two_figures_decide_a_yes_or_no_only_on_a_direction() -> None:
    assert verdict("Did sales fall in FY24 vs FY23?", 4000, 3500) == "Yes"
    assert verdict("Did sales fall in FY24 vs FY23?", 3500, 4000) == "No"
    assert verdict("Did capex go up in FY24?", 300, 310) == "Yes"
    # a bar or another item's move is more than a direction: no verdict from two figures
    assert verdict("Did interest expense more than double in FY24?", 39, 79) == ""
    assert verdict("Did R&D grow faster than net sales in FY24?", 500, 650) == ""
    assert verdict("Did sales rise more than in 2023?", 4000, 5000) == ""
    assert verdict("What were sales in FY24?", 4000, 5000) == ""
    # how large a move is ("vary much", "change significantly") two figures never decide
    assert verdict("Do Velmor's sales vary much by season?", 4000, 5000) == ""
    assert verdict("Did Velmor's capex change significantly in FY24?", 300, 310) == ""
    assert verdict("Did Velmor's capex change in FY24?", 300, 310) == "Yes"
    assert asked_move("Did R&D grow faster than its net sales in FY24?").against
    assert parse("Did R&D grow faster than its net sales in FY24?").operation == "comparison"


def test_an_outflows_move_is_a_move_of_its_size() -> None:
    said = _answer("Did Velmor's capital expenditures go down in FY2024 vs FY2023?", CASH)
    assert said.startswith("Yes"), said
    assert _has(said, "420", "310", "110"), said


def test_by_how_much_asks_the_sum_moved() -> None:
    assert asks_amount_change("By how much did revenue grow in FY2024?")
    assert not asks_amount_change("How much did revenue grow in FY2024?")
    assert not asks_amount_change("By how much did revenue grow in percent?")
    said = _answer("By how much did Velmor's net sales grow in FY2024?", INCOME)
    assert "1,000" in said, said


def test_one_figure_with_the_year_before_says_the_sum_and_the_verdict() -> None:
    said = _answer("By how much did Velmor's inventories build up during FY2024?", BALANCE)
    assert _has(said, "1,240", "1,010", "230"), said
    said = _answer(
        "By how much did Velmor's total current liabilities swell from FY23 to FY24?", BALANCE
    )
    assert "550" in said, said
    said = _answer("Did Velmor's inventories build between FY23 and FY24?", BALANCE)
    assert said.startswith("Yes"), said


def test_a_metrics_move_between_two_years_is_worked_for_both() -> None:
    said = _answer("Did Velmor's gross margin slip in FY2024 from FY2023?", INCOME)
    # 38.0% in 2024 against 40.0% in 2023: a fall, said first
    assert said.startswith("Yes"), said
    assert _has(said, "38.0", "40.0"), said


def test_two_rows_of_one_period_set_against_each_other() -> None:
    said = _answer(
        "How did Velmor's R&D spend compare with its sales and marketing in FY2024?", INCOME
    )
    assert _has(said, "650", "700", "50"), said
    said = _answer("Did Velmor's R&D grow faster than its sales and marketing in FY2024?", INCOME)
    # research and development +30.0%, sales and marketing +9.4%
    assert said.startswith("Yes") and _has(said, "30.0%", "9.4%"), said
    # two possessives ("R&D's", "marketing's") share no word of a measure
    said = _answer(
        "How did Velmor's R&D growth compare to sales and marketing's in FY2024?", INCOME
    )
    assert _has(said, "30.0%", "9.4%"), said
    said = _answer(
        "Did Velmor pay out more in dividends than it spent on buybacks in FY2024?", CASH
    )
    assert said.startswith("No") and _has(said, "120", "260"), said


REPORTED = """| Velmor Corp. Sales and earnings (in millions) \
| Six Months 2024 | Six Months 2023 |
|---|---|---|
| Net sales | 5,000 | 4,700 |
| Net earnings | 500 | 980 |"""
ADJUSTED = """| Velmor Corp. Sales and earnings (in millions) | Six Months 2024 | Six Months 2023 |
|---|---|---|
| Adjusted earnings (Non-GAAP): | | |
| Net earnings | 1,420 | 1,400 |"""


def test_a_change_asked_without_adjusted_is_the_reported_rows() -> None:
    said = _answer(
        "By how much did Velmor's net earnings drop in H1 FY2024 vs H1 FY2023?", ADJUSTED, REPORTED
    )
    assert _has(said, "500", "980", "480"), said


def test_the_names_an_analyst_writes_for_a_margin_and_a_cost() -> None:
    from pipeline.text.expand import spelled_out

    assert "gross_margin" in parse("Did the gross profit rate slip in FY24?").metrics
    assert any("informational" in " ".join(a.long) for _, a in spelled_out("its SI&A expenses"))


SEGMENTS = """| Velmor Corp. Segment results (in millions) | 2024 | 2023 |
|---|---|---|
| Domestic | 1,634 | 2,795 |
| International | 161 | 244 |"""


def test_members_of_one_measure_are_not_two_rows() -> None:
    q = "Did Velmor's domestic comps fall more than international comps in FY2024?"
    a = figure_answer(
        q,
        [
            Evidence(
                tool="search_document",
                query="q",
                passages=[
                    Passage(chunk_id="v#0", doc_id="v", page=3, page_end=3, text=SEGMENTS, rank=1)
                ],
            )
        ],
        "en",
    )
    said = " ".join(a.lines) if a is not None else ""
    # the segments' operating income is no comparable sales: neither figure, nor a verdict
    assert not said.startswith(("Yes", "No")), said


QUARTERS = """| Velmor Corp. Statements of Income (in millions) \
| Three Months Ended June 30, 2024 | Three Months Ended June 30, 2023 |
|---|---|---|
| Net sales | 2,600 | 2,400 |
| Net earnings | 300 | 280 |"""


def test_a_quarters_sum_moved_is_dated_by_its_quarters() -> None:
    said = _answer(
        "By how much did Velmor's net sales grow in the second quarter of 2024?", QUARTERS
    )
    assert "200" in said and "FY2023 → FY2024" not in said, said


UNITS = """| Velmor Corp. Sales by segment (in millions) | 2024 | 2023 |
|---|---|---|
| Pharmaceutical | 1,300 | 1,200 |
| MedTech | 800 | 700 |
| Total | 2,100 | 1,900 |"""


def test_a_name_with_capitals_inside_keeps_them_after_the_verdict() -> None:
    said = _answer("Did Velmor's Pharmaceutical sales grow faster than MedTech in FY2024?", UNITS)
    # pharmaceutical +8.3%, MedTech +14.3%: a name written "MedTech" is never "medTech"
    assert said.startswith("No") and _has(said, "8.3%", "14.3%"), said
    assert "MedTech" in said and "medTech" not in said, said
