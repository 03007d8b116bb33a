"""Computed metrics as analysts work them on statements printed in several ways: debt to
equity on total debt (with the total-liabilities figure beside it), a share worded with
the whole first ("what share of revenue went to R&D"), a ratio "of A to its B", a
statement continued in a later chunk (its reading: ``test_continued_tables.py``), rows
under a "Per Share Data" heading, labels with hyphens in a working, and payout or tax rates far
above their base. Invented companies only."""

from __future__ import annotations

import ast

import pytest

from agent.arith import checked_results
from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer, figure_candidates
from agent.figures.asking import what_is_asked
from agent.figures.items import row_match
from agent.figures.lookup import Finder
from agent.figures.statements import titled
from agent.figures.tables import read_grid
from agent.figures.verify import Computed, insane
from pipeline.text.finance import vocabulary
from testkit.continued_tables import EQUITY_EMPTY_HEAD, continued_balance, evidence, passage
from tests.test_figure_metrics import statements


def test_debt_to_equity_is_total_debt_over_equity_with_the_liabilities_figure_beside() -> None:
    ask = what_is_asked("What was Northbeam's debt-to-equity ratio at March 1, 2025?")
    assert ask is not None and ast.unparse(ask.formula) == "total_debt / total_equity"
    a = figure_answer(
        "What was Northbeam's debt-to-equity ratio at the end of fiscal 2025?",
        continued_balance(EQUITY_EMPTY_HEAD),
        "en",
    )
    assert a is not None
    assert not a.problem()[1], a.problem()
    # (120 + 1,380) ÷ 3,000 = 0.50; total liabilities (6,400 − 3,000) ÷ 3,000 = 1.13
    assert (
        "(loans and notes payable 120 + long-term debt obligations 1,380) ÷ total equity "
        in (a.lines[0])
    )
    assert "= 0.50 [" in a.lines[0], a.lines
    assert "on total liabilities" in a.lines[1] and "= 1.13 [" in a.lines[1], a.lines


def test_debt_to_equity_without_any_debt_row_is_worked_on_total_liabilities() -> None:
    a = figure_answer("What was the debt-to-equity ratio in FY2023?", _no_debt(), "en")
    assert a is not None and len(a.lines) == 1, a
    # Kestrel's liabilities: total assets 2,900 − equity 1,220 = 1,680; ÷ 1,220 = 1.38
    assert "on total liabilities" in a.lines[0] and "= 1.38 [" in a.lines[0], a.lines


def _no_debt() -> list[Evidence]:
    ev = statements()
    p = ev[0].passages[1]
    kept = "\n".join(ln for ln in p.text.split("\n") if "debt" not in ln.lower())
    ev[0].passages[1] = p.model_copy(update={"text": kept})
    return ev


def test_liabilities_to_equity_asked_by_name_is_worked_on_liabilities() -> None:
    ask = what_is_asked("What was the total liabilities to shareholders' equity ratio in 2023?")
    assert ask is not None and ast.unparse(ask.formula) == "total_liabilities / total_equity"


@pytest.mark.parametrize(
    ("question", "formula"),
    [
        (
            "What share of Kestrel's FY2023 net sales went to research and development?",
            "research_development / revenue",
        ),
        (
            "What percentage of net sales was spent on selling, general and administrative "
            "expenses in 2023?",
            "sga / revenue",
        ),
        (
            "What portion of net sales did cost of sales account for in 2023?",
            "cost_of_revenue / revenue",
        ),
    ],
)
def test_a_share_asked_whole_first_is_the_part_over_the_whole(question: str, formula: str) -> None:
    ask = what_is_asked(question)
    assert ask is not None and ask.percent, question
    assert ast.unparse(ask.formula) == formula


def test_a_share_asked_whole_first_is_worked_in_percent() -> None:
    a = figure_answer(
        "What share of Kestrel's FY2023 net sales went to research and development?",
        statements(),
        "en",
    )
    assert a is not None and not a.problem()[1]
    assert "research and development 150 ÷ net sales 3,000 = 5.00% [" in a.lines[0], a.lines


def test_a_ratio_of_a_companys_figure_to_its_other_figure() -> None:
    ask = what_is_asked("What was the ratio of Kestrel's operating income to its interest expense?")
    assert ask is not None and ast.unparse(ask.formula) == "operating_income / interest_expense"


def test_hyphens_inside_labels_of_a_working_are_no_minus_signs() -> None:
    line = (
        "Debt-to-equity FY2025 = (short-term debt 120 + long-term debt 1,380) ÷ total equity "
        "3,000 = 0.50"
    )
    assert checked_results(line) == ["0.50"]
    assert checked_results("Free cash flow = operating cash flow 145 − capex 250 = −105") == ["105"]


CASH_DIVIDENDS = (
    "| Cash flows (in millions) | 2023 | 2022 |\n|---|---|---|\n| Dividends paid | (114) | (72) |"
)

