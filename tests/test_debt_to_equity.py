"""Debt-to-equity is total debt (short-term borrowings, the current portion and long-term
debt) over shareholders' equity; total liabilities over equity only when the question
says so. Every document here is invented."""

from __future__ import annotations

import ast

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.asking import what_is_asked

BALANCE = """| BALANCE SHEETS (in millions) | March 3, 2041 | March 4, 2040 |
|---|---|---|
| Short-term borrowings | 200 | 150 |
| Current portion of long-term debt | 300 | 100 |
| Accounts payable | 1,310 | 1,250 |
| Total current liabilities | 1,810 | 1,500 |
| Long-term debt | 3,600 | 4,100 |
| Total liabilities | 6,100 | 5,850 |
| Total stockholders' equity | 8,200 | 7,900 |"""


def _evidence() -> list[Evidence]:
    p = Passage(chunk_id="tw#3", doc_id="tw", page=51, page_end=51, text=BALANCE, rank=1)
    return [Evidence(tool="search_document", query="q", passages=[p])]


def _formula(question: str) -> str:
    ask = what_is_asked(question)
    assert ask is not None, question
    return ast.unparse(ask.formula)


def test_debt_to_equity_divides_total_debt_by_equity() -> None:
    assert _formula("What is Tarrow's debt-to-equity ratio for FY2041?") == (
        "total_debt / total_equity"
    )
    assert _formula("How high is Tarrow's leverage?") == "total_debt / total_equity"
    a = figure_answer("What was the debt-to-equity ratio in fiscal 2041?", _evidence(), "en")
    assert a is not None and a.lines, a
    # (200 + 300 + 3,600) / 8,200 = 0.50, not 6,100 / 8,200 = 0.74
    assert "0.50" in a.lines[0] and "0.74" not in a.lines[0], a.lines


def test_total_liabilities_over_equity_only_when_the_question_says_so() -> None:
    liabilities = "total_liabilities / total_equity"
    assert _formula("What was the debt-to-equity ratio, using total liabilities?") == liabilities
    assert _formula("What is total liabilities divided by stockholders' equity?") == liabilities
    assert _formula("2041年的产权比率是多少？") == liabilities  # 负债总额 ÷ 所有者权益
    a = figure_answer("What was the liabilities-to-equity ratio in fiscal 2041?", _evidence(), "en")
    assert a is not None and a.lines and "0.74" in a.lines[0], a
