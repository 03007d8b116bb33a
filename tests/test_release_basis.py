"""An earnings release's reported rows against its adjusted ones (``figures/basis.py``),
and a word naming the whole ("worldwide") that asks no part (``figures/parts.py``).
Invented tables only."""

from __future__ import annotations

from agent.evidence import Evidence
from agent.figures.answer import figure_answer
from agent.figures.basis import adjusted_unasked, asks_adjusted
from testkit.figure_turns import first_line, velmor_turn

# a release's statement of earnings, its adjusted block below the reported rows
EARNINGS = (
    (
        "| (Dollars in millions) | Q3 2025 Amount | Q3 2025 Percent to Sales | Q3 2024 Amount"
        " | Q3 2024 Percent to Sales |\n"
    )
    + """|---|---|---|---|---|
| Sales to customers | $8,000 | 100.0 | $7,500 | 100.0 |
| Cost of products sold | 3,000 | 37.5 | 2,900 | 38.7 |
| Earnings before provision for taxes on income | 1,500 | 18.8 | 1,400 | 18.7 |
| Net earnings | $1,200 | 15.0 | $1,100 | 14.7 |
| Adjusted earnings before provision for taxes and net earnings (1) |  |  |  |  |
| Earnings before provision for taxes on income | $2,600 | 32.5 | $2,300 | 30.7 |
| Net earnings | $2,100 | 26.3 | $1,900 | 25.3 |"""
)

# only the adjusted block of the statement came back from the search
ADJUSTED_ONLY = (
    (
        "| Condensed Consolidated Statement of Earnings (Dollars in millions) | FY 2025 Amount"
        " | FY 2024 Amount |\n"
    )
    + """|---|---|---|
| Adjusted earnings before provision for taxes and net earnings (1) |  |  |
| Net earnings | $8,400 | $7,700 |"""
)

NINE_MONTHS = """| (Dollars in millions) | Nine Months 2025 Amount | Nine Months 2024 Amount |
|---|---|---|
| Sales to customers | $23,500 | $22,500 |
| Net earnings | $3,500 | $3,300 |"""

# sales by region: the whole is the "Worldwide" row
REGIONS = """| (Dollars in millions) | Q3 2025 | Q3 2024 | Nine Months 2025 | Nine Months 2024 |
|---|---|---|---|---|
| Zentaria | $3,100 | $2,900 | $9,200 | $8,700 |
| Ostland | 4,900 | 4,600 | 14,300 | 13,800 |
| Worldwide | $8,000 | $7,500 | $23,500 | $22,500 |"""


_DF = {"velmor": 80, "zentaria": 3, "ostland": 3, "worldwide": 6}


def _evidence(*texts: str) -> list[Evidence]:
    return velmor_turn(texts, _DF)


def _lead(question: str, *texts: str) -> str:
    return first_line(question, _evidence(*texts))


def test_a_question_asks_the_adjusted_basis_only_by_its_words() -> None:
    assert asks_adjusted("What were adjusted net earnings in Q3 2025?")
    assert asks_adjusted("What was non-GAAP EPS in the quarter?")
    assert not asks_adjusted("What were net earnings in Q3 2025?")
    # an amount restated "as adjusted" or "adjusted for" a change is on no other basis
    assert not asks_adjusted(
        "Current portion of long-term debt, at historical proceeds, as adjusted"
    )
    assert not asks_adjusted("Net sales adjusted for the divestiture")


def test_a_row_under_an_adjusted_heading_is_unasked_of_a_reported_question() -> None:
    start = EARNINGS.rindex("| Net earnings")
    reported = EARNINGS.index("| Net earnings")
    q = "What were Velmor's net earnings in Q3 2025?"
    assert adjusted_unasked(q, EARNINGS, start, "Net earnings")
    assert not adjusted_unasked(q, EARNINGS, reported, "Net earnings")
    assert not adjusted_unasked("What were adjusted net earnings?", EARNINGS, start, "Net earnings")


def test_net_earnings_as_a_percent_of_sales_reads_the_reported_row() -> None:
    lead = _lead("What were Velmor's net earnings as a percent of sales in Q3 2025?", EARNINGS)
    assert "1,200" in lead and "15.0%" in lead, lead
    assert "2,100" not in lead, lead


def test_reported_net_earnings_are_not_the_larger_adjusted_row() -> None:
    lead = _lead("What were Velmor's net earnings in Q3 2025?", EARNINGS)
    assert "$1,200 million" in lead, lead


def test_an_adjusted_row_alone_is_a_weak_answer_to_a_reported_question() -> None:
    # the reported row is still to be found: the answer says what it needs
    a = figure_answer("What were Velmor's net earnings in 2025?", _evidence(ADJUSTED_ONLY), "en")
    assert a is not None and ("net_income", 2025) in a.wanted, a


def test_worldwide_sales_are_the_whole_not_a_part() -> None:
    q = "What were Velmor's worldwide sales for the nine months of 2025?"
    lead = _lead(q, REGIONS, NINE_MONTHS)
    assert "$23,500 million" in lead, lead
