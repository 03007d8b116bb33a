"""Ratios a question defines over several statements ("ROA is defined as net income /
average total assets"): each operand from its own statement, the working written so it
evaluates to the result shown, the ratio named as the question names it. Invented
companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.asking import what_is_asked
from agent.figures.items import row_match, shown_label
from agent.support import check
from pipeline.text.finance import vocabulary

INCOME = """| Quillfeather Inc. Consolidated Statements of Earnings ($ in millions) | 2025 | 2024 |
|---|---|---|
| Revenue | $9,000 | $8,400 |
| Net earnings | 600 | 540 |"""
BALANCE = """| Quillfeather Inc. Consolidated Balance Sheets ($ in millions) | 2025 | 2024 |
|---|---|---|
| Total current assets | 2,900 | 2,700 |
| Property and equipment |  |  |
| Land and buildings | 700 | 650 |
| Net property and equipment | 1,300 | 1,100 |
| Total assets | 5,200 | 4,800 |"""
# a five-year summary, continued in a chunk that lost its "Per Share Data" heading
SUMMARY_PER_SHARE = """| ($ in millions, except per share amounts) Fiscal Year | 2025 | 2024 |
|---|---|---|
| Net earnings | 2.40 | 2.10 |
| Total assets | $5,200 | $4,800 |"""
# a deferred tax note's component named like the balance
DEFERRED_TAX = """| Deferred tax liabilities ($ in millions) | 2025 | 2024 |
|---|---|---|
| Property and equipment | (90) | (80) |"""

ROA = (
    "What is Quillfeather's FY2025 return on assets? ROA is defined as: FY2025 net income / "
    "(average total assets between FY2024 and FY2025). Round to two decimal places."
)


def _answer(question: str, *texts: str) -> str:
    passages = [
        Passage(chunk_id=f"qf#{i}", doc_id="qf", page=30 + i, page_end=30 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    a = figure_answer(
        question, [Evidence(tool="search_document", query="q", passages=passages)], "en"
    )
    assert a is not None and a.lines, question
    return a.lines[0]


def test_operands_of_two_statements_come_from_their_statements_not_a_summary() -> None:
    line = _answer(ROA, SUMMARY_PER_SHARE, INCOME, BALANCE)
    assert "net earnings 600 ÷ ((total assets 4,800 + 5,200) ÷ 2) = 12.00%" in line, line
    # the working evaluates to the result it shows, so the reflection keeps it
    assert check(line, "\n".join((INCOME, BALANCE))).supported, line


def test_net_property_and_equipment_is_the_balance_not_a_deferred_tax_row() -> None:
    q = (
        "What is Quillfeather's FY2025 fixed asset turnover ratio? Fixed asset turnover "
        "ratio is defined as: FY2025 revenue / (average PP&E between FY2024 and FY2025)."
    )
    line = _answer(q, DEFERRED_TAX, INCOME, BALANCE)
    assert line.startswith("Fixed asset turnover ratio FY2025 = revenue 9,000 ÷ (("), line
    assert "net property and equipment 1,100 + 1,300) ÷ 2) = 7.50" in line, line


def test_a_per_share_row_is_no_amount() -> None:
    items = vocabulary().items
    label = "Net income attributable to Quillfeather per common share – diluted"
    assert row_match(label, items["net_income"]) == 0.0
    assert row_match("Diluted earnings per share", items["diluted_eps"]) == 1.0


def test_a_metric_is_named_as_the_question_writes_it() -> None:
    ask = what_is_asked("What is Quillfeather's FY2025 unadjusted EBITDA?")
    assert ask is not None and ask.name == "EBITDA", ask


def test_labels_read_whichever_way_the_year_went() -> None:
    items = vocabulary().items
    assert row_match("Income (loss) before income taxes", items["pretax_income"]) == 1.0
    label = "Net cash provided by (used in) operating activities"
    assert row_match(label, items["operating_cash_flow"]) == 1.0
    label = "Accounts receivable trade, less allowances for credit losses $230 (2024, $293)"
    assert row_match(label, items["accounts_receivable"]) >= 0.75
    assert shown_label("Inventories (Notes 1 and 3)") == "Inventories"


TRADE = """| Quillfeather Consolidated Balance Sheets ($ in millions) | 2025 | 2024 |
|---|---|---|
| Accounts receivable, net | 1,000 | 800 |
| Inventories | 1,400 | 1,200 |
| Accounts payable | 900 | 700 |"""
COSTS = """| Quillfeather Inc. Consolidated Statements of Earnings ($ in millions) | 2025 | 2024 |
|---|---|---|
| Revenue | $9,000 | $8,400 |
| Cost of sales | 5,000 | 4,700 |"""


def test_days_of_inventory_and_the_cash_conversion_cycle() -> None:
    line = _answer("What is Quillfeather's FY2025 DIO?", TRADE, COSTS)
    # days, not the turnover: 365 × average inventories ÷ cost of sales
    assert "365 × (inventories 1,200 + 1,400) ÷ 2 ÷ cost of sales 5,000 = 94.90" in line, line
    line = _answer("What is Quillfeather's FY2025 cash conversion cycle?", TRADE, COSTS)
    # 94.90 + 365 × 900 ÷ 9,000 − 365 × 800 ÷ 5,000 = 94.90 + 36.50 − 58.40
    assert line.startswith("Cash conversion cycle FY2025 = ") and "= 73.00 [" in line, line
