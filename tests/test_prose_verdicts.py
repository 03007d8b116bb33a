"""A yes/no verdict read from a cell quotes the sentence saying the same in words
(``agent/figures/prose_verdicts.py``): invented filings only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer

CASH = """| Orrin Ltd. Consolidated Statements of Cash Flows (in millions) | 2025 | 2024 |
|---|---|---|
| Net cash provided by operating activities | 610 | 580 |
| Dividends paid to common shareholders | (24) | (22) |"""
POLICY = (
    "We introduced a dividend programme in 2019. In 2021 we lowered our quarterly dividend "
    "to $0.03 per share. We kept a quarterly dividend of $0.05 per share throughout 2025. "
    "The Board reviews the programme every year."
)
# says the question's words and the year, but no amount
NOISE = "Orrin paid dividends to common shareholders in 2025, as in every year since 2019."
QUESTION = "Has Orrin paid dividends to common shareholders in FY2025?"


def _evidence(*texts: str, sections: tuple[str, ...] = ()) -> list[Evidence]:
    passages = [
        Passage(
            chunk_id=f"or#{i}",
            doc_id="or",
            page=30 + i,
            page_end=30 + i,
            section=sections[i] if i < len(sections) else "",
            text=t,
            rank=i + 1,
        )
        for i, t in enumerate(texts)
    ]
    return [Evidence(tool="search_document", query="q", passages=passages)]


def _lines(*texts: str, sections: tuple[str, ...] = ()) -> list[str]:
    a = figure_answer(QUESTION, _evidence(*texts, sections=sections), "en")
    assert a is not None and a.lines
    return a.lines


def test_a_yes_read_from_a_row_quotes_the_sentence_saying_it_of_the_year() -> None:
    lines = _lines(CASH, POLICY, NOISE)
    assert lines[0].startswith("Yes: dividends paid to common shareholders were 24 million")
    assert "- “We kept a quarterly dividend of $0.05 per share throughout 2025.” [or#1]" in lines
    # neither another year's sentence nor one without an amount is quoted
    assert not any("2021" in line or "every year since" in line for line in lines)


def test_the_sentence_under_a_heading_naming_the_thing_is_preferred() -> None:
    other = "In 2025 a dividend of $2 million was paid to shareholders of Orrin Paid Holdings."
    policy = "We kept a quarterly dividend of $0.05 per share throughout 2025."
    lines = _lines(CASH, other, policy, sections=("", "Joint ventures", "Dividend Policy"))
    assert f"- “{policy}” [or#2]" in lines
    assert not any("Orrin Paid Holdings" in line for line in lines)


def test_no_sentence_is_quoted_for_a_no_or_when_none_says_it() -> None:
    assert len(_lines(CASH, NOISE)) == 1
    none_paid = CASH.replace("(24)", "0")
    lines = _lines(none_paid, POLICY)
    assert lines[0].startswith("No: ") and len(lines) == 1
