"""A quarter's or a half's figures said as the quarter or half they are, never a fiscal
year: a change worked from "Three Months Ended" columns (``render.part_said``), members
ranked by their growth in a quarter's columns (``ranked_lines``), and "grew" read as a
change asked ("which segment grew fastest"). Invented tables only."""

from __future__ import annotations

from agent.evidence import Evidence
from agent.figures.answer import figure_answer
from agent.question.compare import asks_change
from testkit.figure_turns import velmor_turn

STATEMENT = """| ($000) | Three Months Ended June 30, 2025 | Three Months Ended June 30, 2024 |
|---|---|---|
| Net revenues | $4,400 | $4,000 |
| Operating income | 610 | 550 |"""

SEGMENTS = """| SEGMENT SALES ($ in Millions) | Q2 2025 | Q2 2024 |
|---|---|---|
| Harbor Resorts | $2,100 | $2,000 |
| Ridge Gaming | 1,300 | 1,000 |
| Worldwide | $3,400 | $3,000 |"""


_DF = {"velmor": 80, "harbor": 3, "ridge": 3}


def _evidence(*texts: str) -> list[Evidence]:
    return velmor_turn(texts, _DF)


def test_grew_asks_a_change() -> None:
    assert asks_change("Which segment grew fastest in the second quarter?")
    assert not asks_change("Which segment had the most sales in the second quarter?")


def test_a_quarters_change_is_said_by_its_dates_not_as_fiscal_years() -> None:
    q = "By what percentage did Velmor's net revenues rise in Q2 2025 over the prior-year quarter?"
    a = figure_answer(q, _evidence(STATEMENT), "en")
    assert a is not None and a.lines, a
    said = " ".join(a.lines)
    assert "three months ended June 30, 2024 → three months ended June 30, 2025" in said, said
    assert "FY2025" not in said, said


def test_the_fastest_growing_segment_is_ranked_by_its_quarters_growth() -> None:
    q = "Which segment grew fastest in the second quarter of 2025?"
    a = figure_answer(q, _evidence(SEGMENTS), "en")
    assert a is not None and a.lines, a
    lead = a.lines[0]
    assert lead.startswith("Ridge Gaming") and "30.0%" in lead, lead
    assert "Q2 2025" in lead and "FY2025" not in lead, lead
