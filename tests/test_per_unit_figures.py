"""Figures per unit over invented filings: a figure per employee over the headcount a
sentence states (no table prints it), a figure per diluted share, one figure per dollar of
another, an average asked as "averaged across", and a compound rate naming its item."""

from __future__ import annotations

import ast

from agent.arith import checked_results
from agent.evidence import Evidence, Passage
from agent.figures import answer
from agent.figures.asking import what_is_asked
from agent.figures.cagr import cagr_span
from agent.figures.methods import offered
from agent.figures.per_employee import headcount
from agent.question.parsed import parse

INCOME = """| Consolidated Statements of Income (in millions) | 2024 | 2023 |
|---|---|---|
| Net sales | $3,000 | $2,750 |
| Cost of sales | 1,800 | 1,700 |
| Operating income | 420 | 380 |
| Net income | 300 | 260 |"""

PEOPLE = (
    "Human Capital. As of December 31, 2024, we employed approximately 12,500 people "
    "worldwide, with approximately 4,000 based in the United States."
)


def _evidence(*texts: str) -> list[Evidence]:
    passages = [
        Passage(
            chunk_id=f"tv#{i}", doc_id="tv", page=10 + i, page_end=10 + i, text=t, rank=i + 1,
            kind="table" if t.startswith("|") else "text",
        )
        for i, t in enumerate(texts)
    ]  # fmt: skip
    return [Evidence(tool="search_document", query="q", passages=passages)]


def test_a_figure_per_employee_is_the_cell_over_the_stated_headcount() -> None:
    q = "How much net sales did Tavelor bring in per employee in 2024?"
    best = offered(answer.METHODS, q, _evidence(INCOME, PEOPLE), "en")[0]
    line = best.lines[0]
    # 3,000 million ÷ 12,500 = 0.24 million: the working, not the net sales alone
    assert "12,500" in line and "3,000" in line and "0.2400 million" in line, line
    assert checked_results(line) == ["0.2400"]
    assert {c.chunk_id for c in best.cells} == {"tv#0", "tv#1"}
    assert not best.problem()[1]


def test_a_headcount_not_in_the_turn_is_searched_and_not_replaced_by_the_figure() -> None:
    q = "What were Tavelor's net sales per employee in 2024?"
    best = offered(answer.METHODS, q, _evidence(INCOME), "en")[0]
    assert not best.lines  # the net sales alone answer another question
    assert best.searches and any("employees" in s for s in best.searches)
    assert any("employees" in note for note in best.missing)


def test_two_counts_side_by_side_are_no_headcount() -> None:
    two = "At year end we had approximately 5,000 full-time and 2,000 part-time employees."
    assert headcount(_evidence(two)) is None
    assert headcount(_evidence("We paid $1,200 million to employees in bonuses.")) is None
    one = headcount(_evidence("As of June 30, 2024, we employed 8,431 people."))
    assert one is not None and one.value == 8431


def test_a_figure_per_diluted_share_divides_by_the_diluted_count() -> None:
    ask = what_is_asked("What was Tavelor's 2024 operating cash flow per diluted share?")
    assert ask is not None and ast.unparse(ask.formula) == "operating_cash_flow / diluted_shares"
    # a row printing a per-share figure of its own is still that row
    eps = what_is_asked("What were Tavelor's diluted earnings per share in 2024?")
    assert eps is not None and ast.unparse(eps.formula) == "diluted_eps"


def test_a_figure_per_dollar_of_another_is_their_quotient() -> None:
    q = "How many dollars of operating cash flow did Tavelor make for each dollar of net income?"
    ask = what_is_asked(q)
    assert ask is not None and ast.unparse(ask.formula) == "operating_cash_flow / net_income"


def test_averaged_across_years_asks_an_average() -> None:
    q = "Averaged across fiscal 2022 to fiscal 2024, how much net income did Tavelor make a year?"
    assert parse(q).operation == "average"


def test_a_compound_rate_naming_its_item_inside_is_a_compound_rate() -> None:
    q = "What was Tavelor's compound annual sales growth rate from fiscal 2021 to fiscal 2024?"
    assert cagr_span(q) == (2021, 2024)
    # a simple growth over the span is another figure
    assert cagr_span("How much did Tavelor's sales grow from fiscal 2021 to fiscal 2024?") is None
