"""The standard ratios an analyst asks of a 10-K, computed from an invented company's
statements: each value with its working, the cells it cites, the year asked, a sane bound,
and a refusal naming the operand the statements lack. Invented companies only."""

from __future__ import annotations

import ast

import pytest

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.asking import what_is_asked
from agent.figures.verify import Computed, insane
from agent.models.compose import compose
from agent.support import check
from tests.figurekit import passage, searched

INCOME = """KESTREL OUTFITTERS INC.
CONSOLIDATED STATEMENTS OF OPERATIONS (in millions)
Year Ended December 31,
2021  2022  2023
Net sales  2,000  2,400  3,000
Cost of sales  1,200  1,400  1,800
Selling, general and administrative expenses  300  350  420
Research and development  100  120  150
Operating income  400  530  630
Interest expense  (40)  (50)  (60)
Income before income taxes  360  480  570
Provision for income taxes  (90)  (120)  (114)
Net income  270  360  456"""

BALANCE_HEAD = """CONSOLIDATED BALANCE SHEETS (in millions)
December 31,
2022  2023"""

BALANCE = """Cash and cash equivalents  150  210
Accounts receivable, net  300  340
Inventories  400  460
Total current assets  900  1,060
Property and equipment, net  1,100  1,300
Total assets  2,500  2,900
Accounts payable  250  290
Current portion of long-term debt  50  60
Total current liabilities  600  640
Long-term debt  700  740
Total stockholders' equity  1,000  1,220"""

CASH = """CONSOLIDATED STATEMENTS OF CASH FLOWS (in millions)
Year Ended December 31,
2022  2023
Net income  360  456
Depreciation and amortization  90  110
Net cash provided by operating activities  500  620
Purchases of property and equipment  (200)  (260)
Dividends paid  (72)  (114)"""


def statements(income: str = INCOME, balance: str = BALANCE, *extra: Passage) -> list[Evidence]:
    return searched(
        passage("ko#3", income, page=41, rank=1),
        passage("ko#5", balance, page=43, rank=2, columns=BALANCE_HEAD),
        passage("ko#8", CASH, page=45, rank=3),
        *extra,
    )


def _line(question: str) -> str:
    a = figure_answer(question, statements(), "en")
    assert a is not None and len(a.lines) == 1, question
    assert not a.problem()[1], a.problem()
    return a.lines[0]