SELECTED = """| Five-Year Highlights ($ in millions, except per share amounts) | 2023 | 2022 |
|---|---|---|
| Earnings Data |  |  |
| Net sales | 3,000 | 2,400 |
| Net income attributable to Kestrel shareholders | 456 | 360 |
| Per Share Data |  |  |
| Net income | 4.56 | 3.60 |
| Cash dividends declared and paid | 1.14 | 0.72 |"""


def test_rows_under_a_per_share_heading_are_no_amounts_of_the_item() -> None:
    cash = CASH_DIVIDENDS
    ev = evidence(
        Passage(chunk_id="ko#2", doc_id="ko", page=20, page_end=20, text=SELECTED, rank=1),
        Passage(chunk_id="ko#9", doc_id="ko", page=45, page_end=45, text=cash, rank=2),
    )
    a = figure_answer("What was Kestrel's dividend payout ratio in 2023?", ev, "en")
    assert a is not None
    assert not a.problem()[1], a.problem()
    # 114 ÷ 456 = 25.0%, never 114 ÷ 4.56 per share
    assert (
        "dividends paid 114 ÷ net income attributable to Kestrel shareholders 456 = 25.0%"
        in (a.lines[0])
    ), a.lines


def test_a_payout_or_tax_rate_ten_times_its_base_is_senseless() -> None:
    wild = Computed("Dividend payout", 9557.7, "ratio", True, True, bound="rate")
    assert insane(wild)
    assert not insane(Computed("Dividend payout", 112.0, "ratio", True, True, bound="rate"))
    rates = {m.key: m.bound for m in vocabulary().metrics}
    assert rates["payout_ratio"] == rates["effective_tax_rate"] == "rate"


def test_a_rejected_figure_keeps_asking_for_its_weak_cells_statement() -> None:
    """A quick ratio worked over a pension table's "Current liabilities" is senseless; the
    refusal offered instead still names that operand, so the planner reads its page."""
    pension = (
        "| Pension Plans (in millions) | December 31, 2023 | December 31, 2022 |\n|---|---|---|\n"
        "| Current liabilities | (12) | (10) |"
    )
    ev = statements()
    p = ev[0].passages[1]
    kept = "\n".join(ln for ln in p.text.split("\n") if "current liabilities" not in ln.lower())
    ev[0].passages[1] = p.model_copy(update={"text": kept})
    ev[0].passages.append(
        Passage(chunk_id="ko#30", doc_id="ko", page=80, page_end=80, text=pension, rank=4)
    )
    found = figure_candidates("What was Kestrel's quick ratio at December 31, 2023?", ev, "en")
    refusal = next(f for f in found if f.refusal)
    assert ("total_current_liabilities", 2023) in refusal.wanted


@pytest.mark.parametrize(
    ("label", "key"),
    [
        ("Dividends to shareholders", "dividends_paid"),
        ("Trade accounts receivable, less allowance for doubtful accounts", "accounts_receivable"),
        (
            "Purchase of property, plant, and equipment, and other intangible assets",
            "capex",
        ),
        ("Loans and notes payable (Note 7)", "short_term_debt"),
        ("Long-Term Debt Obligations", "long_term_debt"),
    ],
)
def test_common_statement_labels_name_their_line_items(label: str, key: str) -> None:
    assert row_match(label, vocabulary().items[key]) == 1.0


def test_an_average_of_amounts_is_said_as_printed() -> None:
    a = figure_answer(
        "What was Kestrel's average net sales over 2021 to 2023, in millions?", statements(), "en"
    )
    assert a is not None and not a.problem()[1]
    # (2,000 + 2,400 + 3,000) ÷ 3 = 2,466.67: a large amount, said with separators
    assert ") ÷ 3 = 2,467 [" in a.lines[0], a.lines


# a five-year summary chunk continued below its "Per Share Data" heading: the heading is in
# the chunk before, so its "Net income" row reads as an amount
SUMMARY_TAIL = """| ($ in millions, except per share amounts) Fiscal Year | 2023 | 2022 |
|---|---|---|
| Net income | 4.56 | 3.60 |
| Cash dividends declared and paid | 1.14 | 0.72 |"""


def test_a_senseless_figure_from_a_summary_table_asks_for_its_statements_row() -> None:
    cash = CASH_DIVIDENDS
    ev = evidence(
        Passage(chunk_id="ko#2", doc_id="ko", page=20, page_end=20, text=SUMMARY_TAIL, rank=1),
        Passage(chunk_id="ko#9", doc_id="ko", page=45, page_end=45, text=cash, rank=2),
    )
    found = figure_candidates("What was Kestrel's dividend payout ratio in 2023?", ev, "en")
    assert found[0].problem()[1]  # 114 ÷ 4.56: ten times its base
    refusal = next(f for f in found if f.refusal)
    assert ("net_income", 2023) in refusal.wanted


