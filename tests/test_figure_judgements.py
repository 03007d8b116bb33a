"""Judgement questions ("Is X a high-growth company?", "Is X capital-intensive?", "Does X
have a healthy liquidity profile?") are answered with the figure deciding them, worked
from the statements, and a verdict against the rule of thumb the vocabulary states; the
verdict's threshold needs no source, its figure does. Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.asking import what_is_asked
from agent.figures.items import norm, shown_label
from agent.models.planner import plan
from agent.support import check

INCOME = """| Brackwater Inc. Consolidated Statements of Operations (in millions) | 2025 | 2024 |
|---|---|---|
| Net sales | $5,000 | $4,600 |
| Cost of sales | (3,100) | (2,900) |
| Operating income | 800 | 700 |"""
CASH = """| Brackwater Inc. Consolidated Statements of Cash Flows (in millions) | 2025 | 2024 |
|---|---|---|
| Net cash provided by operating activities | 900 | 850 |
| Purchases of property and equipment | (650) | (600) |
| Dividends paid to common shareholders | (40) | (38) |"""
BALANCE = """| Brackwater Inc. Consolidated Balance Sheets (in millions) | 2025 | 2024 |
|---|---|---|
| Cash and cash equivalents | $300 | $250 |
| Accounts receivable, net of allowance for doubtful accounts of $4 and $3, respectively \
| 500 | 450 |
| Inventories | 700 | 650 |
| Total current assets | 1,600 | 1,450 |
| Total current liabilities | 1,000 | 900 |"""
# the balance sheet of a part of the group, beside the group's own
OBLIGORS = """| Balance Sheets for Guarantor Group (in millions) | 2025 | 2024 |
|---|---|---|
| Total current liabilities | 210 | 190 |"""


def _evidence(*texts: str) -> list[Evidence]:
    passages = [
        Passage(chunk_id=f"bw#{i}", doc_id="bw", page=40 + i, page_end=40 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    return [Evidence(tool="search_document", query="q", passages=passages)]


def _lines(question: str, *texts: str) -> list[str]:
    a = figure_answer(question, _evidence(*texts), "en")
    assert a is not None and a.lines, question
    return a.lines


def test_high_growth_is_judged_by_the_years_revenue_growth() -> None:
    lines = _lines("Is Brackwater a high growth company based on FY2025?", INCOME)
    assert lines[0] == (
        "No: change in net sales FY2024 → FY2025 = (5,000 − 4,600) ÷ 4,600 = 8.7%, below "
        "the 15% a year commonly taken as high growth [bw#0]."
    ), lines
    fast = INCOME.replace("$5,000", "$6,000")
    assert _lines("Is Brackwater a fast-growing company?", fast)[0].startswith("Yes: "), fast


def test_capital_intensity_is_capex_as_a_share_of_revenue() -> None:
    lines = _lines("Is Brackwater a capital-intensive business based on FY2025 data?", CASH, INCOME)
    assert lines[0].startswith("Yes: capital expenditure as a share of revenue FY2025 = "), lines
    assert "650 ÷ net sales 5,000 = 13.0%, at or above the 10% commonly taken" in lines[0], lines
    light = CASH.replace("(650)", "(150)")
    assert _lines("Is Brackwater capital intensive?", light, INCOME)[0].startswith("No: "), light


def test_liquidity_is_judged_by_the_quick_ratio_also_when_the_question_names_it() -> None:
    q = "Does Brackwater have a healthy liquidity profile based on its quick ratio for FY2025?"
    lines = _lines(q, BALANCE)
    # a balance sheet listing no short-term investments has none: the term drops out
    assert lines[0] == (
        "No: quick ratio FY2025 = (cash and cash equivalents 300 + accounts receivable, net "
        "500) ÷ total current liabilities 1,000 = 0.80, below the 1.0 commonly taken as a "
        "healthy liquidity profile [bw#0]."
    ), lines
    # the ratio asked alone is the ratio, no verdict
    plain = _lines("What is Brackwater's quick ratio for FY2025?", BALANCE)
    assert plain[0].startswith("Quick ratio FY2025 = ") and "healthy" not in plain[0], plain


def test_a_verdicts_threshold_needs_no_source_but_its_figure_does() -> None:
    line = _lines("Is Brackwater a high growth company based on FY2025?", INCOME)[0]
    assert check(line, INCOME).supported, line
    invented = line.replace("8.7%", "9.9%")
    assert not check(invented, INCOME).supported, invented


def test_only_a_judgement_the_figure_decides_gets_a_verdict() -> None:
    ask = what_is_asked("Is Brackwater's operating margin high enough for a high growth company?")
    assert ask is not None and ask.judged is None, ask  # the margin decides no growth
    ask = what_is_asked("Is Brackwater a capital-intensive business?")
    assert ask is not None and ask.judged is not None and ask.percent, ask


def test_a_groups_row_missing_from_the_turn_is_read_from_its_statement_page() -> None:
    # the group's balance sheet chunk in the turn lacks total current liabilities; the
    # guarantors' table has the row, but the group's statement page is read for it
    partial = BALANCE.rsplit("\n", 1)[0]
    q = "What is Brackwater's quick ratio for FY2025?"
    a = figure_answer(q, _evidence(partial, OBLIGORS), "en")
    assert a is not None and ("total_current_liabilities", 2025) in a.wanted, a
    assert a.pages and a.pages[0] == 40, a.pages


def test_every_missing_operand_is_searched_for_in_one_round() -> None:
    q = "Is Brackwater a capital-intensive business based on FY2025 data?"
    calls = plan(q, _evidence(BALANCE), 1, ["search_document", "read_page"])
    queries = " / ".join(c["args"].get("query", "") for c in calls)
    assert "purchases of property and equipment" in queries and "net sales" in queries, calls


def test_names_and_labels_as_a_reader_writes_them() -> None:
    assert norm("Property & Equipment, net") == norm("property and equipment, net")
    assert norm("R&D expense") == "r&d expense"
    label = "Trade receivables, net of allowance for doubtful accounts of $23 and $25, respectively"
    assert shown_label(label) == "Trade receivables, net"


def test_a_period_beside_the_companys_initials_names_no_part() -> None:
    from agent.figures.parts import asked_parts
    from agent.figures.statements import asked_words

    text = INCOME + "\n\nThe compound (BW-1041) entered a trial run by BW scientists."
    passages = [Passage(chunk_id="bw#0", doc_id="bw", page=4, page_end=4, text=text, rank=1)]
    ev = Evidence(
        tool="search_document", query="q", passages=passages, term_df={"bw": 3},
        scope_chunks=200, names=["brackwater", "wharf"],
    )  # fmt: skip
    q = "Are BW's FY2025 financials that of a high growth company?"
    assert not asked_parts(q, [ev], asked_words(q)), q


def test_dividends_paid_to_shareholders_answer_whether_it_pays_dividends() -> None:
    lines = _lines("Has Brackwater paid dividends to common shareholders in FY2025?", CASH)
    assert lines[0] == (
        "Yes: dividends paid to common shareholders were 40 million in FY2025, "
        "up from 38 million a year earlier [bw#0]."
    ), lines
    from agent.figures.items import row_match
    from pipeline.text.finance import vocabulary

    revenue = vocabulary().items["revenue"]
    assert row_match("Revenue to be recognized in future periods", revenue) == 0.0


def test_working_capital_has_a_sign() -> None:
    q = "Does Brackwater have positive working capital based on FY2025 data?"
    lines = _lines(q, BALANCE)
    assert lines[0] == (
        "Yes: working capital FY2025 = total current assets 1,600 − total current liabilities "
        "1,000 = $600 million [bw#0]."
    ), lines
    short = BALANCE.replace("| 1,000 | 900 |", "| 1,900 | 900 |")
    assert _lines(q, short)[0].startswith("No: working capital FY2025 = "), short


DIVIDENDS = """| Consolidated Statements of Cash Flows (in millions) | 2025 | 2024 | 2023 |
|---|---|---|---|
| Cash dividends paid | (420) | (400) | (380) |"""


def test_a_stable_dividend_is_read_over_the_years_the_statement_gives() -> None:
    q = "Does Brackwater maintain a stable trend of dividend distribution?"
    lines = _lines(q, DIVIDENDS)
    assert lines == [
        "Yes: cash dividends paid rose or held every year: FY2023 380 million; FY2024 400 "
        "million (+5.3%); FY2025 420 million (+5.0%) [bw#0]."
    ], lines
    assert check(lines[0], DIVIDENDS).supported, lines
    cut = DIVIDENDS.replace("(400)", "(300)")
    lines = _lines(q, cut)
    assert lines[0].startswith("No: cash dividends paid fell in at least one year: "), lines
    # a fall is checked as the change it is, whichever sign it is written with
    assert "FY2024 300 million (−21.1%)" in lines[0] and check(lines[0], cut).supported, lines
