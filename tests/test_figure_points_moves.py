"""A move in points is the move between the unrounded margins, shown with as many decimals
as it takes for the working to add up to it (13.33% − 14.04% would say −0.71 of a true
−0.72); "how did … move, in percentage points" asks that figure, not prose. Invented
companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.methods import single_figures

INCOME = """| Brackenridge Foods Consolidated Statement of Income (in millions) | 2025 | 2024 |
|---|---|---|
| Net revenue | $86,392 | $79,474 |
| Operating profit | 11,512 | 11,162 |"""
STATED = (
    "Operating profit grew 3% while operating margin declined 0.7 percentage points, "
    "reflecting higher commodity costs."
)


def _lines(question: str, *texts: str) -> list[str]:
    passages = [
        Passage(chunk_id=f"bf#{i}", doc_id="bf", page=62 + i, page_end=62 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    a = figure_answer(
        question, [Evidence(tool="search_document", query="q", passages=passages)], "en"
    )
    assert a is not None and a.lines, question
    return a.lines


def test_the_move_is_worked_from_unrounded_margins() -> None:
    lines = _lines(
        "By how many percentage points did Brackenridge's operating margin change in 2025?",
        INCOME,
    )
    move = lines[-1]
    assert "= −0.720 percentage points" in move, move  # 13.3253% − 14.0448%
    assert "13.325% − 14.045%" in move, move  # the working adds up as shown


def test_how_did_it_move_in_points_asks_the_figure() -> None:
    assert single_figures("How did the operating margin move in 2025, in percentage points?")
    assert not single_figures("How did the operating margin move in 2025?")
    lines = _lines(
        "How did Brackenridge's operating margin move in 2025 compared with 2024, in "
        "percentage points?",
        INCOME,
        STATED,
    )
    assert "−0.720 percentage points" in lines[-1], lines
