"""A quarterly report covers the quarter its cover names: a question asking another
quarter's figures ("the three months ended March 31, …", "the fourth quarter") is
refused as a period it does not cover, and its own quarter is not. Invented covers."""

from __future__ import annotations

from agent.evidence import Evidence
from agent.models.answerability import before_figures
from agent.models.filing_period import uncovered_quarter

QUARTERLY = "FORM 10-Q\nQUARTERLY REPORT For the Quarterly Period Ended December 31, 2024\nVELMOR"
ANNUAL = "FORM 10-K\nANNUAL REPORT For the fiscal year ended December 31, 2024\nVELMOR PLC"


def _scope(cover: str) -> list[Evidence]:
    return [Evidence(tool="search", query="net sales", covers={"velmor": cover})]


def test_another_quarter_of_a_quarterly_report_is_not_covered() -> None:
    ev = _scope(QUARTERLY)
    for q in (
        "What were Velmor's net sales for the three months ended March 31, 2025?",
        "What was net revenue for the quarter ended September 30, 2024?",
        "What was Velmor's operating income in the fourth quarter of 2024?",
        "What was Q4 2024 net income?",
    ):
        assert uncovered_quarter(q, ev), q
        d = before_figures(q, ev)
        assert not d.answers and d.reason == "period", q


def test_its_own_quarter_and_the_year_before_are_covered() -> None:
    ev = _scope(QUARTERLY)
    for q in (
        "What were Velmor's net sales for the three months ended December 31, 2024?",
        "What were net sales for the six months ended December 31, 2023?",
        "What were Velmor's net sales this quarter?",
    ):
        assert not uncovered_quarter(q, ev), q


def test_an_annual_report_and_two_reports_are_not_judged() -> None:
    q = "What was Velmor's operating income in the fourth quarter of 2024?"
    assert not uncovered_quarter(q, _scope(ANNUAL))
    two = [Evidence(tool="search", query="x", covers={"a": QUARTERLY, "b": ANNUAL})]
    assert not uncovered_quarter(q, two)
