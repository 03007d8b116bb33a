"""Failure classes found by the metric set's batch 2 (invented documents and wording)."""

from __future__ import annotations

import ast

import pytest

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.asking import what_is_asked
from agent.figures.markdown_tables import markdown_grids
from agent.figures.verify import Computed, insane

# a continued table whose header, in the chunk before, names more periods than its rows
# have figure cells (a four-year span over a two-column table)
_CONTINUED = "| Trade payables | 3,210 |\n| Accrued costs | 645 |\n| Memo |"
_WIDE_HEADER = "Years ended March 2026, March 2025, March 2024 and March 2023"


def test_a_continued_table_under_a_wider_header_is_read_without_a_crash() -> None:
    p = Passage(
        chunk_id="w#4", doc_id="w", page=7, page_end=7, text=_CONTINUED, columns=_WIDE_HEADER
    )
    grids = markdown_grids(p)
    # no row is given a figure for a period the header cannot tie to a cell
    assert not [r for g in grids for r in g.rows if sum(v is not None for v in r.values) > 1]
    assert grids == []


def test_a_typographic_minus_is_read_as_a_negative_figure() -> None:
    from testkit.answer_checks import figures

    assert figures("Net cash = 310 − 1,150 = −$840 million; margin −3.5%") == [
        (310.0, 0),
        (1150.0, 0),
        (-840.0, 0),
        (-3.5, 1),
    ]


def test_words_starting_like_a_month_do_not_hide_the_figure_after_them() -> None:
    from testkit.answer_checks import figures

    said = "Gross margin 41.2%; sales declined 0.7 points; market 12 units; on March 3 and Dec. 9"
    assert figures(said) == [(41.2, 1), (0.7, 1), (12.0, 0)]


# An invented company's statements (no sample document's figures or wording).
_INCOME = """LARKSPUR TOOLWORKS LTD.
CONSOLIDATED STATEMENTS OF INCOME (in millions)
Year Ended June 30,
2022  2023  2024
Net sales  1,600  2,000  2,500
Cost of sales  1,000  1,200  1,400
Operating income  240  320  450
Interest expense  (30)  (32)  (36)
Income before income taxes  210  288  414
Provision for income taxes  (50)  (70)  (100)
Net earnings attributable to Larkspur Toolworks Ltd.  160  218  314"""

_BALANCE_HEAD = """CONSOLIDATED BALANCE SHEETS (in millions)
June 30,
2023  2024"""

_BALANCE = """Cash and cash equivalents  120  180
Inventories  300  340
Total current assets  700  820
Total assets  2,000  2,400
Accounts payable  200  240
Total current liabilities  500  560
Long-term debt  600  640
Total shareholders' equity  900  1,100"""

_CASH = """CONSOLIDATED STATEMENTS OF CASH FLOWS (in millions)
Year Ended June 30,
2023  2024
Net cash provided by operating activities  380  520
Purchases of property and equipment  (90)  (120)
Dividends paid  (60)  (80)"""


def _statements() -> list[Evidence]:
    def p(cid: str, text: str, page: int, rank: int, columns: str = "") -> Passage:
        return Passage(
            chunk_id=cid, doc_id="lt", page=page, page_end=page, text=text, rank=rank,
            columns=columns,
        )  # fmt: skip

    passages = [
        p("lt#3", _INCOME, 31, 1),
        p("lt#5", _BALANCE, 33, 2, _BALANCE_HEAD),
        p("lt#8", _CASH, 35, 3),
    ]
    return [Evidence(tool="search_document", query="q", passages=passages)]


def _answer(question: str) -> str:
    a = figure_answer(question, _statements(), "en")
    assert a is not None and a.lines, question
    assert not a.problem()[1], a.problem()
    return " ".join(a.lines)