# question → the one line answering it: the value, its working and the cells cited
METRICS = [
    (
        "What was Kestrel's fixed asset turnover in FY2023?",
        "Fixed asset turnover FY2023 = net sales 3,000 ÷ ((property and equipment, net 1,100 "
        "+ 1,300) ÷ 2) = 2.50 [ko#3][ko#5].",
    ),
    (
        "What was the receivables turnover ratio in FY2023?",
        "Receivables turnover FY2023 = net sales 3,000 ÷ ((accounts receivable, net 300 + "
        "340) ÷ 2) = 9.38 [ko#3][ko#5].",
    ),
    (
        "What was the accounts payable turnover for FY2023?",
        "Accounts payable turnover FY2023 = cost of sales 1,800 ÷ ((accounts payable 250 + "
        "290) ÷ 2) = 6.67 [ko#3][ko#5].",
    ),
    (
        "What was the working capital turnover in FY2023?",
        "Working capital turnover FY2023 = net sales 3,000 ÷ (((total current assets 900 − "
        "total current liabilities 600) + (total current assets 1,060 − total current "
        "liabilities 640)) ÷ 2) = 8.33 [ko#3][ko#5].",
    ),
    (
        "What was the cash ratio in FY2023?",
        "Cash ratio FY2023 = (cash and cash equivalents 210) ÷ total current liabilities 640 "
        "= 0.33 [ko#5].",
    ),
    (
        "What was the debt-to-assets ratio in FY2023?",
        "Debt-to-assets FY2023 = (current portion of long-term debt 60 + long-term debt 740) "
        "÷ total assets 2,900 = 0.28 [ko#5].",
    ),
    (
        "What was the debt-to-capital ratio in FY2023?",
        "Debt-to-capital FY2023 = (current portion of long-term debt 60 + long-term debt 740) "
        "÷ ((current portion of long-term debt 60 + long-term debt 740) + total "
        "stockholders' equity 1,220) = 0.40 [ko#5].",
    ),
    (
        "What was the debt ratio in FY2023?",
        "Debt ratio FY2023 = (total assets 2,900 − total stockholders' equity 1,220) ÷ total "
        "assets 2,900 = 0.58 [ko#5].",
    ),
    (
        "What was the equity ratio in FY2023?",
        "Equity ratio FY2023 = total stockholders' equity 1,220 ÷ total assets 2,900 = 0.42 "
        "[ko#5].",
    ),
    (
        "What was the equity multiplier in FY2023?",
        "Equity multiplier FY2023 = total assets 2,900 ÷ total stockholders' equity 1,220 = "
        "2.38 [ko#5].",
    ),
    (
        "What was the net debt in FY2023?",
        "Net debt FY2023 = (current portion of long-term debt 60 + long-term debt 740) − cash "
        "and cash equivalents 210 = 590 million [ko#5].",
    ),
    (
        "What was the total debt to EBITDA in FY2023?",
        "Total debt to EBITDA FY2023 = (current portion of long-term debt 60 + long-term debt "
        "740) ÷ (operating income 630 + depreciation and amortization 110) = 1.08 "
        "[ko#5][ko#3][ko#8].",
    ),
    (
        "What was the net leverage in FY2023?",
        "Net leverage FY2023 = ((current portion of long-term debt 60 + long-term debt 740) − "
        "cash and cash equivalents 210) ÷ (operating income 630 + depreciation and "
        "amortization 110) = 0.80 [ko#5][ko#3][ko#8].",
    ),
    (
        "What was the return on capital employed in FY2023?",
        "Return on capital employed FY2023 = operating income 630 ÷ (total assets 2,900 − "
        "total current liabilities 640) = 27.9% [ko#3][ko#5].",
    ),
    (
        "What was the retention ratio in FY2023?",
        "Retention ratio FY2023 = 1 − dividends paid 114 ÷ net income 456 = 75.0% [ko#8][ko#3].",
    ),
    (
        "What was the dividend payout in FY2023?",
        "Dividend payout FY2023 = dividends paid 114 ÷ net income 456 = 25.0% [ko#8][ko#3].",
    ),
    (
        "What was the times interest earned in FY2023?",
        "Times interest earned FY2023 = operating income 630 ÷ interest expense 60 = 10.50 [ko#3].",
    ),
    (
        "What was the EBITDA interest coverage in FY2023?",
        "EBITDA interest coverage FY2023 = (operating income 630 + depreciation and "
        "amortization 110) ÷ interest expense 60 = 12.33 [ko#3][ko#8].",
    ),
    (
        "What was the quality of earnings in FY2023?",
        "Quality of earnings FY2023 = net cash provided by operating activities 620 ÷ net "
        "income 456 = 1.36 [ko#8][ko#3].",
    ),
    (
        "What was the EBIT margin in FY2023?",
        "EBIT margin FY2023 = operating income 630 ÷ net sales 3,000 = 21.0% [ko#3].",
    ),
    (
        "What was the pretax margin in FY2023?",
        "Pretax margin FY2023 = income before income taxes 570 ÷ net sales 3,000 = 19.0% [ko#3].",
    ),
    (
        "What was the free cash flow margin in FY2023?",
        "Free cash flow margin FY2023 = (net cash provided by operating activities 620 − "
        "purchases of property and equipment 260) ÷ net sales 3,000 = 12.0% [ko#8][ko#3].",
    ),
    (
        "What was the operating cash flow margin in FY2023?",
        "Operating cash flow margin FY2023 = net cash provided by operating activities 620 ÷ "
        "net sales 3,000 = 20.7% [ko#8][ko#3].",
    ),
    (
        "What was the capex intensity in FY2023?",
        "Capex intensity FY2023 = purchases of property and equipment 260 ÷ net sales 3,000 "
        "= 8.67% [ko#8][ko#3].",
    ),
    (
        "What was the R&D intensity in FY2023?",
        "R&D intensity FY2023 = research and development 150 ÷ net sales 3,000 = 5.00% [ko#3].",
    ),
]


