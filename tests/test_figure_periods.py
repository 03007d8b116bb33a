"""Fiscal periods of dated columns: a quarter named by its fiscal year reads the column the
calendar dates otherwise ("Three Months Ended December 31, 2024" is the second quarter of
a fiscal year ending in June 2025), weeks count as quarters and years, and a document
that names its years by the calendar year before their end is read so. Synthetic tables
of invented companies only."""

from __future__ import annotations

from agent.figures.answer import figure_answer
from agent.figures.periods import (
    closing_month,
    fiscal_year,
    into_year,
    months_of,
    naming_offset,
    quarter_of,
    year_end,
)
from tests.fixture_types import FigureText, SearchEvidence

# A maker of kettles whose fiscal year ends on June 30.
JUNE_YEAR = """| Kettlewick plc Condensed Statements of Income ($ in millions) \
| Three Months Ended December 31, 2024 | Three Months Ended December 31, 2023 \
| Six Months Ended December 31, 2024 | Six Months Ended December 31, 2023 |
|---|---|---|---|---|
| Net sales | $1,310 | $1,270 | $2,650 | $2,540 |
| Cost of sales | (1,050) | (1,020) | (2,120) | (2,040) |
| Net income | $95 | $88 | $180 | $170 |"""

# A retailer of lamps whose year ends on the Saturday nearest the end of January.
JANUARY_YEAR = """| Lumenhall Inc. Consolidated Statements of Earnings ($ in millions) \
| Three Months Ended August 2, 2025 | Three Months Ended August 3, 2024 |
|---|---|---|
| Revenue | $4,480 | $4,360 |
| Operating income | $201 | $188 |"""

# A retailer that calls the year ending in early February by the year before.
WEEKS = """| Brightaisle Corp. Statements of Income ($ in thousands) \
| 13 Weeks Ended February 1, 2025 | 13 Weeks Ended February 3, 2024 \
| 52 Weeks Ended February 1, 2025 | 53 Weeks Ended February 3, 2024 |
|---|---|---|---|---|
| Net sales | 905,000 | 870,000 | 3,110,000 | 2,990,000 |
| Gross profit | 330,000 | 318,000 | 1,150,000 | 1,096,000 |"""
NAMING = "Fiscal 2024 ended February 1, 2025 and fiscal 2023 ended February 3, 2024."


def test_a_fiscal_quarter_reads_the_calendar_dated_column_it_falls_in(
    figure_text: FigureText,
) -> None:
    # the second quarter of the year ending June 2025 closed December 31, 2024
    text = figure_text("How much were Kettlewick's net sales in 2Q FY2025?", JUNE_YEAR)
    assert "$1,310 million" in text and "2,650" not in text, text
    # the first half of that year: the six months to December 31, 2024
    text = figure_text("Kettlewick net income for the H1 of fiscal 2025?", JUNE_YEAR)
    assert "$180 million" in text, text


def test_a_fiscal_quarter_change_compares_the_same_fiscal_quarter(figure_text: FigureText) -> None:
    text = figure_text("By what percent did Kettlewick's net income grow in Q2 FY2025?", JUNE_YEAR)
    assert "(95 − 88) ÷ 88" in text, text
    # the sentence names the period as the statement prints it, not a calendar year
    assert "in the three months ended December 31, 2024" in text, text


def test_a_retailers_quarter_is_in_the_fiscal_year_that_ends_the_next_january(
    figure_text: FigureText,
) -> None:
    text = figure_text("What was Lumenhall's operating income in Q2 of FY2026?", JANUARY_YEAR)
    assert "$201 million" in text, text
    text = figure_text("What was Lumenhall's operating income in Q2 of FY2025?", JANUARY_YEAR)
    assert "$188 million" in text, text


def test_weeks_are_quarters_and_years_and_a_documents_own_year_names_hold(
    figure_text: FigureText,
) -> None:
    assert months_of("13 Weeks Ended May 3, 2025") == 3 and months_of("53 weeks ended") == 12
    # the document names the year ending February 1, 2025 "fiscal 2024"
    text = figure_text("What were Brightaisle's net sales in fiscal 2024?", WEEKS, NAMING)
    assert "3,110,000" in text, text
    text = figure_text("What were Brightaisle's net sales in the Q4 of FY2023?", WEEKS, NAMING)
    assert "870,000" in text, text
    # without that sentence, a year is named by the calendar year it ends in
    text = figure_text("What were Brightaisle's net sales in fiscal 2024?", WEEKS)
    assert "2,990,000" in text, text


def test_period_arithmetic() -> None:
    assert quarter_of("third-quarter results") == 3 and quarter_of("the quarter") is None
    assert into_year("Q3 FY2025", 3) == 9 and into_year("the quarter", 3) is None
    assert into_year("nine months", 9) == 9 and into_year("in 2025", None) is None
    # a year named as fiscal closes twelve months into itself; a date stands for itself
    assert into_year("FY2025", None) == 12 and into_year("June 30, 2025 (FY2025)", None) is None
    # a period closing in a month's first week closes the month before
    assert closing_month("Three Months Ended July 1, 2023") == (6, 2023)
    assert closing_month("January 2, 2021") == (12, 2020)
    assert year_end("Three Months Ended March 31, 2025", 9) == 6  # a third quarter
    assert year_end("Three Months Ended October 31, 2024", 3) == 7  # a first quarter
    assert fiscal_year("October 31, 2024", 7) == 2025 and fiscal_year("July 31, 2024", 7) == 2024
    assert fiscal_year("2024", 6) is None
    assert naming_offset(["fiscal 2024 ended February 1, 2025"]) == -1
    # a year ending in December is named by its own year, whatever a sentence pairs
    assert naming_offset(["fiscal 2023 compared to the period ended December 2, 2024"]) == 0


