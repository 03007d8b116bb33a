"""A year asked of a release whose statement is printed twice, for the quarter and for the
twelve months: read from the quarter's table alone, the answer searches for the year's
table, and its figures replace the quarter's once it is in the turn. Invented company."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer

QUARTER = """| Earnings (in Millions) | FOURTH QUARTER 2025 Amount | FOURTH QUARTER 2024 Amount |
|---|---|---|
| Sales to customers | $2,300 | $2,400 |
| Cost of products sold | 900 | 950 |"""
YEAR = """| Earnings (in Millions) | TWELVE MONTHS 2025 Amount | TWELVE MONTHS 2024 Amount |
|---|---|---|
| Sales to customers | $9,400 | $9,300 |
| Cost of products sold | 3,600 | 3,500 |"""
Q = "Is Orrin Labs a high growth company based on its 2025 sales?"


def _answer(*texts: str) -> tuple[list[str], list[str]]:
    passages = [
        Passage(chunk_id=f"or#{i}", doc_id="or", page=10 + i, page_end=10 + i, text=t, rank=1)
        for i, t in enumerate(texts)
    ]
    a = figure_answer(Q, [Evidence(tool="search_document", query="q", passages=passages)], "en")
    assert a is not None
    return a.lines, a.searches


def test_a_year_read_from_a_quarters_table_searches_for_the_years() -> None:
    lines, searches = _answer(QUARTER)
    assert lines and "Fourth Quarter" in lines[0], lines  # said as what it is meanwhile
    assert searches == ["Sales to customers twelve months 2025"], searches


def test_the_years_table_answers_once_it_is_in_the_turn() -> None:
    lines, searches = _answer(QUARTER, YEAR)
    assert lines[0].startswith("No: change in sales to customers FY2024 → FY2025"), lines
    assert "(9,400 − 9,300) ÷ 9,300 = 1.1%" in lines[0], lines
    assert searches == [], searches
