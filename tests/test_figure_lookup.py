"""Which table a line item is read from: the statement titled as such over a table that
only mentions it, a "Total …" row for the item, and tables whose columns are items rather
than periods. Synthetic tables only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.choices import alternatives
from agent.figures.items import row_match
from agent.figures.lookup import Finder
from agent.figures.tables import read_grid, read_grids
from agent.figures.turn_tables import grids
from agent.models.planner import plan
from agent.question.units import asked_scale
from agent.support import check
from pipeline.text.finance import vocabulary

RECONCILIATION = """| The table below reconciles cash from operating activities, as shown in our \
cash flow statement, to free cash flow (in millions) | 2023 | 2022 | Change |
|---|---|---|---|
| Net cash provided by operating activities | $2,400 | $2,100 | 14 % |
| Capital expenditures | (700) | (650) |  |"""

CASH_STATEMENT = """| Consolidated Statements of Cash Flows (in millions) | 2023 | 2022 | 2021 |
|---|---|---|---|
| Net cash provided by operating activities | 2,400 | 2,100 | 1,900 |
| Depreciation and amortization | 310 | 290 | 270 |
| Capital expenditures | (700) | (650) | (600) |"""

NOTE = """| Summary of our productivity plan charges (in millions) |  |  |  |
|---|---|---|---|
|  | 2023 | 2022 | 2021 |
| Cost of sales | $12 | $9 | $8 |
| Selling, general and administrative expenses | 140 | 95 | 70 |
| Total restructuring charges | $152 | $104 | $78 |"""

SIDEWAYS = """|  | 2023 Cost of sales | 2023 Gross profit | 2023 Operating profit \
| 2023 Net income |
|---|---|---|---|---|
| Reported, GAAP measure | $4,000 | $6,000 | $1,500 | $900 |
| Restructuring charges | (20) | 20 | 180 | 140 |"""


def _evidence(*texts: str, page: int = 10) -> list[Evidence]:
    passages = [
        Passage(
            chunk_id=f"co#{i}", doc_id="co", page=page + i, page_end=page + i, text=t, rank=i + 1
        )
        for i, t in enumerate(texts)
    ]
    return [Evidence(tool="search_document", query="q", passages=passages)]


def test_the_titled_statement_is_read_before_a_table_that_only_mentions_it() -> None:
    ev = _evidence(RECONCILIATION, CASH_STATEMENT)  # the reconciliation ranks first
    a = figure_answer("What were Contoso's capital expenditures in FY2023?", ev, "en")
    assert a is not None and a.lines
    assert "[co#1]" in a.lines[0] and "700" in a.lines[0], a.lines
    assert a.cells[0].page == 11


def test_a_missing_operand_sends_the_planner_to_the_titled_statement_first() -> None:
    finder = Finder(grids(_evidence(RECONCILIATION, CASH_STATEMENT)))
    assert finder.statement_pages("depreciation_amortization") == [11, 10]


def test_a_total_row_is_the_item_when_no_row_names_it_alone() -> None:
    item = vocabulary().items["restructuring"]
    assert row_match("Total restructuring charges", item) == 0.95
    assert row_match("Restructuring charges", item) == 1.0
    assert row_match("Total cost of sales", item) == 0.0
    q = "How much were Contoso's restructuring charges in FY2022?"
    a = figure_answer(q, _evidence(NOTE), "en")
    assert a is not None and a.lines and "104" in a.lines[0], a and a.lines


def test_columns_of_one_year_naming_items_are_not_periods() -> None:
    passage = _evidence(SIDEWAYS)[0].passages[0]
    assert read_grids(passage) == []
    ev = _evidence(SIDEWAYS, NOTE)
    a = figure_answer("What were Contoso's restructuring charges in FY2023?", ev, "en")
    assert a is not None and a.lines and "152" in a.lines[0], a and a.lines


def test_columns_of_one_year_that_are_periods_stay_a_table() -> None:
    text = """| (in millions) | Three Months Ended June 30, 2023 | Six Months Ended June 30, 2023 \