@pytest.mark.parametrize(("question", "line"), METRICS)
def test_a_standard_ratio_is_worked_from_the_cited_rows(question: str, line: str) -> None:
    assert _line(question) == line


def test_return_on_invested_capital_taxes_operating_income_over_average_capital() -> None:
    line = _line("What was the ROIC in FY2023?")
    # 630 × (1 − 114 ÷ 570) ÷ ((750 + 1,000 + 800 + 1,220) ÷ 2) = 504 ÷ 1,885
    assert line.startswith("ROIC FY2023 = operating income 630 × (1 − provision for income taxes")
    assert line.endswith("÷ 2) = 26.7% [ko#3][ko#5].")
    # the reflection re-computes the working from the cited statements
    assert check(line, f"{INCOME}\n{BALANCE_HEAD}\n{BALANCE}").supported


def test_the_year_asked_is_the_year_computed() -> None:
    # FY2022: the 2022 columns, and the average's year before (2021) is not in the balance
    assert _line("What was the pretax margin in FY2022?") == (
        "Pretax margin FY2022 = income before income taxes 480 ÷ net sales 2,400 = 20.0% [ko#3]."
    )
    a = figure_answer("What was the fixed asset turnover in FY2022?", statements(), "en")
    assert a is not None and not a.lines
    assert a.missing == ["The documents do not say what FY2021 property and equipment, net was."]


def test_a_missing_operand_is_named_and_nothing_is_computed() -> None:
    no_interest = "\n".join(r for r in INCOME.splitlines() if not r.startswith("Interest"))
    a = figure_answer(
        "What was the times interest earned in FY2023?", statements(no_interest), "en"
    )
    assert a is not None and not a.lines and not a.cells
    assert a.missing == ["The documents do not say what FY2023 interest expense was."]
    assert a.wanted == [("interest_expense", 2023)]


def test_a_derived_item_missing_a_part_is_named_as_itself() -> None:
    # neither a "Total debt" row nor the long-term debt it is worked from
    balance = "\n".join(r for r in BALANCE.splitlines() if "debt" not in r)
    a = figure_answer("What was the net debt in FY2023?", statements(INCOME, balance), "en")
    assert a is not None and not a.lines
    assert a.missing == ["The documents do not say what FY2023 total debt was."]


def test_a_total_the_statements_print_is_read_not_worked_out() -> None:
    note = passage(
        "ko#20",
        "NOTE 9. DEBT (in millions)\nDecember 31,\n2022  2023\nTotal debt  760  815",
        page=70,
        rank=4,
    )
    a = figure_answer(
        "What was the debt-to-assets ratio in FY2023?", statements(INCOME, BALANCE, note), "en"
    )
    assert a is not None
    assert a.lines == [
        "Debt-to-assets FY2023 = total debt 815 ÷ total assets 2,900 = 0.28 [ko#20][ko#5]."
    ]
    # worked from its parts when no row totals it, the working says so
    derived = figure_answer("What was total debt in FY2023?", statements(), "en")
    assert derived is not None and derived.lines == [
        "Total debt FY2023 = current portion of long-term debt 60 + long-term debt 740 = "
        "800 million [ko#5]."
    ]


def test_a_computed_amount_grows_by_its_two_years() -> None:
    a = figure_answer("How much did free cash flow grow in FY2023?", statements(), "en")
    assert a is not None and not a.problem()[1]
    assert a.lines[-1] == (
        "Change in free cash flow FY2022 → FY2023 = (360 − 300) ÷ 300 = 20.0% [ko#8]."
    )
    assert [c.kind for c in a.computed][-1] == "growth"


ADJUSTED = """RECONCILIATION OF NON-GAAP MEASURES (in millions)
Year Ended December 31,
2022  2023
Net income  360  456
Adjusted EBITDA  660  790"""


