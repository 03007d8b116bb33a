"""An annual report's quarterly results table: the quarter asked is read from its own
column, named by an ordinal ("Quarter 4th" under a "Fiscal 2024" row, "First Quarter")
or by the date it closed (the year's four dated quarters in order), and not from the
year's statement beside it. Invented documents only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.formula import Cell
from agent.figures.quarter_columns import quarter_table_search
from agent.figures.tables import read_grids

STATEMENT = """| CONSOLIDATED STATEMENTS OF EARNINGS ($ in millions) | February 1, 2025 \
| February 3, 2024 |
|---|---|---|
| Revenue | $41,200 | $40,100 |
| Operating income | 1,820 | 1,760 |
| Net earnings | 1,310 | 1,250 |"""

# the year stands in a row of its own over the quarters' figures
BY_ORDINAL = """| ($ in millions) | Quarter 1st | Quarter 2nd | Quarter 3rd | Quarter 4th \
| Fiscal Year |
|---|---|---|---|---|---|
| Fiscal 2025 |  |  |  |  |  |
| Revenue | $9,010 | $9,270 | $9,480 | $13,440 | $41,200 |
| Operating income | 262 | 331 | 318 | 909 | 1,820 |"""

# the year printed only over the whole; the fourth quarter's head merged with it
YEAR_ON_WHOLE = """| ($ in millions) | Quarter 1st | Quarter 2nd | Quarter 3rd | 12-Month 4th \
| 12-Month 2025 |
|---|---|---|---|---|---|
| Diluted earnings per share | $0.71 | $0.84 | $0.97 | $2.66 | $5.18 |"""

# four quarters named only by the dates they closed (a 52/53-week year ending in November)
BY_DATE = """| (in thousands) | 2025 Quarter Ended March 2 | 2025 Quarter Ended June 1 \
| 2025 Quarter Ended August 31 | 2025 Quarter Ended November 30 |
|---|---|---|---|---|
| Revenue | $1,610,400 | $1,702,900 | $1,788,300 | $1,934,100 |
| Net income | $381,200 | $362,700 | $405,100 | $488,900 |"""


def _evidence(*texts: str) -> list[Evidence]:
    passages = [
        Passage(chunk_id=f"co#{i}", doc_id="co", page=40 + i, page_end=40 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    return [Evidence(tool="search_documents", query="q", passages=passages)]


def _said(question: str, *texts: str) -> str:
    a = figure_answer(question, _evidence(*texts), "en")
    assert a is not None and a.lines, (question, a)
    return a.lines[0]


def test_a_quarter_is_read_from_the_quarterly_tables_column_of_its_ordinal() -> None:
    # the year's statement ranks first and is the primary statement: still not a quarter
    for question, figure in (
        ("What operating income did Kestrel earn in Q4 FY2025?", "909"),
        ("What was Kestrel's revenue in the second quarter of fiscal 2025?", "9,270"),
        ("What was Kestrel's operating income for Q1 FY25?", "262"),
    ):
        line = _said(question, STATEMENT, BY_ORDINAL)
        assert figure in line and "1,820" not in line and "41,200" not in line, (question, line)
    # the year asked is still the year's
    assert "1,820" in _said("What was Kestrel's operating income in FY2025?", BY_ORDINAL)


def test_quarter_columns_carry_their_year_and_length() -> None:
    grid = read_grids(_evidence(BY_ORDINAL)[0].passages[0])[0]
    # the four quarters, the year's whole, then the two halves and the first nine months
    # added from the quarters
    dated = [(2025, 3)] * 4 + [(2025, 12)] + [(2025, 6)] * 2 + [(2025, 9)]
    assert [(c.year, c.months) for c in grid.columns] == dated
    whole_only = read_grids(_evidence(YEAR_ON_WHOLE)[0].passages[0])[0]
    assert [(c.year, c.months) for c in whole_only.columns] == dated


def test_a_quarter_is_read_when_the_year_is_printed_only_over_the_whole() -> None:
    line = _said(
        "What was Kestrel's diluted EPS in the first quarter of fiscal 2025?", YEAR_ON_WHOLE
    )
    assert "0.71" in line, line
    line = _said("What diluted EPS did Kestrel report for Q4 FY2025?", YEAR_ON_WHOLE)
    assert "2.66" in line, line


def test_four_dated_quarters_are_told_apart_by_the_order_they_closed() -> None:
    assert "1,702,900" in _said("What revenue did Kestrel book in Q2 FY25?", BY_DATE)
    assert "488,900" in _said(
        "What was Kestrel's net income in the fourth quarter of 2025?", BY_DATE
    )


def test_a_quarter_read_off_a_years_column_asks_for_the_quarterly_table() -> None:
    year_cell = Cell(
        "operating_income", "Operating income", 1820, "1,820", 2025, "February 1, 2025", "co#0", 40
    )
    assert any("quarter" in s for s in quarter_table_search([year_cell], 3))
    assert quarter_table_search([year_cell], None) == []  # a year asked: its column is right
    quarter_cell = Cell(
        "operating_income", "Operating income", 909, "909", 2025, "Fourth Quarter 2025", "co#1", 41
    )
    assert quarter_table_search([quarter_cell], 3) == []


def test_a_half_is_its_two_quarters_added_never_the_year_nor_one_quarter() -> None:
    # "H2": the third and fourth quarters; "first half": the first two
    for question, figure in (
        ("What was Kestrel's revenue in H2 of fiscal 2025?", "22,920"),
        ("What were Kestrel's revenues in the first half of fiscal 2025?", "18,280"),
        ("What was Kestrel's operating income in the second half of FY2025?", "1,227"),
        # a half said as its two quarters, or in an analyst's words
        (
            "What revenue did Kestrel book in the third and fourth quarters of fiscal 2025?",
            "22,920",
        ),
        ("What operating income did Kestrel earn in the back half of fiscal 2025?", "1,227"),
    ):
        line = _said(question, STATEMENT, BY_ORDINAL)
        assert figure in line and "41,200" not in line and "13,440" not in line, (question, line)


def test_no_half_is_added_from_a_per_share_row() -> None:
    grid = read_grids(_evidence(YEAR_ON_WHOLE)[0].passages[0])[0]
    eps = next(r for r in grid.rows if "per share" in r.label)
    halves = [i for i, c in enumerate(grid.columns) if c.months == 6]
    assert len(halves) == 2 and all(eps.values[i] is None for i in halves)


def test_nine_months_are_the_first_three_quarters_added() -> None:
    # "the first nine months" or "the first three quarters": never the year, nor a half
    for question in (
        "What revenue did Kestrel record in the first nine months of fiscal 2025?",
        "What revenue did Kestrel book across the first three quarters of fiscal 2025?",
    ):
        line = _said(question, STATEMENT, BY_ORDINAL)
        assert "27,760" in line and "41,200" not in line and "18,280" not in line, line
