"""The row a question describes in its own words (no line item of the vocabulary named):
its label with its heading and table, abbreviations spelled out, what the question says
was taken off the figure, a heading carried over from the chunk before (invented tables)."""

from __future__ import annotations

from agent.evidence import Passage
from agent.figures.described_rows import carried_heading, described, described_row
from agent.figures.grid import Grid
from agent.figures.tables import read_grids

_DEFERRED = """| (in thousands) | 2033 | 2032 |
|---|---|---|
| Deferred tax assets: | | |
| Reserves and accruals | 4,120 | 3,880 |
| Credit carryforwards | 2,310 | 2,050 |
| Total gross deferred tax assets | 6,430 | 5,930 |
| Deferred tax asset valuation allowance | (1,270) | (1,140) |
| Total deferred tax assets | 5,160 | 4,790 |
| Deferred tax liabilities: | | |
| Depreciation and amortization | 3,310 | 2,960 |
| Total deferred tax liabilities | 3,310 | 2,960 |
| Net deferred tax assets | 1,850 | 1,830 |"""

_COMPREHENSIVE = """| (in millions) | 2033 | 2032 |
|---|---|---|
| Net income | 912 | 804 |
| Other comprehensive income, net of tax | 57 | (33) |
| Comprehensive income | 969 | 771 |
| Less: Comprehensive income attributable to noncontrolling interests | 21 | 18 |
| Comprehensive income attributable to Quarvel | 948 | 753 |"""

_INSURED = """| Our self-insured liabilities were as follows ($ in millions) | 2033 | 2032 |
|---|---|---|
| Accrued liabilities | 131 | 117 |
| Long-term liabilities | 64 | 59 |
| Total | 195 | 176 |"""


def _grids(text: str, n: int = 3) -> list[Grid]:
    p = Passage(chunk_id=f"qv#{n}", doc_id="qv", page=9, page_end=9, text=text, rank=1)
    return read_grids(p)


def _label(question: str, text: str) -> str:
    found = described_row(question, _grids(text))
    return found.row.label if found is not None else ""


def test_an_abbreviation_is_read_spelled_out() -> None:
    q = "What were Quarvel's net DTAs at the end of 2033?"
    assert "dta" not in described(q).asked
    assert _label(q, _DEFERRED) == "Net deferred tax assets"


def test_the_heading_tells_a_label_printed_under_two_headings() -> None:
    q = "What deferred tax liability did Quarvel carry for depreciation and amortization in 2033?"
    found = described_row(q, _grids(_DEFERRED))
    assert found is not None and found.row.raws[0] == "3,310"
    assert found.framed >= 2  # "deferred", "tax", "liability" are its heading's words


def test_net_of_what_was_taken_off_is_the_row_closing_it() -> None:
    q = "What were Quarvel's deferred tax assets net of the valuation allowance in 2033?"
    assert _label(q, _DEFERRED) == "Total deferred tax assets"
    q2 = "What was Quarvel's comprehensive income excluding noncontrolling interests in 2032?"
    assert _label(q2, _COMPREHENSIVE) == "Comprehensive income attributable to Quarvel"
    # the phrase a figure is printed with deducts nothing: the row says it
    q3 = "What was Quarvel's other comprehensive income, net of tax, in 2033?"
    assert _label(q3, _COMPREHENSIVE) == "Other comprehensive income, net of tax"


def test_before_what_is_taken_off_is_the_row_opening_the_deduction() -> None:
    q = "What were Quarvel's deferred tax assets before the valuation allowance in 2032?"
    assert _label(q, _DEFERRED) == "Total gross deferred tax assets"


def test_a_total_row_is_named_by_its_table_caption() -> None:
    q = "What were Quarvel's total self-insured liabilities in 2033, in millions?"
    assert _label(q, _INSURED) == "Total"
    # a caption alone names no row of another table
    assert _label("What were Quarvel's total lease liabilities in 2033?", _INSURED) == ""


def test_a_loose_description_answers_nothing() -> None:
    assert _label("What was Quarvel's advertising budget in 2033?", _DEFERRED) == ""
    assert _label("What deferred foreign tax benefit did Quarvel record in 2033?", _DEFERRED) == ""


def test_a_heading_ending_the_chunk_before_frames_the_next_chunks_rows() -> None:
    first = """| (in millions) | 2033 | 2032 |
|---|---|---|
| Hedges: | | |
| Net gains after tax | (106) | (37) |
| Pension items: | | |"""
    second = """| (in millions) | 2033 | 2032 |
|---|---|---|
| Amortization of net losses | 164 | 289 |
| Net losses after tax | 360 | 234 |
| Total reclassified, net of tax | 254 | 197 |"""
    before, after = _grids(first, 7)[0], _grids(second, 8)[0]
    assert carried_heading(before) == "Pension items:"
    assert carried_heading(after) == ""  # it ends with a row of figures
    found = described_row("What were Quarvel's pension items after tax in 2033?", [before, after])
    assert found is not None and found.row.raws[0] == "360"


def test_a_yes_no_question_is_left_to_the_verdict() -> None:
    """A row the question describes answers "what was X", not "has it done X": the row
    method stays out of a yes/no question, which the verdict strategy judges."""
    from agent import prompts
    from agent.figures.row_methods import RowQuestion, _described

    def ask(question: str) -> object:
        lang: prompts.Lang = "en"
        return _described(RowQuestion(None, question, [], _grids(_INSURED), lang))

    assert ask("What were Quarvel's long-term self-insured liabilities in 2033?") is not None
    assert ask("Did Quarvel carry long-term self-insured liabilities in 2033?") is None
