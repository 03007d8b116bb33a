"""Figures read as a reader would: one unit across tables, costs as amounts whatever their
printed sign, the period a question asks for (a quarter, six months, a fiscal year) and
per-share rows never scaled by the table's "in millions". Synthetic tables only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.grid import figure
from agent.figures.items import years
from agent.figures.periods import months_of
from agent.figures.tables import read_grid
from agent.support import check
from tests.fixture_types import FigureText, SearchEvidence

CASH_MILLIONS = """SELECTED CASH FLOW DATA (in millions)
Fiscal Year
2020  2021
Net cash provided by operating activities  1,100.5  1,200.5
Net cash used for investing activities  (300.0)  (410.2)"""

BALANCE_THOUSANDS = """CONSOLIDATED BALANCE SHEETS (in thousands)
December 31,
2020  2021
Total current assets  1,800,000  2,100,000
Total current liabilities  1,400,000  1,500,000"""

INCOME_NEGATIVE_COSTS = """CONSOLIDATED STATEMENT OF INCOME (in millions)
Years ended June 30,
2021  2022
Net sales  1,000  1,250
Cost of sales  (600)  (800)
Selling, general and administrative expenses  (150)  (170)
Operating income  250  280"""

QUARTERLY = """| Condensed Statements of Earnings ($ in millions, except per share amounts) \
| Three Months Ended July 1, 2023 | Three Months Ended July 2, 2022 \
| Six Months Ended July 1, 2023 | Six Months Ended July 2, 2022 |
|---|---|---|---|---|
| Revenue | $4,410 | $4,020 | $8,950 | $8,130 |
| Cost of sales | 3,300 | 3,100 | 6,700 | 6,290 |
| Net earnings | $210 | $190 | $420 | $370 |
| Diluted earnings per share | $1.05 | $0.93 | $2.10 | $1.81 |"""

QUARTERLY_GAPPED = """STATEMENTS OF OPERATIONS (in thousands)
Three Months Ended      Six Months Ended
2023  2022  2023  2022
Revenues  52,000  47,000  99,000  90,500
Operating income  7,000  6,100  13,200  11,900"""


def test_figures_from_tables_in_different_units_are_put_in_one_unit(
    figure_text: FigureText,
) -> None:
    text = figure_text(
        "Define liquidity cover as net cash provided by operating activities divided by "
        "total current liabilities. What was liquidity cover in FY2021?",
        CASH_MILLIONS,
        BALANCE_THOUSANDS,
    )
    # 1,200.5 million = 1,200,500 thousand; ÷ 1,500,000 thousand = 0.80 (not 0.00)
    assert "1,200,500" in text and "1,500,000" in text and "= 0.80" in text, text
    # the converted figure is still supported by the cited cell (a change of scale)
    assert check(text.split("[")[0], CASH_MILLIONS + "\n" + BALANCE_THOUSANDS).supported


def test_tables_in_one_unit_are_left_as_printed(figure_text: FigureText) -> None:
    text = figure_text("What is the FY2021 current ratio?", BALANCE_THOUSANDS)
    assert "2,100,000 ÷" in text and "= 1.40" in text, text


def test_costs_printed_in_parentheses_are_amounts_in_a_formula(figure_text: FigureText) -> None:
    text = figure_text("What is the FY2022 gross margin?", INCOME_NEGATIVE_COSTS)
    # (1,250 − 800) ÷ 1,250 = 36.0%; a negative cost would give 164.0%
    assert "36.0%" in text, text
    text = figure_text("What was cost of sales in FY2022?", INCOME_NEGATIVE_COSTS)
    assert "800 million" in text and "−" not in text, text


def test_a_quarter_question_reads_the_three_month_column(figure_text: FigureText) -> None:
    text = figure_text("What was revenue in Q2 of FY2023?", QUARTERLY)
    assert "$4,410 million" in text and "8,950" not in text, text
    text = figure_text("What was revenue for the first six months of 2023?", QUARTERLY)
    assert "$8,950 million" in text, text


def test_a_quarter_change_compares_the_same_quarter_a_year_before(figure_text: FigureText) -> None:
    text = figure_text(
        "What was the growth of net earnings in the second quarter of 2023?", QUARTERLY
    )
    assert "(210 − 190) ÷ 190" in text, text


def test_period_headers_above_gapped_year_columns_are_read() -> None:
    grid = read_grid(
        Passage(chunk_id="g#1", doc_id="g", page=1, page_end=1, text=QUARTERLY_GAPPED, rank=1)
    )
    assert grid is not None
    assert [(c.year, c.months) for c in grid.columns] == [
        (2023, 3),
        (2022, 3),
        (2023, 6),
        (2022, 6),
    ]
    assert grid.column_for(2023, months=6) == 2 and grid.column_for(2022, months=3) == 1


def test_per_share_rows_are_not_in_the_tables_unit(figure_text: FigureText) -> None:
    grid = read_grid(
        Passage(chunk_id="q#1", doc_id="q", page=1, page_end=1, text=QUARTERLY, rank=1)
    )
    assert grid is not None and grid.scale == "millions"
    eps = next(r for r in grid.rows if "per share" in r.label)
    revenue = next(r for r in grid.rows if r.label == "Revenue")
    assert grid.unit(eps) == "" and grid.unit(revenue) == "millions"
    text = figure_text("What was diluted EPS in the second quarter of 2023?", QUARTERLY)
    assert "$1.05" in text and "million" not in text, text


STATEMENT_THOUSANDS = """| Statements of Operations (In thousands, except per share data) \
| Year Ended December 31, 2031 | Year Ended December 31, 2030 |
|---|---|---|
| Net income attributable to Harlow Quay Inc. | $1,473,093 | $1,254,370 |
| Earnings per share |  |  |
| Basic | $3.52 | $2.44 |
| Diluted | $3.49 | $2.41 |
| Weighted average common shares outstanding |  |  |
| Basic | 409,201 | 481,930 |
| Diluted | 412,993 | 487,356 |"""


def test_rows_under_a_per_share_heading_are_not_in_the_tables_unit(
    figure_text: FigureText,
) -> None:
    """ "Diluted" under "Earnings per share" is a per-share figure; "Diluted" under the
    shares outstanding is a count in the table's thousands."""
    grid = read_grid(
        Passage(chunk_id="s#1", doc_id="s", page=1, page_end=1, text=STATEMENT_THOUSANDS, rank=1)
    )
    assert grid is not None and grid.scale == "thousands"
    eps, shares = [r for r in grid.rows if r.label == "Diluted"]
    assert grid.unit(eps) == "" and grid.unit(shares) == "thousands"
    text = figure_text("What were diluted earnings per share in 2031?", STATEMENT_THOUSANDS)
    assert "3.49" in text and "thousand" not in text, text


