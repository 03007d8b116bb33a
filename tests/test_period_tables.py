"""A quarterly filing's tables of one period length each: the table printing the length a
question names (``figures/period_tables.py``), the selector's row of that table before its
like-labelled twin (``models/period_rows.py``), and a rate asked never answered by a
member row's amount (``figures/rate_asked.py``). Invented tables only."""

from __future__ import annotations

from dataclasses import dataclass

from agent.evidence import Passage, Unit, units
from agent.figures.candidate import FigureAnswer
from agent.figures.period_tables import length_fit
from agent.figures.rate_asked import amount_for_rate
from agent.figures.row_said import named_row
from agent.figures.tables import read_grids
from agent.models.period_rows import length_first


def _table(name: str, length: str, sales: tuple[str, str], margin: tuple[str, str]) -> str:
    ended = f"{length} Ended March 31"
    head = f"| {name} ($ in millions) | {ended}, 2025 | {ended}, 2024 |"
    return "\n".join(
        [
            head,
            "|---|---|---|",
            f"| Net sales | {sales[0]} | {sales[1]} |",
            f"| Segment margin as a percentage of net sales | {margin[0]} % | {margin[1]} % |",
        ]
    )


QUARTER = _table("Harbor Segment", "Three Months", ("$910", "$870"), ("8.1", "7.9"))
HALF = _table("Harbor Segment", "Six Months", ("$1,850", "$1,760"), ("8.6", "8.2"))
OTHER_HALF = _table("Ridge Segment", "Six Months", ("$2,400", "$2,300"), ("11.3", "11.0"))


def _passage(text: str, n: int, section: str = "") -> Passage:
    return Passage(
        chunk_id=f"hb#{n}", doc_id="hb", page=30 + n, page_end=30 + n, text=text, section=section
    )


@dataclass
class _Cand:
    passage: Passage
    unit: Unit


def _margin_row(p: Passage) -> _Cand:
    row = next(u for u in units(p.text) if u.kind == "row" and "margin" in u.text)
    return _Cand(p, row)


def test_a_table_fits_the_length_the_question_names() -> None:
    quarter, half = read_grids(_passage(QUARTER, 0))[0], read_grids(_passage(HALF, 1))[0]
    q = "What was Harbor's segment margin in the first half of fiscal 2025?"
    assert (length_fit(quarter, q), length_fit(half, q)) == (0, 1)
    asked = "What was Harbor's segment margin in the quarter ended March 31, 2025?"
    assert (length_fit(quarter, asked), length_fit(half, asked)) == (1, 0)
    assert length_fit(quarter, "What was Harbor's segment margin?") == 0


def test_the_selectors_row_of_the_half_asked_takes_the_quarters_place() -> None:
    q = "What was the Harbor segment's margin as a share of net sales in the first half of 2025?"
    quarter = _margin_row(_passage(QUARTER, 0, "Harbor Segment"))
    ridge = _margin_row(_passage(OTHER_HALF, 2, "Ridge Segment"))
    half = _margin_row(_passage(HALF, 1, "Harbor Segment"))
    moved = length_first([quarter, ridge, half], q)
    assert moved[0] is half, moved[0].passage.chunk_id  # of the segment its caption names
    kept = length_first([quarter, half], "What was the Harbor segment's margin in Q2 2025?")
    assert kept[0] is quarter
    unsaid = length_first([quarter, half], "What was the Harbor segment's margin?")
    assert unsaid[0] is quarter


def test_a_rate_asked_is_no_amount() -> None:
    amount = [FigureAnswer(["Harbor segment margin was $74 million in 2025 [hb#1]."])]
    rate = [FigureAnswer(["Segment margin as a percentage of net sales was 8.6% [hb#1]."])]
    q = "What was Harbor's segment margin as a percentage of net sales in 2025?"
    assert amount_for_rate(q, amount)
    assert not amount_for_rate(q, rate)
    assert not amount_for_rate("What was Harbor's segment margin in 2025?", amount)


def test_a_row_named_in_full_is_read_from_the_table_of_the_length_asked() -> None:
    tables = [*read_grids(_passage(QUARTER, 0)), *read_grids(_passage(HALF, 1))]
    label = "Segment margin as a percentage of net sales"
    q = "What was Harbor's segment margin as a percentage of net sales in the first half of 2025?"
    line = named_row(q, tables, label, "", "en")
    assert line is not None and "8.6%" in line, line
    quarter = named_row(q.replace("first half", "second quarter"), tables, label, "", "en")
    assert quarter is not None and "8.1%" in quarter, quarter