# Reserves at the close of the second quarter of a year ending in June, beside the
# balance at the year end before it.
RESERVES = """| Kettlewick plc reserves ($ in millions) | December 31, 2024 | June 30, 2024 |
|---|---|---|
| Site closure reserves: |  |  |
| Employee costs | 61 | 40 |
| Fixed asset costs | 9 | 35 |
| Other costs | 5 | 3 |
| Total site closure reserves | 75 | 78 |"""


def test_a_balance_at_a_fiscal_quarters_close_is_told_from_the_year_end_before(
    figure_text: FigureText, search_evidence: SearchEvidence
) -> None:
    q = "Which cost was the largest among Kettlewick's site closure reserves in 2Q FY2025?"
    text = figure_text(q, RESERVES)
    assert text.startswith("Employee costs was the largest"), text
    assert "61 ÷ 75 = 81.3%" in text and "December 31, 2024" in text, text
    # a year before: the same quarter's close a year earlier is not in the table
    assert figure_answer(q.replace("FY2025", "FY2024"), search_evidence(RESERVES), "en") is None


# The top of an income statement (its operating lines are in a chunk not retrieved) and a
# table that lists both a margin's rows for one business.
STATEMENT_TOP = """| Halvorsen Consolidated Statements of Income (in millions) | 2025 | 2024 |
|---|---|---|
| Net sales | $5,000 | $4,600 |
| Cost of sales | (3,100) | (2,900) |"""
BUSINESS = """| Results of the Trail business (in millions) | 2025 | 2024 |
|---|---|---|
| Net sales | $2,000 | $1,900 |
| Operating income | 700 | 650 |"""


def test_a_ratios_operands_come_from_one_table_when_one_holds_them_all(
    figure_text: FigureText,
) -> None:
    text = figure_text("What was Halvorsen's operating margin in FY2025?", STATEMENT_TOP, BUSINESS)
    # one table's profit over the same table's sales, never 700 ÷ 5,000
    assert "700 ÷ net sales 2,000 = 35.0%" in text and "5,000" not in text, text
    # the statement holding every operand is read before the business's table
    text = figure_text("What was Halvorsen's gross margin in FY2025?", STATEMENT_TOP, BUSINESS)
    assert "(net sales 5,000 − cost of sales 3,100) ÷ net sales 5,000 = 38.0%" in text, text


RELEASE = (
    "Wrenfield reported a strong close to the year. Subscription backlog rose from "
    "$1.2 billion at the end of 2024 to $1.5 billion at the end of 2025. Fourth-quarter "
    "gross margin was 41.2%, compared with 39.8% in the fourth quarter of 2024. In 2025, "
    "headcount grew compared with 2024."
)


def test_a_change_is_computed_from_a_sentence_stating_both_values(
    figure_text: FigureText, search_evidence: SearchEvidence
) -> None:
    from agent.support import check

    text = figure_text(
        "By how much did Wrenfield's subscription backlog increase in 2025?", RELEASE
    )
    assert "$1.5 billion − $1.2 billion = $0.3 billion" in text, text
    assert check(text.split("[")[0], RELEASE).supported  # the working is checked
    text = figure_text("How much did Wrenfield's fourth-quarter gross margin improve?", RELEASE)
    assert "41.2% − 39.8% = 1.4 percentage points" in text, text
    # years are no values; a sentence saying little of the question answers nothing
    assert figure_answer("By how much did headcount grow?", search_evidence(RELEASE), "en") is None
    assert figure_answer("By how much did rent rise?", search_evidence(RELEASE), "en") is None


def test_a_period_the_question_dates_is_the_column_dated_so(
    search_evidence: SearchEvidence,
) -> None:
    # "six months ended December 31, 2024" is the column printed so, not the six months
    # of fiscal 2024 (which ended December 31, 2023), and is said without the title
    q = "What were Kettlewick's net sales in the six months ended December 31, 2024?"
    a = figure_answer(q, search_evidence(JUNE_YEAR), "en")
    assert a is not None and a.lines, a
    assert a.lines[0] == (
        "Net sales were $2,650 million in the six months ended December 31, 2024, "
        "up from $2,540 million a year earlier [co#0]."
    ), a.lines
    q = "What was Kettlewick's gross margin for Q2 of fiscal 2025?"
    a = figure_answer(q, search_evidence(JUNE_YEAR), "en")
    assert a is not None and a.lines[0].startswith(
        "Gross margin in the three months ended December 31, 2024 = (net sales 1,310 − "
    ), a


BALANCE_JUNE = """| Kettlewick plc Condensed Balance Sheets ($ in millions) | December 31, 2024 \
| June 30, 2024 |
|---|---|---|
| Total current assets: | $2,400 | $2,300 |
| Total current liabilities: | 1,600 | 1,500 |"""


def test_a_ratio_of_balances_is_said_at_its_columns_date(search_evidence: SearchEvidence) -> None:
    q = "What is Kettlewick's current ratio as of December 31, 2024?"
    a = figure_answer(q, search_evidence(BALANCE_JUNE), "en")
    assert a is not None and a.lines == [
        "Current ratio at December 31, 2024 = total current assets 2,400 ÷ total current "
        "liabilities 1,600 = 1.50 [co#0]."
    ], a
