"""A change asked as an amount ("by how much", "in dollars") is said as the difference of
the two years' figures beside the change in percent; a change asked as a rate is the
percent alone. Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.differences import asks_amount_change
from agent.support import check

INCOME = """Consolidated Statements of Earnings (in thousands)
| | Fiscal 2024 | Fiscal 2023 |
|---|---|---|
| Net operating revenues | 1,250,400 | 1,190,200 |
| Earnings from operations | 204,485 | 207,522 |
| Net earnings | 150,310 | 141,020 |"""


def _evidence(text: str) -> list[Evidence]:
    p = Passage(chunk_id="qv#0", doc_id="qv", page=6, page_end=6, text=text, rank=1)
    return [
        Evidence(
            tool="search_document", query="earnings", passages=[p],
            term_df={"earnings": 1}, scope_chunks=10, names=["quivera"],
        )
    ]  # fmt: skip


def test_by_how_much_is_answered_with_the_difference_and_its_working() -> None:
    q = "By how much did Quivera's EBIT change from fiscal 2023 to fiscal 2024?"
    a = figure_answer(q, _evidence(INCOME), "en")
    assert a is not None, q
    diff = [ln for ln in a.lines if "= 204,485 − 207,522 = −3,037" in ln]
    assert diff, a.lines
    assert any("÷ 207,522 = −1.5%" in ln for ln in a.lines), a.lines  # the percent stays
    assert check(diff[0].split("[")[0], INCOME).supported, diff


def test_a_year_over_year_change_in_dollars_is_the_difference() -> None:
    q = "What was the year-over-year change in Quivera's net earnings in fiscal 2024, in dollars?"
    a = figure_answer(q, _evidence(INCOME), "en")
    assert a is not None, q
    assert any("= 150,310 − 141,020 = 9,290" in ln for ln in a.lines), a.lines


def test_a_change_in_dollars_is_an_amount_and_a_growth_rate_is_not() -> None:
    assert asks_amount_change("What was the year-over-year change in net earnings, in dollars?")
    assert asks_amount_change("How much did revenue decrease from 2022 to 2023?")
    assert not asks_amount_change("By what percentage did net earnings change in fiscal 2024?")
    assert not asks_amount_change("What was revenue growth in FY2024?")
    q = "What was Quivera's net earnings growth in fiscal 2024, in percent?"
    a = figure_answer(q, _evidence(INCOME), "en")
    assert a is not None, q
    assert not any("= 150,310 − 141,020 =" in ln for ln in a.lines), a.lines
