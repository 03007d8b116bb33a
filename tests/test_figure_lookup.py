"""Which table a line item is read from: the statement titled as such over a table that
only mentions it, a "Total …" row for the item, and tables whose columns are items rather
than periods. Synthetic tables only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.grid import read_grid, read_grids
from agent.figures.items import row_match
from agent.figures.lookup import Finder, grids
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