| Nine Months Ended September 30, 2023 |
|---|---|---|---|
| Revenue | 100 | 210 | 330 |"""
    grid = read_grid(_evidence(text)[0].passages[0])
    assert grid is not None and [c.months for c in grid.columns] == [3, 6, 9]


def test_an_item_named_twice_is_still_one_item_asked() -> None:
    q = (
        "What were the restructuring charges in Contoso's FY2021 notes? If restructuring "
        "charges are not given, say so."
    )
    a = figure_answer(q, _evidence(NOTE), "en")
    assert a is not None and a.lines and "78" in a.lines[0], a and a.lines


HOLDINGS = """| (In thousands) | March 31, 2024 | December 31, 2023 |
|---|---|---|
| Cash equivalents: |  |  |
| Money market funds | $1,200 | $3,400 |
| Time deposits | 800 | 600 |
| Cash equivalents | 2,000 | 4,000 |
| Marketable securities: |  |  |
| Treasury bills | 30,000 | 25,000 |
| Municipal notes | 10,000 | 12,000 |
| Asset-backed securities | 60,000 | 13,000 |
| Marketable securities | 100,000 | 50,000 |"""


def test_the_extreme_member_of_the_group_a_question_names_with_its_share() -> None:
    q = "Which holding was the largest among Contoso's marketable securities in Q1 2024?"
    a = figure_answer(q, _evidence(HOLDINGS), "en")
    assert a is not None and a.lines, a
    line = a.lines[0]
    assert line.startswith("Asset-backed securities was the largest"), line
    assert "60,000 ÷ 100,000 = 60.0%" in line and "March 31, 2024" in line, line
    assert check(line.split("[")[0], HOLDINGS).supported  # the share is checked working
    older = figure_answer(q.replace("Q1 2024", "2023"), _evidence(HOLDINGS), "en")
    assert older is not None and older.lines[0].startswith("Treasury bills"), older
    least = figure_answer(q.replace("largest", "smallest"), _evidence(HOLDINGS), "en")
    assert least is not None and least.lines[0].startswith("Municipal notes"), least


def test_a_group_the_question_does_not_name_is_not_compared() -> None:
    q = "Which fund had the highest return for Contoso in 2024?"
    assert figure_answer(q, _evidence(HOLDINGS), "en") is None


FLOWS = """| Consolidated Statements of Cash Flows ($ in millions) | 2024 | 2023 |
|---|---|---|
| Net earnings | $900 | $800 |
| Total cash provided by operating activities | 1,500 | 1,300 |
| Additions to property and equipment | (400) | (380) |
| Total cash used in investing activities | (450) | (500) |"""

FINANCING = """| Consolidated Statements of Cash Flows ($ in millions) | 2024 | 2023 |
|---|---|---|
| Dividends paid | (300) | (280) |
| Total cash used in financing activities | (1,600) | (200) |"""


def test_alternatives_a_question_lists_are_read_from_the_list() -> None:
    q = "Among sales, rentals, or services, which grew the most for Contoso in 2024?"
    assert alternatives(q) == ["sales", "rentals", "services"]
    assert alternatives("Which segment grew the most in 2024?") == []


def test_the_listed_alternative_with_the_extreme_figure_with_every_figure_cited() -> None:
    q = (
        "Among operating, investing and financing activities, which provided the most "
        "(or used the least) cash for Contoso in FY2024?"
    )
    a = figure_answer(q, _evidence(FLOWS, FINANCING), "en")
    assert a is not None and a.lines, a
    line = a.lines[0]
    assert line.startswith("Total cash provided by operating activities was the highest"), line
    assert "$1,500 million" in line and "−$450 million" in line and "−$1,600 million" in line
    assert "[co#0]" in line and "[co#1]" in line, line
    least = figure_answer(
        q.replace("provided the most", "used the most"), _evidence(FLOWS, FINANCING), "en"
    )
    assert least is not None and "operating" in least.lines[0]  # "(… least)" asks nothing
    worst = figure_answer(
        q.replace("provided the most (or used the least)", "provided the least"),
        _evidence(FLOWS, FINANCING),
        "en",
    )
    assert worst is not None and worst.lines[0].startswith("Total cash used in financing"), worst


def test_an_alternative_no_table_holds_is_searched_for_not_guessed() -> None:
    q = "Among operating, investing and financing activities, which provided the most in 2024?"
    a = figure_answer(q, _evidence(FLOWS), "en")
    assert a is not None and not a.lines, a
    assert a.searches == ["total financing activities 2024"], a.searches


def test_the_planner_searches_for_the_missing_alternative() -> None:
    q = "Among operating, investing and financing activities, which provided the most in 2024?"
    calls = plan(q, _evidence(FLOWS), 1, ["search_document", "read_page"])
    assert [c["args"]["query"] for c in calls] == ["total financing activities 2024"], calls


def test_a_table_without_a_currency_sign_takes_the_documents_one() -> None:
    plain = CASH_STATEMENT.replace("$", "")
    a = figure_answer("What were Contoso's capital expenditures in FY2023?", _evidence(plain), "en")
    assert a is not None and " 700 million" in a.lines[0] and "$" not in a.lines[0], a
    both = _evidence(plain, RECONCILIATION.replace("Capital expenditures", "Capital outlays"))
    a = figure_answer("What were Contoso's capital expenditures in FY2023?", both, "en")
    assert a is not None and "$700 million" in a.lines[0], a


def test_a_figure_is_given_again_in_the_unit_the_question_asks_for() -> None:
    q = "What were Contoso's capital expenditures in FY2023? Answer in USD billions."
    a = figure_answer(q, _evidence(CASH_STATEMENT), "en")
    assert a is not None and "700 million (0.7 billion)" in a.lines[0], a
    assert check(a.lines[0].split("[")[0], CASH_STATEMENT).supported
    same = figure_answer(q.replace("billions", "millions"), _evidence(CASH_STATEMENT), "en")
    assert same is not None and "(" not in same.lines[0], same
    assert asked_scale("Answer in US$ thousands.") == "thousands"
    assert asked_scale("What were thousands of stores worth?") == ""


QUARTERS = "| Three Months Ended June 29, 2025 | Three Months Ended June 30, 2024 |"
SALES_NOTE = f"""| Gross-to-net adjustments (MILLIONS) {QUARTERS}
|---|---|---|
| Gross product sales | $4,100 | $3,900 |
| Sales allowances | (1,594) | (1,420) |
| Net product sales | $2,506 | $2,480 |"""
PRODUCT_TABLE = f"""| PRODUCT (MILLIONS) {QUARTERS}
|---|---|---|
| TOTAL REVENUES | $12,734 | $27,742 |
| Lanterns | $5,810 | $20,979 |"""


def test_a_name_with_another_noun_after_it_is_not_the_item_when_a_row_names_it() -> None:
    item = vocabulary().items["revenue"]
    assert row_match("Sales allowances", item) < row_match("Revenues, net", item) < 1.0
    q = "What were total revenues in the second quarter of 2025?"
    a = figure_answer(q, _evidence(SALES_NOTE, PRODUCT_TABLE), "en")
    assert a is not None and a.lines, a
    # a row printed in capitals is named in sentence case, with the verb of its head noun
    assert a.lines[0].startswith("Total revenues were $12,734 million"), a.lines


def test_a_line_items_verb_agrees_with_its_head_noun() -> None:
    from agent.figures.render import copula

    assert copula("Net income attributable to Contoso shareholders") == "was"
    assert copula("Cost of sales (a)") == "was" and copula("Total net sales") == "were"
    assert copula("Dividends paid to common shareholders") == "were"  # "paid" says no number
    assert copula("Net cash provided by operating activities") == "was"
    assert copula("Proceeds from sale of assets") == "were" and copula("EBITDA") == "was"


# A segment note: the item under each segment's heading, then the whole's.
SEGMENT_NOTE = """| (in millions) | Year Ended December 31, 2024 | Year Ended December 31, 2025 |
|---|---|---|
| Retail |  |  |
| Net sales | $5,100 | $5,600 |
| Operating income | $410 | $520 |
| Cloud |  |  |
| Net sales | $1,900 | $2,700 |
| Operating income (loss) | $(60) | $(35) |
| Marine |  |  |
| Net sales | $800 | $900 |
| Operating income | $690 | $880 |"""


def test_an_item_under_several_segment_headings_is_each_segments_not_the_companys() -> None:
    # the whole's row is not in the turn: the company's figure is missing, never Marine's
    a = figure_answer("What was the operating income in 2025?", _evidence(SEGMENT_NOTE), "en")
    assert a is not None and not a.lines and a.wanted == [("operating_income", 2025)]
    whole = SEGMENT_NOTE + "\n| Consolidated |  |  |\n| Operating income | $1,040 | $1,365 |"
    a = figure_answer("What was the operating income in 2025?", _evidence(whole), "en")
    assert a is not None and a.lines[0].startswith("Operating income was $1,365 million"), a
    ranked = figure_answer(
        "Which segment had the highest operating income in 2025?", _evidence(whole), "en"
    )
    assert ranked is not None
    assert ranked.lines == [
        "Marine had the highest operating income in the year ended December 31, 2025: "
        "$880 million [co#0].",
        "Others: Retail = $520 million; Cloud = −$35 million [co#0].",
    ], ranked.lines
