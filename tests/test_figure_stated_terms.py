"""A measure the question says how to take ("taking A plus B as EBIT"): the metric is
worked with that measure, not the vocabulary's; a question asking the measure itself gets
the stated working; a statement the metric does not use changes nothing. Line items named
inside something else ("deferred revenue backlog", "remaining performance obligations")
are not the item they hold. Invented companies only."""

from __future__ import annotations

import ast

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.asking import what_is_asked
from agent.figures.stated_terms import stated_term

INCOME = """| Marrowgate Corp. Consolidated Statements of Operations ($ in millions) | 2025 | 2024 |
|---|---|---|
| Revenue | $12,000 | $11,000 |
| Operating income | 1,500 | 1,300 |
| Interest expense | (200) | (180) |
| Other income (expense), net | 140 | 20 |
| Income before income taxes | 1,440 | 1,140 |
| Provision for income taxes | (300) | (240) |
| Net income | 1,140 | 900 |"""


def _answer(question: str, *texts: str) -> str:
    passages = [
        Passage(chunk_id=f"mg#{i}", doc_id="mg", page=40 + i, page_end=40 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    a = figure_answer(
        question, [Evidence(tool="search_document", query="q", passages=passages)], "en"
    )
    assert a is not None and a.lines, question
    return a.lines[0]


def test_a_stated_ebit_replaces_operating_income_in_the_coverage() -> None:
    q = (
        "What was Marrowgate's interest coverage in 2025, taking income before income "
        "taxes plus interest expense as EBIT?"
    )
    line = _answer(q, INCOME)
    # (1,440 + 200) / 200 = 8.20, not operating income's 1,500 / 200 = 7.50
    assert "8.20" in line and "7.50" not in line, line
    assert "income before income taxes 1,440 + interest expense 200" in line, line


def test_the_term_taken_first_and_the_measure_itself() -> None:
    q = (
        "With EBIT taken as net income plus provision for income taxes plus interest "
        "expense, what was Marrowgate's EBIT for 2024?"
    )
    line = _answer(q, INCOME)
    assert "1,320" in line, line  # 900 + 240 + 180, not operating income's 1,300
    assert "1,300" not in line, line


def test_a_working_listing_its_parts_with_commas_is_read_whole() -> None:
    stated = stated_term(
        "What was the 2025 EBITDA margin, with EBITDA taken as operating income plus "
        "depreciation, amortization and accretion?"
    )
    assert stated is not None
    assert stated.term == "EBITDA"
    assert stated.formula == "operating_income + depreciation_amortization"


def test_no_statement_and_a_statement_the_metric_does_not_use_change_nothing() -> None:
    plain = what_is_asked("What was Marrowgate's interest coverage in 2025?")
    assert plain is not None
    assert ast.unparse(plain.formula) == "operating_income / interest_expense"
    # EBITDA's working says nothing of the current ratio
    other = what_is_asked(
        "What was the 2025 current ratio, taking operating income plus depreciation "
        "and amortization as EBITDA?"
    )
    assert other is not None
    assert ast.unparse(other.formula) == "total_current_assets / total_current_liabilities"


def test_a_working_naming_no_item_is_not_taken() -> None:
    assert stated_term("What was coverage, taking the figures as reported?") is None


def test_backlog_and_performance_obligations_are_not_revenue() -> None:
    for q in (
        "How much unbilled deferred revenue backlog did Marrowgate have at year end 2025?",
        "What were Marrowgate's remaining performance obligations at the end of 2025?",
    ):
        ask = what_is_asked(q)
        assert ask is not None and ast.unparse(ask.formula) == "backlog", q
    revenue = what_is_asked("What was Marrowgate's total revenue in 2025?")
    assert revenue is not None and ast.unparse(revenue.formula) == "revenue"


def test_a_backlog_question_is_not_answered_by_the_revenue_row() -> None:
    passages = [Passage(chunk_id="mg#0", doc_id="mg", page=40, page_end=40, text=INCOME, rank=1)]
    a = figure_answer(
        "How much unbilled deferred revenue backlog did Marrowgate have at the end of 2025?",
        [Evidence(tool="search_document", query="q", passages=passages)],
        "en",
    )
    said = " ".join(a.lines) if a is not None else ""
    assert "12,000" not in said, said
