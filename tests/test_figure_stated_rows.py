"""A measure asked plainly that the filing states in a row of its own is read from that
row, as the company reports it; asked to be worked out, it is computed; a row on another
basis ("Non-GAAP") answers only a question asking that basis. Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer

INCOME = """| Tindle Works Consolidated Statements of Earnings ($ in millions) | 2025 | 2024 |
|---|---|---|
| Revenue | $12,000 | $11,000 |
| Earnings before income tax expense | 1,440 | 1,140 |
| Income tax expense | 300 | 240 |
| Net earnings | 1,140 | 900 |"""
# the tax note states the rate the company reports (discrete items make it differ from
# the bare quotient, 20.83% and 21.05%)
TAX_NOTE = """| Income taxes ($ in millions) | 2025 | 2024 |
|---|---|---|
| Federal income tax at the statutory rate | $302 | $239 |
| State income taxes, net of federal benefit | 14 | 9 |
| Other | (16) | (8) |
| Income tax expense | $300 | $240 |
| Effective income tax rate(1) | 21.2 % | 20.9 % |
| Non-GAAP effective tax rate | 23.0 % | 22.4 % |"""


def _answer(question: str) -> str:
    passages = [
        Passage(chunk_id=f"tw#{i}", doc_id="tw", page=50 + i, page_end=50 + i, text=t, rank=i + 1)
        for i, t in enumerate((INCOME, TAX_NOTE))
    ]
    a = figure_answer(
        question, [Evidence(tool="search_document", query="q", passages=passages)], "en"
    )
    assert a is not None and a.lines, question
    return a.lines[0]


def test_a_rate_asked_plainly_is_the_stated_row() -> None:
    line = _answer("What was Tindle Works' effective tax rate in 2025?")
    assert "21.2%" in line, line
    assert "20.8" not in line and "23.0" not in line, line


def test_the_prior_year_is_read_from_the_same_row() -> None:
    line = _answer("What effective income tax rate did Tindle Works report for 2024?")
    assert "20.9%" in line, line


def test_a_rate_asked_to_be_computed_is_worked_out() -> None:
    line = _answer("Calculate Tindle Works' 2025 effective tax rate from the income statement.")
    assert "300 ÷" in line and "1,440" in line and "20.8" in line, line


def test_another_basis_answers_only_when_asked() -> None:
    line = _answer("What was Tindle Works' non-GAAP effective tax rate in 2025?")
    assert "23.0%" in line, line


CASH = """| Tindle Works Consolidated Statement of Cash Flows ($ in millions) | 2025 | 2024 |
|---|---|---|
| Net cash provided by operating activities | 2,400 | 2,100 |
| Capital spending | (900) | (800) |
| Sales of property, plant and equipment | 60 | 40 |"""
# a reconciliation states the measure as the company defines it (proceeds of sales added)
FREE_CASH = """| Free cash flow ($ in millions) | 2025 | 2024 |
|---|---|---|
| Net cash provided by operating activities, GAAP measure | $2,400 | $2,100 |
| Capital spending | (900) | (800) |
| Sales of property, plant and equipment | 60 | 40 |
| Free cash flow, non-GAAP measure | $1,560 | $1,340 |"""


def test_a_measure_whose_name_holds_a_basis_word_is_its_stated_row() -> None:
    passages = [
        Passage(chunk_id=f"tw#{i}", doc_id="tw", page=60 + i, page_end=60 + i, text=t, rank=i + 1)
        for i, t in enumerate((CASH, FREE_CASH))
    ]
    ev = [Evidence(tool="search_document", query="q", passages=passages)]
    a = figure_answer("What was Tindle Works' FCF in 2025?", ev, "en")
    assert a is not None and a.lines and "1,560" in a.lines[0], a
    worked = figure_answer("Calculate Tindle Works' free cash flow for 2025.", ev, "en")
    assert worked is not None and worked.lines and "1,500" in worked.lines[0], worked