def test_an_adjusted_figure_is_the_reported_row_and_unadjusted_is_computed() -> None:
    table = passage("ko#30", ADJUSTED, page=52, rank=4)
    reported = figure_answer(
        "What was adjusted EBITDA in FY2023?", statements(INCOME, BALANCE, table), "en"
    )
    assert reported is not None and reported.lines[0].startswith("Adjusted EBITDA was 790")
    assert [c.chunk_id for c in reported.cells] == ["ko#30"]
    # not computed from operating income when the company's own figure is not in the turn
    absent = figure_answer("What was adjusted EBITDA in FY2023?", statements(), "en")
    assert absent is not None and not absent.lines
    assert absent.missing == ["The documents do not say what FY2023 Adjusted EBITDA was."]
    # "unadjusted" holds "adjusted": the words are read whole
    margin = what_is_asked("What was the unadjusted EBITDA % margin in FY2023?")
    assert margin is not None
    assert ast.unparse(margin.formula) == (
        "(operating_income + depreciation_amortization) / revenue"
    )
    # an adjusted figure no line item names is not the GAAP row, nor computed from GAAP rows
    assert (
        figure_answer("What was adjusted operating income in FY2023?", statements(), "en") is None
    )
    assert what_is_asked("What was the adjusted gross margin in FY2023?") is None
    plain = what_is_asked("What was non-adjusted operating income in FY2023?")
    assert plain is not None and ast.unparse(plain.formula) == "operating_income"
    unadjusted = _line("What was unadjusted EBITDA in FY2023?")
    assert unadjusted.endswith("= 740 million [ko#3][ko#8].")


def test_each_metric_has_its_bound() -> None:
    for question, bound in [
        ("What was the fixed asset turnover in FY2023?", "positive"),
        ("What was the cash ratio in FY2023?", "positive"),
        ("What was the pretax margin in FY2023?", "share"),
        ("What was the DSO in FY2023?", "days"),
    ]:
        asked = what_is_asked(question)
        assert asked is not None and asked.bound == bound, question
    assert insane(Computed("Fixed asset turnover", -2.0, "ratio", bound="positive"))
    assert insane(Computed("Equity ratio", 1.4, "ratio", bound="share"))
    assert not insane(Computed("Equity ratio", 0.4, "ratio", bound="share"))
    assert insane(Computed("DIO", 1500.0, "ratio", bound="days"))
    assert not insane(Computed("DIO", 45.0, "ratio", bound="days"))
    # a growth of a bounded figure is no figure of its bound (a turnover may fall)
    assert not insane(Computed("Turnover", -20.0, "growth", True, True, (5.0, 4.0), "positive"))


def test_a_figure_outside_its_bound_is_never_shown() -> None:
    # receivables more than three years of sales: 1,642 days is no collection period
    income = INCOME.replace("Net sales  2,000  2,400  3,000", "Net sales  20  24  100")
    balance = BALANCE.replace(
        "Accounts receivable, net  300  340", "Accounts receivable, net  400  500"
    )
    a = figure_answer("What was the DSO in FY2023?", statements(income, balance), "en")
    assert a is not None and a.refusal
    assert a.lines[0].startswith("The figures found are insufficient for a sensible DSO")
    assert "below 1,000" in a.lines[0]


def test_the_missing_operand_is_the_answer_only_when_nothing_else_answers() -> None:
    no_interest = "\n".join(r for r in INCOME.splitlines() if not r.startswith("Interest"))
    alone = compose("What was the times interest earned in FY2023?", statements(no_interest), "en")
    assert alone.startswith("The documents do not say what FY2023 interest expense was.")
    worked = compose("What was the times interest earned in FY2023?", statements(), "en")
    assert worked.startswith("Times interest earned FY2023 = operating income 630 ÷ interest")
    assert "do not say" not in worked


def test_any_line_item_grows_year_over_year() -> None:
    a = figure_answer("What was the year-over-year growth in SG&A in FY2023?", statements(), "en")
    assert a is not None and a.lines[-1] == (
        "Change in selling, general and administrative expenses FY2022 → FY2023 = "
        "(420 − 350) ÷ 350 = 20.0% [ko#3]."
    )
    rd = figure_answer("How much did R&D grow in FY2022?", statements(), "en")
    assert rd is not None and rd.lines[-1].endswith("= (120 − 100) ÷ 100 = 20.0% [ko#3].")
