"""A member's row read under the headings the question names: the same labels repeat
under each segment and the segments' names under each measure, so the row asked is the
one the question names with its open headings (invented segment table over two chunks);
a member's row under the column group the question names, by another name of its item."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.grouped_columns import grouped_answer
from agent.figures.member_rows import member_answer
from agent.figures.turn_tables import grids

_HEAD = "| (In thousands) | Year Ended December 31, 2051 | Year Ended December 31, 2050 |"
_RULE = "|---|---|---|"
_FIRST = f"""{_HEAD}
{_RULE}
| Net revenue |  |  |
| Harbor Resorts |  |  |
| Casino | $500,100 | $480,900 |
| Rooms | 210,300 | 199,800 |
| Total Harbor Resorts | 710,400 | 680,700 |
| Inland Operations |  |  |
| Casino | 300,600 | 290,200 |
| Rooms | 40,900 | 38,100 |"""

_SECOND = f"""{_HEAD}
{_RULE}
| Total Inland Operations | 341,500 | 328,300 |
| Total | $1,051,900 | $1,009,000 |
| Adjusted Property EBITDAR |  |  |
| Harbor Resorts | 190,500 | 170,300 |
| Inland Operations | (12,700) | 60,400 |"""


def _evidence() -> list[Evidence]:
    ps = [
        Passage(chunk_id=f"hr#{n}", doc_id="hr", page=88, page_end=88, text=t, rank=n)
        for n, t in ((12, _FIRST), (13, _SECOND))
    ]
    return [Evidence(tool="search_document", query="segment", passages=ps)]


def _line(question: str) -> str:
    out = member_answer(question, _evidence(), "en")
    assert out is not None and out.lines, question
    return out.lines[0]


def test_a_repeated_label_is_read_under_the_member_named() -> None:
    line = _line("How much rooms revenue did Harbor Resorts bring in during 2051?")
    assert "210,300" in line and "40,900" not in line, line
    inland = _line("What rooms revenue did Inland Operations report in 2050?")
    assert "38,100" in inland, inland


def test_a_members_total_closes_its_heading_over_the_chunks() -> None:
    line = _line("What was the total net revenue of the Inland Operations segment in 2051?")
    assert "341,500" in line and "1,051,900" not in line, line


def test_a_member_row_under_the_measure_named() -> None:
    line = _line("What was Inland Operations' Adjusted Property EBITDAR in 2051?")
    assert "12,700" in line and "−" in line and "341,500" not in line, line


def test_a_question_naming_no_heading_reads_nothing() -> None:
    assert member_answer("What was casino revenue in 2051?", _evidence(), "en") is None
    assert member_answer("Which segment had the most rooms revenue?", _evidence(), "en") is None
    # a heading only partly said ("net" of "Net revenue") frames nothing
    assert (
        member_answer("What were Inland Operations net additions in 2051?", _evidence(), "en")
        is None
    )


_GROUPS = "| Total Assets 2052 | Total Assets 2051 | Capital Spending 2052 | Capital Spending 2051|"
_DIVISIONS = f"""|  {_GROUPS}
|---|---|---|---|---|
| Bakery | $11,042 | $9,763 | $1,464 | $1,411 |
| Dairy (a) | 40,286 | 37,801 | 1,714 | 1,275 |
| Total | $51,328 | $47,564 | $3,178 | $2,686 |"""


def test_a_column_group_named_by_another_name_of_the_item() -> None:
    p = Passage(chunk_id="hr#30", doc_id="hr", page=90, page_end=90, text=_DIVISIONS, rank=1)
    tables = grids([Evidence(tool="search_document", query="capex", passages=[p])])
    capex = grouped_answer("What was Dairy's capex in 2051?", tables, "en")
    assert capex is not None and "1,275" in capex.lines[0], capex
    assets = grouped_answer("What were Bakery's total assets in 2052?", tables, "en")
    assert assets is not None and "11,042" in assets.lines[0], assets
    # a group the question does not name is no column of it
    assert grouped_answer("What was Dairy's revenue in 2051?", tables, "en") is None
