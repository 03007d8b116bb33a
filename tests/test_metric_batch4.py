"""Failure classes found by the metric set's batch 4: computed figures asked as a change,
an average of one year's balances, a margin the question works out in words, a row's share
of a total another chunk prints, a percentage row's move in points (invented documents)."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.asking import what_is_asked
from agent.figures.row_said import row_said

# An invented company's statements, cut into chunks as long statements are: each chunk
# under the table's column header
_HEAD = "| CONSOLIDATED STATEMENTS OF INCOME (in thousands) | 2031 | 2030 |\n|---|---|---|\n"
_INCOME_TOP = _HEAD + (
    "| Revenue: |  |  |\n| Licences | 3,000 | 2,600 |\n| Services | 1,000 | 900 |\n"
    "| Total revenue | 4,000 | 3,500 |\n| Cost of revenue | 1,200 | 1,000 |\n"
)
_INCOME_LOW = _HEAD + (
    "| Outreach and promotion | 880 | 700 |\n| Operating income | 900 | 800 |\n"
    "| Income before income taxes | 852 | 760 |\n| Provision for income taxes | 170 | 190 |\n"
    "| Net income | 680 | 570 |\n"
)
_BALANCE = (
    "| CONSOLIDATED BALANCE SHEETS (in thousands) | December 31, 2031 | December 31, 2030 |\n"
    "|---|---|---|\n| Total current assets | 2,500 | 2,000 |\n"
    "| Total current liabilities | 1,000 | 1,250 |\n| Total assets | 9,000 | 8,000 |\n"
    "| Total stockholders' equity | 5,300 | 4,700 |\n"
)
# the chunk a cash flow statement opens with: a figure-less heading over "Net income"
_CASH_TOP = (
    "| CONSOLIDATED STATEMENTS OF CASH FLOWS (in thousands) | 2031 | 2030 |\n|---|---|---|\n"
    "| Cash flows from operating activities: |  |  |\n| Net income | 680 | 570 |\n"
    "| Adjustments to reconcile net income to net cash provided by operating activities: |  |  |\n"
)
_CASH_LOW = (
    "| CONSOLIDATED STATEMENTS OF CASH FLOWS (in thousands) | 2031 | 2030 |\n|---|---|---|\n"
    "| Net cash provided by operating activities | 1,100 | 950 |\n"
    "| Purchases of property and equipment | (300) | (250) |\n"
)


def _evidence(*texts: tuple[str, int]) -> list[Evidence]:
    passages = [
        Passage(chunk_id=f"ok#{i}", doc_id="ok", page=page, page_end=page, text=t, rank=i + 1)
        for i, (t, page) in enumerate(texts)
    ]
    return [Evidence(tool="search_document", query="q", passages=passages)]


def _answer(question: str, *texts: tuple[str, int]) -> str:
    a = figure_answer(question, _evidence(*texts), "en")
    assert a is not None and a.lines, question
    assert not a.problem()[1], a.problem()
    return " ".join(a.lines)


def test_a_row_naming_an_item_is_never_read_as_the_heading_above_it() -> None:
    # the cash flow statement's first chunk only: "Net income" under "Cash flows from
    # operating activities:" is net income, no operating cash flow (680 − 300)
    said = _answer(
        "What was the company's free cash flow in 2031?", (_CASH_TOP, 60), (_CASH_LOW, 60)
    )
    assert "= $800 thousand" in said or "= 800" in said, said
    assert "380" not in said


def test_a_ratios_change_is_said_in_its_own_unit() -> None:
    said = _answer(
        "By how much did the company's current ratio change from 2030 to 2031?", (_BALANCE, 58)
    )
    # 2,500 ÷ 1,000 = 2.50 against 2,000 ÷ 1,250 = 1.60: up 0.90, never a percent growth
    assert "= 2.50" in said and "= 1.60" in said
    assert "2.50 − 1.60 = 0.90" in said, said


def test_a_balances_average_over_one_year_is_the_mean_of_its_two_year_ends() -> None:
    q = "What was the company's average total stockholders' equity in 2031?"
    said = _answer(q, (_BALANCE, 58))
    assert "5,300" in said and "4,700" in said and "= 5,000" in said, said


def test_a_margin_worked_out_in_words_is_said_in_percent() -> None:
    q = (
        "What was the company's pretax margin in 2031, with income before income taxes "
        "over total revenue?"
    )
    ask = what_is_asked(q)
    assert ask is not None and ask.percent and ask.name == "Pretax margin"
    assert "= 21.3%" in _answer(q, (_INCOME_TOP, 59), (_INCOME_LOW, 59))  # 852 ÷ 4,000


def test_a_rows_share_reads_the_total_from_another_chunk_of_its_table() -> None:
    said = _answer(
        "How large was outreach and promotion relative to total revenue in 2031, in percent?",
        (_INCOME_LOW, 59),
        (_INCOME_TOP, 59),
    )
    assert "880 ÷ total revenue 4,000 = 22.0%" in said, said


def test_a_percentage_rows_move_is_said_in_points() -> None:
    text = "| ($ in millions) | 2031 | 2030 |\n|---|---|---|\n"
    text += "| Effective tax rate | 20.0% | 25.4% |\n"
    p = Passage(chunk_id="ok#9", doc_id="ok", page=40, page_end=40, text=text)
    at = text.index("| Effective")
    said = row_said(p, (at, len(text)), "effective tax rate change?", "en")
    assert said is not None and "down from 25.4%" in said
    assert "−5.4 percentage points" in said, said


def test_a_consolidating_statements_figure_is_read_from_its_consolidated_column() -> None:
    text = (
        "| CONDENSED CONSOLIDATING STATEMENT OF OPERATIONS (in thousands) "
        "| Year Ended December 31, 2031 Parent | Year Ended December 31, 2031 Guarantors "
        "| Year Ended December 31, 2031 Eliminations "
        "| Year Ended December 31, 2031 Consolidated |\n"
        "|---|---|---|---|---|\n| Net revenues | 10 | 3,990 | (100) | 3,900 |\n"
        "| Operating income | 400 | 700 | (200) | 900 |\n"
    )
    said = _answer("What was the company's operating margin in 2031?", (text, 96))
    assert "900 ÷ net revenues 3,900 = 23.1%" in said, said


def test_a_change_stated_between_other_years_is_no_answer() -> None:
    from agent.figures.sentences import stated_change

    text = (
        "Cash paid for taxes rose, partially offset by operating income, to $182 million "
        "in 2030 compared to $68 million in 2029."
    )
    q = "By what percentage did the company's operating income change in 2031 compared with 2030?"
    ev = _evidence((text, 45))
    assert stated_change(q, ev) is None
    later = text.replace("2030", "2031").replace("2029", "2030")
    assert stated_change(q, _evidence((later, 45))) is not None


def test_a_share_of_total_column_is_no_whole_column() -> None:
    text = (
        "| INCOME STATEMENT DATA (in thousands) | 2031 | 2031 % of Total | 2030 |\n"
        "|---|---|---|---|\n| Net revenues | 3,900 | 100% | 3,500 |\n"
        "| Operating income | 900 | 23% | 700 |\n"
    )
    said = _answer("What was the company's operating margin in 2031?", (text, 40))
    assert "900 ÷ net revenues 3,900 = 23.1%" in said, said
