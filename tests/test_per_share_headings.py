"""Rows under a heading naming a per-share item ("Earnings per common share––diluted:"):
each is that item for what its label names; the one the question says, else the bottom
line."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer

_STATEMENT = (
    "| CONSOLIDATED STATEMENTS OF INCOME (MILLIONS, EXCEPT PER COMMON SHARE DATA) | 2031 "
    "| 2030 |\n|---|---|---|\n| Revenues | $ 81,288 | $ 41,651 |\n"
    "| Net income attributable to Velmor Inc. common shareholders | $ 21,979 | $ 9,616 |\n"
    "| Earnings per common share––basic: |  |  |\n"
    "| Income from continuing operations attributable to Velmor Inc. | $ 4.00 | $ 1.19 |\n"
    "| Discontinued operations––net of tax | (0.08) | 0.46 |\n"
    "| Net income attributable to Velmor Inc. common shareholders | $ 3.92 | $ 1.65 |\n"
    "| Earnings per common share––diluted: |  |  |\n"
    "| Income from continuing operations attributable to Velmor Inc. | $ 3.93 | $ 1.18 |\n"
    "| Discontinued operations––net of tax | (0.08) | 0.45 |\n"
    "| Net income attributable to Velmor Inc. common shareholders | $ 3.85 | $ 1.63 |"
)


def _lead(question: str, text: str = _STATEMENT) -> str:
    p = Passage(chunk_id="v#0", doc_id="v", page=5, page_end=5, text=text, rank=1)
    ev = Evidence(tool="search_document", query=question, passages=[p], scope_chunks=40)
    found = figure_answer(question, [ev], "en")
    assert found is not None and found.lines, found
    return found.lines[0]


def test_the_row_the_question_names_under_the_per_share_heading_asked() -> None:
    said = _lead(
        "What were Velmor's diluted earnings per share from continuing operations in 2031?"
    )
    assert "$3.93" in said and "$4.00" not in said, said


def test_without_a_rows_words_the_groups_bottom_line() -> None:
    assert "$3.85" in _lead("What was Velmor's diluted EPS in 2031?")
    assert "$1.65" in _lead("What was Velmor's basic EPS in 2030?")


def test_a_question_saying_both_labels_words_picks_the_row_leaving_none_unsaid() -> None:
    """Both rows are "… attributable to Velmor Inc. common shareholders"; the question's
    "from continuing operations" is said by one only: the shorter bottom line, which
    leaves it unsaid, is no better a match for the words they share."""
    text = _STATEMENT.replace(
        "attributable to Velmor Inc. |", "attributable to Velmor Inc. common shareholders |"
    )
    said = _lead(
        "What were Velmor's 2031 diluted earnings per share from continuing operations "
        "attributable to Velmor Inc. common shareholders?",
        text,
    )
    assert "$3.93" in said and "$3.85" not in said, said
