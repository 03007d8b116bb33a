"""Diluted weighted-average shares are their own item: asked, the share count under its
heading answers, said as a number of shares (no dollars); diluted earnings per share stay
the per-share row. Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer

HEAD = "Pellworth Inc. Consolidated Statements of Income (in millions, except per share amounts)"
INCOME = f"""| {HEAD} | 2025 | 2024 |
|---|---|---|
| Revenue | $8,400 | $7,900 |
| Net income | 1,210 | 1,050 |
| Earnings per share |  |  |
| Basic | $2.44 | $2.08 |
| Diluted | $2.41 | $2.05 |
| Weighted-average common shares outstanding |  |  |
| Basic | 496 | 505 |
| Diluted | 502 | 512 |"""


def _answer(question: str) -> str:
    passages = [Passage(chunk_id="pw#0", doc_id="pw", page=61, page_end=61, text=INCOME, rank=1)]
    a = figure_answer(
        question, [Evidence(tool="search_document", query="q", passages=passages)], "en"
    )
    assert a is not None and a.lines, question
    return a.lines[0]


def test_diluted_weighted_average_shares_are_the_share_count() -> None:
    line = _answer("How many diluted weighted-average shares did Pellworth have in 2024?")
    assert "512 million" in line, line
    assert "$512" not in line and "2.05" not in line, line


def test_the_count_worded_the_other_way_round() -> None:
    line = _answer("What were Pellworth's weighted-average diluted shares outstanding in 2025?")
    assert "502 million" in line and "$" not in line.split("[")[0], line


def test_diluted_earnings_per_share_stay_the_per_share_row() -> None:
    line = _answer("What were Pellworth's diluted earnings per share in 2025?")
    assert "$2.41" in line, line
    assert "502" not in line, line
