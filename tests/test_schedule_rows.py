"""A schedule by year (maturities, lease payments, expected amortization) is read by the
row of the year asked, or its remainder row for what falls after its last year, from the
schedule whose caption and column heads say the question's words (invented tables)."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.schedule_rows import asks_schedule, schedule_answer
from agent.question.amount_asked import asks_period_amount
from agent.question.parsed import parse

_DEBT = """Principal payments on Orrin Tide's notes as of March 31, 2040 are as follows:
Years ending March 31,  (In thousands)
2041  $  —
2042  410,000
2043  655,500
2044  72,250
Thereafter  1,300,000
$  2,437,750"""

_TWO = """The following summarizes Orrin Tide's kiln rentals and supply commitments (in millions):
Kiln  Supply
Fiscal Year  Rentals  Commitments
2041  $  31  $  120
2042  29  88
2043  27  —
After 2043  140  12
Total  $  227  $  220"""

_ACCRUED = """| Accrued liabilities (in thousands) | 2040 | 2039 |
|---|---|---|
| Payroll | 3,100 | 2,900 |
| Freight | 1,200 | 1,050 |"""


def _evidence(*texts: str) -> list[Evidence]:
    ps = [
        Passage(chunk_id=f"ot#{i + 3}", doc_id="ot", page=9, page_end=9, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    return [Evidence(tool="search_document", query="notes", passages=ps)]


def _line(question: str, *texts: str) -> str:
    out = schedule_answer(question, _evidence(*texts), "en", {})
    assert out is not None and out.lines, out
    return out.lines[0]


def test_the_row_of_the_year_asked_is_read() -> None:
    line = _line("How much of Orrin Tide's notes principal is due in 2043?", _DEBT)
    assert "655,500" in line and "thousand" in line and "[ot#3]" in line
    assert "410,000" not in line


def test_after_the_last_year_is_the_remainder_row() -> None:
    line = _line("What principal on the notes falls due after 2044?", _DEBT)
    assert "1,300,000" in line
    # a year before the last is no remainder: the row after it is not what falls after it
    out = schedule_answer("What principal falls due after 2042?", _evidence(_DEBT), "en", {})
    assert out is None, out.lines


def test_the_column_whose_head_the_question_names() -> None:
    line = _line("What kiln rentals does Orrin Tide expect to pay in 2042?", _TWO, _DEBT)
    assert "$29" in line and "88" not in line and "Rentals" in line
    supply = _line("What supply commitments are due after 2043?", _TWO, _DEBT)
    assert "$12" in supply and "140" not in supply


def test_the_schedule_saying_the_questions_words_is_read() -> None:
    line = _line("What kiln rentals are expected in 2043?", _DEBT, _TWO)
    assert "$27" in line and "655,500" not in line


def test_a_question_of_a_past_period_or_a_table_of_period_columns_reads_nothing() -> None:
    assert not asks_schedule("What was Orrin Tide's payroll accrual in 2040?")
    out = schedule_answer(
        "What payroll accrual is expected in 2040?", _evidence(_ACCRUED), "en", {}
    )
    assert out is None


def test_a_head_noun_in_a_what_question_asks_an_amount() -> None:
    assert asks_period_amount(parse("What amortization expense did Orrin Tide estimate for 2043?"))
    assert asks_period_amount(parse("What principal amount of the notes comes due in 2042?"))
    assert not asks_period_amount(parse("What auditor did Orrin Tide appoint in 2042?"))
