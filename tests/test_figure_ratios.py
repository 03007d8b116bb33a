"""One figure over another however the question words it ("the ratio of A to B", "A-to-B
ratio", "A / B", "A divided by B", "A as a % of B"), for any two line items or metrics the
vocabulary knows, so a ratio no metric names is still worked from the statements' rows.
Invented companies only."""

from __future__ import annotations

import ast

import pytest

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.asking import what_is_asked
from tests.test_figure_metrics import INCOME, statements


@pytest.mark.parametrize(
    ("question", "formula", "percent"),
    [
        (
            "What was the ratio of inventories to total assets in FY2023?",
            "inventories / total_assets",
            False,
        ),
        (
            "What was the inventories to total assets ratio in FY2023?",
            "inventories / total_assets",
            False,
        ),
        (
            "What was the inventories-to-total-assets ratio in FY2023?",
            "inventories / total_assets",
            False,
        ),
        ("What was the R&D-to-SG&A multiple in FY2023?", "research_development / sga", False),
        ("What was inventories / total assets in FY2023?", "inventories / total_assets", False),
        ("What was SG&A/net sales in FY2023, in percent?", "sga / revenue", True),
        (
            "What was accounts payable divided by cost of sales in FY2023?",
            "accounts_payable / cost_of_revenue",
            False,
        ),
        (
            "What was interest expense as a percentage of net sales in FY2023?",
            "interest_expense / revenue",
            True,
        ),
        # the owner's "its" before the whole, a word of spending after the part
        (
            "What was capex as a share of its operating cash flow in FY2023?",
            "capex / operating_cash_flow",
            True,
        ),
        (
            "What was Quillfeather's FY2023 R&D spend as a % of revenues?",
            "research_development / revenue",
            True,
        ),
        # a metric on either side enters as its formula
        (
            "What was the ratio of EBITDA to interest expense in FY2023?",
            "(operating_income + depreciation_amortization) / interest_expense",
            False,
        ),
        (
            "What was the free cash flow to net income ratio in FY2023?",
            "(operating_cash_flow - capex) / net_income",
            False,
        ),
    ],
)
def test_a_quotient_of_any_two_known_figures_is_asked(
    question: str, formula: str, percent: bool
) -> None:
    asked = what_is_asked(question)
    assert asked is not None and not asked.single
    assert ast.unparse(asked.formula) == formula
    assert asked.percent is percent


def test_a_quotient_is_worked_and_cited_for_the_year_asked() -> None:
    a = figure_answer(
        "What was the ratio of inventories to total assets in FY2022?", statements(), "en"
    )
    assert a is not None and a.lines == [
        "Inventories to total assets FY2022 = inventories 400 ÷ total assets 2,500 = 0.16 [ko#5]."
    ]
    slash = figure_answer("What was SG&A / net sales in FY2023, in percent?", statements(), "en")
    assert slash is not None and slash.lines == [
        "SG&A divided by net sales FY2023 = selling, general and administrative expenses 420 "
        "÷ net sales 3,000 = 14.0% [ko#3]."
    ]


def test_a_quotient_with_an_operand_missing_names_it() -> None:
    income = "\n".join(r for r in INCOME.splitlines() if "Interest" not in r)
    q = "What was the ratio of dividends paid to interest expense in FY2023?"
    a = figure_answer(q, statements(income), "en")
    assert a is not None and not a.lines
    assert a.missing == ["The documents do not say what FY2023 interest expense was."]


def test_a_quotient_of_an_unknown_figure_is_not_its_known_side() -> None:
    # "deferred revenue" is no line item of the vocabulary: inventories alone answer nothing asked
    assert what_is_asked("What was the ratio of inventories to deferred revenue in FY2023?") is None
    assert what_is_asked("What was the inventories to deferred revenue ratio in FY2023?") is None
    assert (
        figure_answer(
            "What was inventories divided by deferred revenue in FY2023?", statements(), "en"
        )
        is None
    )


def test_words_that_join_periods_or_abbreviations_ask_no_quotient() -> None:
    change = what_is_asked("How did net sales change from FY2022 to FY2023?")
    assert change is not None and change.single and ast.unparse(change.formula) == "revenue"
    # a named metric keeps its own formula when one side is no line item
    lt = what_is_asked("What was the long-term debt to equity ratio in FY2023?")
    assert lt is not None and ast.unparse(lt.formula) == "long_term_debt / total_equity"
    zh = what_is_asked("2023年资产负债率是多少？")  # liabilities over assets, in percent
    assert zh is not None and zh.percent
    assert ast.unparse(zh.formula) == "total_liabilities / total_assets"


ZH_BALANCE = (
    "合并资产负债表 单位：万元\n"
    "| 项目 | 2031年 | 2030年 |\n"
    "|---|---|---|\n"
    "| 资产总计 | 50,000.00 | 40,000.00 |\n"
    "| 负债合计 | 30,000.00 | 26,000.00 |\n"
    "| 所有者权益合计 | 20,000.00 | 14,000.00 |"
)


def test_chinese_ratios_are_worked_from_the_chinese_statement() -> None:
    ev = [
        Evidence(
            tool="search_document",
            query="资产负债率",
            passages=[
                Passage(chunk_id="zb#0", doc_id="zb", page=5, page_end=5, text=ZH_BALANCE, rank=1)
            ],
        )
    ]
    ratio = figure_answer("2031年资产负债率是多少？", ev, "zh")
    assert ratio is not None
    assert ratio.lines == ["2031年资产负债率 = 负债合计 30,000 ÷ 资产总计 50,000 = 60.0% [zb#0]。"]
    multiplier = figure_answer("2031年权益乘数是多少？", ev, "zh")
    assert multiplier is not None and multiplier.lines[0].endswith("= 2.50 [zb#0]。")
