"""A row named by all of its label's words in any order wins over a shorter label the
question quotes inside its wording; a one-word label counts only with its heading
(invented tables)."""

from __future__ import annotations

from agent.evidence import Passage
from agent.figures.tables import read_grids
from agent.figures.worded_rows import worded_row_label

_LEASES = """| | 2033 | 2032 |
|---|---|---|
| Cash paid for lease liabilities | | |
| Operating cash outflows from operating leases | $412 | $398 |
| Financing cash outflows from finance leases | 37 | 31 |
| Assets obtained for new lease liabilities | | |
| Operating leases | 1,204 | 876 |"""

_TAXES = """| | 2033 | 2032 |
|---|---|---|
| Domestic: | | |
| Current | 310 | 290 |
| Deferred | 12 | 18 |
| Overseas: | | |
| Current | 44 | 41 |
| Deferred | (6) | 3 |"""


def _grids(text: str) -> list:
    p = Passage(chunk_id="qv#3", doc_id="qv", page=9, page_end=9, text=text, rank=1)
    return read_grids(p)


def test_the_row_said_word_for_word_beats_a_short_label_quoted_inside_it() -> None:
    q = "How much did Quarvel pay in operating cash outflows on its operating leases in 2032?"
    assert worded_row_label(q, _grids(_LEASES)) == "Operating cash outflows from operating leases"
    q2 = "What were Quarvel's operating leases in 2032?"
    assert worded_row_label(q2, _grids(_LEASES)) == "Operating leases"


def test_a_one_word_label_needs_its_heading_in_the_question() -> None:
    assert worded_row_label(
        "What current overseas tax did Quarvel book in 2033?", _grids(_TAXES)
    ) == ("Current")
    assert worded_row_label("What was Quarvel's current ratio in 2033?", _grids(_TAXES)) == ""


def test_a_label_stating_a_figure_the_question_does_not_say_is_not_named() -> None:
    text = """| | 2033 | 2032 |
|---|---|---|
| Common stock, par value $1.00 (issued | | |
| 3,119,843,000 shares) | 3,120 | 3,120 |"""
    q = "How many shares of Quarvel common stock were outstanding on March 3, 2034?"
    assert worded_row_label(q, _grids(text)) == ""
