"""A retailer's year-end named by its date: where the filing names its fiscal years by
the calendar year before the one they end in ("fiscal 2024, the 52 weeks ended February 1,
2025"), "the year ended February 1, 2025" is fiscal 2024's column; where it names them by
the year they end in, the same date is that year's. Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.periods import fiscal_worded

BEFORE = (
    "Net sales increased 3% to $2,410.5 million in fiscal 2024 (the 52 weeks ended "
    "February 1, 2025), compared with $2,340.2 million in fiscal 2023."
)
OPS = "Harrowgate Stores Consolidated Statements of Operations (in thousands)"
BEFORE_TABLE = f"""| {OPS} | Fiscal 2024 | Fiscal 2023 |
|---|---|---|
| Net sales | $2,410,512 | $2,340,233 |
| Cost of sales | 1,402,118 | 1,377,004 |
| Operating income | 301,907 | 288,415 |"""
ENDING = "Fiscal 2025 ended February 1, 2025 and fiscal 2024 ended February 3, 2024."
EARNINGS = "Harrowgate Stores Consolidated Statements of Earnings ($ in millions)"
ENDING_TABLE = f"""| {EARNINGS} | February 1, 2025 | February 3, 2024 |
|---|---|---|
| Revenue | $9,120 | $8,870 |
| Operating income | 410 | 395 |"""


def _answer(question: str, *texts: str) -> str:
    passages = [
        Passage(chunk_id=f"hs#{i}", doc_id="hs", page=30 + i, page_end=30 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    a = figure_answer(
        question, [Evidence(tool="search_document", query="q", passages=passages)], "en"
    )
    assert a is not None and a.lines, (question, a)
    return a.lines[0]


def test_the_date_is_the_fiscal_year_named_before_it() -> None:
    line = _answer(
        "What were Harrowgate's net sales for the year ended February 1, 2025?",
        BEFORE,
        BEFORE_TABLE,
    )
    assert "2,410,512" in line and "FY2024" in line, line


def test_a_balance_date_too() -> None:
    said = fiscal_worded("What was operating income as of January 31, 2026?", [BEFORE])
    assert said == "What was operating income at the end of fiscal 2025?", said


def test_a_filing_naming_years_by_their_end_keeps_the_date_year() -> None:
    assert fiscal_worded("Revenue for the year ended February 1, 2025?", [ENDING]) == (
        "Revenue for the year ended February 1, 2025?"
    )
    line = _answer(
        "What revenue did Harrowgate report for the year ended February 1, 2025?",
        ENDING,
        ENDING_TABLE,
    )
    assert "9,120" in line, line
