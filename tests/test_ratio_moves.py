"""A ratio's move between two periods asked yes or no (the lookup set's batch W, shape
"ratio"): a row's share of an item in each period, never the item's own change, and the
verdict the two figures decide said first (invented documents)."""

from __future__ import annotations

import re

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.between import between_answer
from agent.figures.row_said import row_said
from agent.figures.row_shares import share_asked

# an invented company's statement: "Outreach and promotion" is no item of the vocabulary
_INCOME = (
    "| CONSOLIDATED STATEMENTS OF INCOME (in thousands) | 2031 | 2030 |\n|---|---|---|\n"
    "| Total revenue | 4,000 | 3,500 |\n| Outreach and promotion | 880 | 700 |\n"
    "| Operating income | 900 | 800 |\n"
)
_PERCENT = re.compile(r"(\d+\.\d)%")


def _evidence(text: str) -> list[Evidence]:
    p = Passage(chunk_id="ok#1", doc_id="ok", page=59, page_end=59, text=text, rank=1)
    return [Evidence(tool="search_document", query="q", passages=[p])]


def _lines(question: str) -> list[str]:
    a = figure_answer(question, _evidence(_INCOME), "en")
    assert a is not None and a.lines, question
    return a.lines


def test_a_shares_move_states_the_share_of_each_year_and_opens_with_the_verdict() -> None:
    # 880 ÷ 4,000 = 22.0% against 700 ÷ 3,500 = 20.0%: up, whatever revenue did
    for question, said in (
        ("Did outreach and promotion as a percent of total revenue rise in 2031 vs 2030?", "Yes"),
        (
            "Did outreach and promotion's share of the company's total revenue fall in 2031 "
            "compared to 2030?",
            "No",
        ),
    ):
        lines = _lines(question)
        assert lines[0].startswith(said), lines
        assert {"22.0", "20.0"} <= set(_PERCENT.findall(lines[0])), lines
        # revenue's own change (500, 14.3%) is no answer
        assert not re.search(r"(?<![\d,])500\b|14\.3%", " ".join(lines)), lines


def test_a_shares_move_is_no_change_of_the_whole_it_is_a_share_of() -> None:
    q = (
        "Did outreach and promotion as a percentage of the company's total revenue "
        "increase in 2031 vs 2030?"
    )
    assert share_asked(q)
    assert between_answer(q, _evidence(_INCOME), "en") is None
    # an item's own move between two years is still the between method's
    plain = "Did total revenue increase in 2031 compared to 2030?"
    assert not share_asked(plain)
    assert between_answer(plain, _evidence(_INCOME), "en") is not None


def test_a_percentage_rows_move_asked_yes_or_no_opens_with_the_verdict() -> None:
    text = (
        "| ($ in millions) | 2031 | 2030 |\n|---|---|---|\n| Effective tax rate | 20.0% | 25.4% |\n"
    )
    p = Passage(chunk_id="ok#9", doc_id="ok", page=40, page_end=40, text=text)
    at = text.index("| Effective")
    for question, opening in (
        ("Did the effective tax rate increase in 2031 vs 2030?", "No"),
        ("Did the effective tax rate fall in 2031 compared to 2030?", "Yes"),
    ):
        said = row_said(p, (at, len(text)), question, "en")
        assert said is not None and said.startswith(opening), said
        assert "20.0%" in said and "25.4%" in said
    asked = row_said(p, (at, len(text)), "What was the effective tax rate in 2031?", "en")
    assert asked is not None and not asked.startswith(("Yes", "No"))
