"""The column a question asks of a row whose header says more than a period (a plan's or
a segment's group named beside the year, a six months' column beside a quarter's); the
row of amounts before its rates; a row whose label names the thing a count asks."""

from __future__ import annotations

from dataclasses import dataclass

from agent.answer_kinds import count_span
from agent.evidence import Passage, Unit, units
from agent.figures.column_choice import group_said
from agent.figures.row_said import row_said
from agent.models.qualified_rows import amounts_first, rates_first

_PLANS = (
    "| (In millions) | Pension U.S. 2031 | Pension U.S. 2030 | Pension Overseas 2031 "
    "| Pension Overseas 2030 |\n|---|---|---|---|---|\n"
    "| Service cost | $ 487 | $ 518 | $ 64 | $ 104 |\n| Interest cost | 434 | 324 | 90 | 74 |"
)
_HALVES = (
    "| ($ in millions) | Three Months Ended June 30, 2031 | Three Months Ended June 30, 2030 "
    "| Six Months Ended June 30, 2031 | Six Months Ended June 30, 2030 |\n|---|---|---|---|---|\n"
    "| Interest cost | 12 | 10 | 24 | 21 |"
)


def _said(text: str, label: str, question: str) -> str | None:
    p = Passage(chunk_id="pl#0", doc_id="pl", page=3, page_end=3, text=text, rank=1)
    at = text.index(f"| {label}")
    return row_said(p, (at, at + len(label) + 2), question, "en")


def test_the_group_the_question_names_picks_its_column_and_the_year_before_in_it() -> None:
    said = _said(
        _PLANS, "Service cost", "What service cost did the overseas pension plans book in 2031?"
    )
    assert said == (
        "Service cost (Pension Overseas) was $64 million in 2031, "
        "down from $104 million a year earlier [pl#0]."
    )
    said = _said(_PLANS, "Interest cost", "Interest cost of the U.S. pension plans in 2031?")
    assert said is not None and said.startswith("Interest cost (Pension U.S.) was $434 million")
    assert "up from $324 million" in said


def test_a_year_under_two_groups_the_question_does_not_name_is_no_one_figure() -> None:
    assert _said(_PLANS, "Service cost", "What was service cost in 2031?") is None
    # "the end of" a year names its period, no group ("Stores at End of Fiscal Year")
    stores = (
        "|  | Fiscal 2031 Stores Opened | Fiscal 2031 Stores at End of Fiscal Year |\n"
        "|---|---|---|\n| Harbor outlets | 4 | 29 |"
    )
    asked = "How many stores did Velmor run at the end of fiscal 2031?"
    assert _said(stores, "Harbor outlets", asked) is None


def test_the_length_of_period_asked_picks_its_column() -> None:
    said = _said(
        _HALVES,
        "Interest cost",
        "What interest cost was booked in the six months ended June 30, 2031?",
    )
    assert said is not None and said.startswith("Interest cost was $24 million in the six months")
    assert "up from $21 million" in said
    said = _said(_HALVES, "Interest cost", "Interest cost in the quarter ended June 30, 2031?")
    assert said is not None and "$12 million in the three months" in said


def test_a_groups_name_is_its_header_without_period_or_scale() -> None:
    assert group_said("January 28, 2031 Accumulated Amortization") == "Accumulated Amortization"
    assert group_said("Pension U.S. Year Ended December 31, 2031") == "Pension U.S."
    assert group_said("Three Months Ended June 30, 2031 ($ in millions)") == ""


_RATES = "| (PERCENT) | 2031 | 2030 |\n|---|---|---|\n| Interest cost | 1.2 % | 1.5 % |"
_AMOUNTS = "| (MILLIONS) | 2031 | 2030 |\n|---|---|---|\n| Interest cost | 455 | 533 |"


@dataclass
class _Cand:
    passage: Passage
    unit: Unit


def _row(text: str, n: int) -> _Cand:
    p = Passage(chunk_id=f"pl#{n}", doc_id="pl", page=40 + n, page_end=40 + n, text=text)
    return _Cand(p, next(u for u in units(text) if u.kind == "row" and "Interest" in u.text))


def test_a_row_of_rates_gives_way_to_its_amounts_unless_a_rate_is_asked() -> None:
    found = [_row(_RATES, 1), _row(_AMOUNTS, 0)]
    moved = amounts_first(found, "What interest cost did the plans incur in 2031?")
    assert moved[0] is found[1]
    kept = amounts_first(found, "What interest cost rate did the plans assume in 2031?")
    assert kept[0] is found[0]


def test_a_row_whose_label_names_the_thing_counted_gives_the_count() -> None:
    row = "| Total number of options granted (a) | 2,422 | 2,157 |"
    span = count_span(row, "How many options did Velmor grant in 2031?")
    assert span is not None and row[span[0] : span[1]] == "2,422"
    assert count_span(row, "How many stores did Velmor open in 2031?") is None
    stores = "| Total Overseas segment stores | 212 | 216 |"
    assert count_span(stores, "How many Home segment stores did Velmor run in 2031?") is None


_WINS = (
    "| (Dollars in millions) | 2031 | 2030 |\n|---|---|---|\n"
    "| Table games win | $1,149 | $345 |\n| Table games win % | 22.8 % | 22.6 % |"
)


def _win_row(label: str) -> _Cand:
    p = Passage(chunk_id="wn#0", doc_id="wn", page=31, page_end=31, text=_WINS)
    return _Cand(p, next(u for u in units(_WINS) if u.kind == "row" and f"| {label} |" in u.text))


def test_a_row_of_amounts_gives_way_to_its_rate_row_when_a_rate_is_asked() -> None:
    found = [_win_row("Table games win"), _win_row("Table games win %")]
    moved = rates_first(found, "What table games win percentage did Velmor post in 2031?")
    assert moved[0] is found[1]
    kept = rates_first(found, "How much table games win did Velmor book in 2031?")
    assert kept[0] is found[0]