def test_a_metric_glossed_in_brackets_is_the_metric_not_the_glosss_last_quotient() -> None:
    q = (
        "What free cash flow margin did Larkspur earn in fiscal 2024 (cash from operations "
        "less purchases of property and equipment, over net sales)?"
    )
    ask = what_is_asked(q)
    assert ask is not None and ask.name == "Free cash flow margin"
    # (520 − 120) ÷ 2,500 = 16.0%, never purchases ÷ net sales (4.8%)
    assert "= 16.0%" in _answer(q)


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("What was Larkspur's fiscal 2024 return on assets, using year-end total assets?", "13.1%"),
        ("What was Larkspur's FY2024 return on equity measured on ending equity?", "28.5%"),
        (
            "Larkspur's FY2024 return on assets based on total assets at the end of the year?",
            "13.1%",
        ),
        ("What was Larkspur's FY2024 return on equity using beginning equity?", "34.9%"),
        ("What was Larkspur's FY2024 return on assets using average total assets?", "14.3%"),
        ("What was Larkspur's return on equity for the year ending June 30, 2024?", "31.4%"),
    ],
)
def test_a_return_is_worked_on_the_balance_the_question_states(question: str, value: str) -> None:
    # 314 ÷ 2,400 = 13.1%; 314 ÷ 1,100 = 28.5%; 314 ÷ 900 = 34.9%; 314 ÷ 2,200 = 14.3%;
    # 314 ÷ 1,000 = 31.4% (the average, the default: "year ending" dates, it states none)
    said = _answer(question)
    assert f"= {value}" in said, said
    if value in ("13.1%", "28.5%"):
        assert "year-end balances" in said


def test_a_margins_move_in_points_is_worked_for_both_years() -> None:
    said = _answer(
        "By how many percentage points did Larkspur's operating margin widen in fiscal 2024 "
        "relative to fiscal 2023?"
    )
    # 450 ÷ 2,500 = 18.0% against 320 ÷ 2,000 = 16.0%: 2.00 points
    assert "18.0%" in said and "16.0%" in said
    assert "= 2.00 percentage points" in said


@pytest.mark.parametrize(
    ("question", "span"),
    [
        ("What was Larkspur's compound annual growth rate of net sales from FY2022 to FY2024?", 2),
        ("What was the two-year CAGR of Larkspur's net sales through fiscal 2024?", 2),
    ],
)
def test_a_compound_annual_growth_rate_is_the_nth_root_not_the_simple_growth(
    question: str, span: int
) -> None:
    said = _answer(question)
    # (2,500 ÷ 1,600)^(1/2) − 1 = 25.0%; the simple growth over the span would be 56.3%
    assert f"^(1/{span}) − 1 = 25.0%" in said, said
    assert "56.3" not in said


def test_a_compound_rate_from_a_loss_or_not_following_from_its_figures_is_insane() -> None:
    assert insane(Computed("CAGR", 25.0, "cagr", True, True, (1600.0, 2500.0, 2.0))) == ""
    assert insane(Computed("CAGR", 56.25, "cagr", True, True, (1600.0, 2500.0, 2.0)))
    assert insane(Computed("CAGR", 10.0, "cagr", True, True, (-50.0, 2500.0, 2.0)))


@pytest.mark.parametrize(
    "question",
    [
        "What share of its fiscal 2024 net earnings did Larkspur pay out as dividends?",
        "What percentage of net earnings attributable to Larkspur was paid to shareholders "
        "as dividends in fiscal 2024?",
    ],
)
def test_the_share_of_net_income_paid_as_dividends_is_the_payout_ratio(question: str) -> None:
    ask = what_is_asked(question)
    assert ask is not None and ask.name == "Payout ratio"
    assert "= 25.5%" in _answer(question)  # 80 ÷ 314


def test_days_payable_is_on_cost_of_sales_with_the_purchases_convention_beside() -> None:
    said = _answer("What were Larkspur's days payable outstanding in fiscal 2024?")
    # 365 × ((200 + 240) ÷ 2) ÷ 1,400 = 57.36; on purchases (1,400 + 40) = 55.76
    first, _, second = said.partition(
        "(on purchases: cost of sales plus the change in inventories)"
    )
    assert "cost of sales 1,400 = 57.36" in first, said
    assert "55.76" in second and "cost of sales" in second


def test_times_interest_earned_hyphenated_is_the_interest_coverage() -> None:
    ask = what_is_asked("What was Larkspur's times-interest-earned ratio for fiscal 2024?")
    assert ask is not None and ast.unparse(ask.formula) == "operating_income / interest_expense"
    assert "= 12.50" in _answer("What was Larkspur's times-interest-earned ratio for fiscal 2024?")


def test_a_working_names_each_row_as_printed_a_companys_name_capitalised() -> None:
    said = _answer("What was Larkspur's net margin in fiscal 2024?")
    assert "net earnings attributable to Larkspur Toolworks Ltd. 314" in said, said