def test_a_notes_table_mentioning_the_balance_sheet_is_not_the_balance_sheet() -> None:
    note = (
        "| The funded status recognized in our consolidated balance sheets (MILLIONS) | "
        "December 31, 2023 | December 31, 2022 |\n|---|---|---|\n"
        "| Current liabilities | (12) | (10) |"
    )
    grid = read_grid(passage("nb#40", note))
    assert grid is not None and not titled(grid, "balance")
    head = "| Consolidated Balance Sheets (in millions) | December 31, 2023 | December 31, 2022 |"
    sheet = read_grid(passage("nb#41", f"{head}\n|---|---|---|\n| Total assets | 900 | 800 |"))
    assert sheet is not None and titled(sheet, "balance")


@pytest.mark.parametrize(
    ("question", "formula"),
    [
        (
            "What return on average equity did Kestrel earn in 2023?",
            "net_income / avg(total_equity)",
        ),
        ("What was the return on average total assets in 2023?", "net_income / avg(total_assets)"),
        ("What were SG&A expenses as a percentage of net sales in 2023?", "sga / revenue"),
    ],
)
def test_metric_wordings_analysts_use(question: str, formula: str) -> None:
    ask = what_is_asked(question)
    assert ask is not None and ast.unparse(ask.formula) == formula


def test_a_margins_change_between_two_named_years_is_in_points_from_its_formula() -> None:
    a = figure_answer(
        "How many percentage points did Kestrel's gross margin change in 2023 compared with 2022?",
        statements(),
        "en",
    )
    assert a is not None and len(a.lines) == 3, a
    # (3,000 − 1,800) ÷ 3,000 = 40.00%; (2,400 − 1,400) ÷ 2,400 = 41.67%: −1.67 points
    assert "40.00% − 41.67% = −1.67 percentage points" in a.lines[2], a.lines


def test_net_interest_expense_and_other_is_the_interest_expense_row() -> None:
    item = vocabulary().items["interest_expense"]
    assert row_match("Net interest expense and other", item) == 1.0


INCOME_AMOUNTS = """| Statements of Income (MILLIONS, EXCEPT PER SHARE DATA) | 2024 | 2023 |
|---|---|---|
| Net income before allocation to noncontrolling interests | 2,205 | 920 |
| Less: Net income attributable to noncontrolling interests | 45 | 36 |
| Net income attributable to Kestrel Inc. common shareholders | 2,160 | 884 |
| Earnings per common share—basic: |  |  |"""

# the next chunk: basic per-share rows (their heading left above), then the diluted ones
INCOME_PER_SHARE = """| Statements of Income (MILLIONS, EXCEPT PER SHARE DATA) | 2024 | 2023 |
|---|---|---|
| Discontinued operations—net of tax | (0.08) | 0.46 |
| Net income attributable to Kestrel Inc. common shareholders | 3.92 | 1.65 |
| Earnings per common share—diluted: |  |  |
| Income from continuing operations | 3.93 | 1.18 |
| Discontinued operations—net of tax | (0.08) | 0.45 |
| Net income attributable to Kestrel Inc. common shareholders | 3.85 | 1.63 |"""


def test_the_amount_row_is_net_income_not_the_minoritys_share_nor_its_per_share_repeats() -> None:
    per_share = read_grid(passage("ki#6", INCOME_PER_SHARE, rank=1))
    amounts = read_grid(passage("ki#5", INCOME_AMOUNTS, rank=2))
    assert per_share is not None and amounts is not None
    cell = Finder([per_share, amounts])("net_income", 2024)
    assert cell.value == 2160.0, cell
    item = vocabulary().items["net_income"]
    assert row_match("Less: Net income attributable to noncontrolling interests", item) == 0.0


def test_how_many_times_a_profit_covers_its_interest_is_a_coverage() -> None:
    ask = what_is_asked("How many times did Kestrel's operating income cover its interest expense?")
    assert ask is not None and ast.unparse(ask.formula) == "operating_income / interest_expense"
    ebitda = what_is_asked("How many times did EBITDA cover interest expense in 2023?")
    assert ebitda is not None
    assert ast.unparse(ebitda.formula) == (
        "(operating_income + depreciation_amortization) / interest_expense"
    )


def test_debt_to_equity_on_liabilities_still_asks_for_the_debt_rows() -> None:
    a = figure_answer("What was the debt-to-equity ratio in FY2023?", _no_debt(), "en")
    assert a is not None and a.wanted and a.wanted[0][0] in ("total_debt", "long_term_debt")


def test_a_share_whose_part_follows_a_few_words_after_the_whole() -> None:
    ask = what_is_asked(
        "What proportion of its 2023 net income did Kestrel pay out as cash dividends?"
    )
    assert ask is not None and ask.percent
    assert ast.unparse(ask.formula) == "dividends_paid / net_income"


def test_a_metric_asked_in_a_sentence_is_named_by_the_metric() -> None:
    ask = what_is_asked("How many times did Kestrel's operating income cover its interest expense?")
    assert ask is not None and ask.name == "Interest coverage"
    ebitda = what_is_asked("How many times did EBITDA cover its interest expense in 2023?")
    assert ebitda is not None and ebitda.name == "EBITDA interest coverage"
    roe = what_is_asked("What was the return on average total shareholders equity in 2023?")
    assert roe is not None and ast.unparse(roe.formula) == "net_income / avg(total_equity)"