def test_periods_are_resolved_from_the_ways_questions_name_them() -> None:
    assert years("at the end of FY2017") == [2017]
    assert years("in fiscal 2021 and FY22") == [2021, 2022]
    assert years("2021年营业收入") == [2021]
    assert months_of("Q3 FY2023") == 3 and months_of("second quarter of fiscal 2023") == 3
    assert months_of("H1 FY2023") == 6 and months_of("Nine Months Ended") == 9
    assert months_of("Fiscal Years Ended") == 12 and months_of("FY2021 revenue") is None


SUMMARY_TWO_HEADERS = """| Liquidity (in millions) |  | As of March 3, 2021 | As of March 4, 2020 |
|---|---|---|---|
| Cash and cash equivalents |  | $700.2 | $650.9 |
| Working capital |  | $410.0 | $395.5 |
|  | Fiscal | Fiscal | Fiscal |
| (in millions) | 2021 | 2020 | 2019 |
| Net cash provided by operating activities | $512.4 | $488.1 | $401.7 |"""


def test_a_table_that_names_its_columns_again_half_way_is_read_under_each_header(
    figure_text: FigureText,
) -> None:
    text = figure_text(
        "What was net cash provided by operating activities in FY2021?", SUMMARY_TWO_HEADERS
    )
    # FY2021's figure, compared with the year before's under the same restated header
    assert "$512.4 million in FY2021, up from $488.1 million a year earlier" in text, text
    text = figure_text(
        "What was the cash and cash equivalents balance in FY2021?", SUMMARY_TWO_HEADERS
    )
    assert "700.2" in text, text


OWN_BALANCE = """| BALANCE SHEETS (In thousands) | December 31, 2021 | December 31, 2020 |
|---|---|---|
| Accounts payable | 410,300 | 380,120 |"""

AFFILIATE_BALANCE = """| BALANCE SHEETS (In thousands) | Dec. 31, 2021 | Dec. 31, 2020 |
|---|---|---|
| Accounts payable | 12,950 | 11,870 |"""


def test_the_reports_own_statement_comes_before_an_exhibits() -> None:
    passages = [
        Passage(
            chunk_id="co#900",
            doc_id="co",
            page=170,
            page_end=170,
            section="PART IV > EXHIBIT 99.1 > AFFILIATE LLC CONSOLIDATED BALANCE SHEETS",
            text=AFFILIATE_BALANCE,
            rank=1,
        ),
        Passage(
            chunk_id="co#300",
            doc_id="co",
            page=57,
            page_end=57,
            section="ITEM 8 > CONSOLIDATED BALANCE SHEETS",
            text=OWN_BALANCE,
            rank=2,
        ),
    ]
    ev = [Evidence(tool="search_document", query="q", passages=passages)]
    a = figure_answer("What were accounts payable at the end of FY2021?", ev, "en")
    assert a is not None and "410,300" in a.lines[0], a