def test_a_compound_rates_working_supports_its_result() -> None:
    from agent.support import check

    line = (
        "Compound annual growth rate of net sales FY2019 → FY2024 (5 years) = (net sales "
        "2,500 ÷ 1,250)^(1/5) − 1 = 14.9% [1]."
    )
    assert check(line, "Net sales | 1,250 | 1,400 | 1,700 | 2,100 | 2,500").supported
    wrong = line.replace("14.9%", "16.8%")
    assert not check(wrong, "Net sales | 1,250 | 1,400 | 1,700 | 2,100 | 2,500").supported


def test_the_benches_gold_figure_matches_whatever_sign_the_answer_writes() -> None:
    from testkit.answer_checks import gold_figures, has_figure

    assert has_figure(gold_figures("1.08"), "Change = 21.41% − 22.49% = −1.08 percentage points")
    assert has_figure(gold_figures("-875"), "Net debt = −$875 million")
    assert has_figure(gold_figures("(105)"), "Free cash flow = −$105 million")
    assert not has_figure(gold_figures("-875"), "Net debt = −$915 million")


_INCOME_ROWS = _INCOME.replace(
    "Operating income  240  320  450",
    "Fulfillment  160  210  275\nSales and marketing  90  120  150\n"
    "Operating income  240  320  450",
)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "What were Larkspur's fulfillment costs as a percentage of net sales in fiscal 2024?",
            "Fulfillment as a share of net sales FY2024 = fulfillment 275 ÷ net sales 2,500 "
            "= 11.0%",
        ),
        (
            "How large were Larkspur's sales and marketing expenses relative to net sales in "
            "fiscal 2024, as a percentage?",
            "sales and marketing 150 ÷ net sales 2,500 = 6.0%",
        ),
    ],
)
def test_a_row_no_item_names_is_worked_as_a_share_of_the_item_named(
    question: str, said: str
) -> None:
    ev = _statements()
    ev[0].passages[0] = ev[0].passages[0].model_copy(update={"text": _INCOME_ROWS})
    a = figure_answer(question, ev, "en")
    assert a is not None and not a.problem()[1]
    assert said in a.lines[0], a.lines
    assert a.cells[0].page == 31


_DEBT_NOTE = (
    "| | 2024 | 2023 |\n|---|---|---|\n| Short-term debt obligations | | |\n"
    "| Current maturities of long-term debt | $90 | $70 |\n| Commercial paper | 160 | 130 |\n"
    "| | $250 | $200 |\n| Long-term debt obligations | | |\n| Notes due 2027 | 640 | 600 |"
)


def test_a_debt_notes_breakdown_is_not_added_to_the_balance_sheets_debt_again() -> None:
    balance = _BALANCE.replace(
        "Total current liabilities",
        "Short-term debt obligations  200  250\nTotal current liabilities",
    )
    cash = _CASH.replace("Purchases", "Depreciation and amortization  80  100\nPurchases")
    ev = _statements()
    ev[0].passages[1] = ev[0].passages[1].model_copy(update={"text": balance})
    ev[0].passages[2] = ev[0].passages[2].model_copy(update={"text": cash})
    note = Passage(
        chunk_id="lt#40", doc_id="lt", page=72, page_end=72, text=_DEBT_NOTE, rank=4,
        section="Note 9 — Debt Obligations",
    )  # fmt: skip
    ev[0].passages.append(note)
    a = figure_answer("What was Larkspur's net debt to EBITDA in fiscal 2024?", ev, "en")
    assert a is not None and not a.problem()[1]
    # (250 + 640 − 180) ÷ (450 + 100) = 1.29: the note's 90 of current maturities is inside
    # the 250 (adding it again gives 1.45)
    line = " ".join(a.lines)
    assert "= 1.29" in line, line
    assert "current maturities" not in line.lower()


def test_a_notes_current_maturities_count_when_the_statement_prints_no_short_term_debt() -> None:
    cash = _CASH.replace("Purchases", "Depreciation and amortization  80  100\nPurchases")
    ev = _statements()
    ev[0].passages[2] = ev[0].passages[2].model_copy(update={"text": cash})
    note = Passage(
        chunk_id="lt#40", doc_id="lt", page=72, page_end=72, text=_DEBT_NOTE, rank=4,
        section="Note 9 — Debt Obligations",
    )  # fmt: skip
    ev[0].passages.append(note)
    a = figure_answer("What was Larkspur's net debt to EBITDA in fiscal 2024?", ev, "en")
    assert a is not None and not a.problem()[1]
    # (90 + 640 − 180) ÷ 550 = 1.00 (commercial paper is no item of the sum)
    line = " ".join(a.lines)
    assert "current maturities of long-term debt 90" in line, line