INCOME_ATTRIBUTABLE = """CONSOLIDATED STATEMENTS OF EARNINGS ($ in millions)
Fiscal Years Ended
2019  2020  2021
Revenue  10,000  11,000  12,000
Net earnings including noncontrolling interests  420  460  515
Net earnings attributable to Northwind shareholders  400  450  500"""


def test_an_owners_share_row_is_the_net_income_a_question_means(figure_text: FigureText) -> None:
    text = figure_text(
        "What was the average net margin in percent, FY2019 to FY2021?", INCOME_ATTRIBUTABLE
    )
    # (400/10,000 + 450/11,000 + 500/12,000) / 3 = 4.1%
    assert "4.1%" in text and "515" not in text, text


def test_an_operand_outside_the_statement_the_question_names_is_looked_up_again(
    search_evidence: SearchEvidence,
) -> None:
    note = """| Depreciation by segment ($ in millions) | 2022 | 2021 |
|---|---|---|
| Depreciation expense | $2,400 | $2,300 |"""
    ev = search_evidence(note)
    told = figure_answer("What was depreciation in FY2022, from the cash flow statement?", ev, "en")
    assert told is not None and told.wanted == [("depreciation_amortization", 2022)]
    free = figure_answer("What was depreciation in FY2022?", ev, "en")
    # no cash-flow statement in the turn: the note's figure is given, the statement is
    # searched for before it is trusted (a note's row may be one charge's)
    assert free is not None and "2,400" in free.lines[0]
    assert free.wanted == [("depreciation_amortization", 2022)]


DOTTED = """CONSOLIDATED STATEMENTS OF CASH FLOWS (in thousands)
Years Ended
2020  2021
Net cash provided by operating activities ....................... $  900,000  $  1,050,000"""


def test_dot_leaders_are_not_part_of_a_rows_label(figure_text: FigureText) -> None:
    text = figure_text("What was net cash provided by operating activities in FY2021?", DOTTED)
    assert text.startswith("Net cash provided by operating activities w"), text
    assert "..." not in text


def test_a_percentage_over_two_years_moves_in_points_checked_like_any_working(
    search_evidence: SearchEvidence,
) -> None:
    a = figure_answer("Is the gross margin stable?", search_evidence(INCOME_NEGATIVE_COSTS), "en")
    assert a is not None and len(a.lines) == 3, a
    # FY2022 (1,250 − 800) ÷ 1,250 = 36.0%; FY2021 (1,000 − 600) ÷ 1,000 = 40.0%
    assert "36.00% − 40.00% = −4.00 percentage points" in a.lines[2], a.lines
    assert check(
        a.lines[2].split("[")[0], "Gross profit 400 450\n" + INCOME_NEGATIVE_COSTS
    ).supported


def test_a_unit_stated_with_its_exceptions_is_the_tables_unit() -> None:
    """ "(MILLIONS, EXCEPT PER COMMON SHARE DATA)" states millions, like "(in millions)"."""
    from agent.evidence import Passage
    from agent.figures.tables import read_grids

    text = (
        "| Consolidated Balance Sheets (MILLIONS, EXCEPT PER COMMON SHARE DATA) "
        "| As of December 31, 2021 | As of December 31, 2020 |\n|---|---|---|\n"
        "| Inventories | 9,059 | 8,020 |"
    )
    p = Passage(chunk_id="u#1", doc_id="u", page=3, page_end=3, text=text, rank=1)
    (grid,) = read_grids(p)
    assert grid.scale == "millions"


def test_a_decline_in_parentheses_is_negative_with_its_percent_sign_anywhere() -> None:
    assert figure("(0.6)%") == figure("(0.6%)") == figure("-0.6%") == -0.6
    assert figure("(1,501)") == -1501 and figure("3.0%") == 3.0 and figure("—") is None
    assert figure("$(1,693)") == figure("$ (1,693)") == -1693  # a sign before the brackets


def test_a_computed_decline_is_supported_whichever_minus_it_is_written_with() -> None:
    cited = "| Revenue | 4,500 | 5,000 |"
    for minus in ("-", "−"):
        line = f"Change in revenue FY2021 → FY2022 = (4,500 − 5,000) ÷ 5,000 = {minus}10.0%"
        assert check(line, cited).supported, minus
    wrong = "Change in revenue FY2021 → FY2022 = (4,500 − 5,000) ÷ 5,000 = 10.0%"
    assert not check(wrong, cited).supported
