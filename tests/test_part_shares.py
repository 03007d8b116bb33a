"""A part's share of the total its table adds it up into (``agent.figures.part_shares``,
``agent.figures.part_totals``): the total known by its sum whatever its label, the sum of
the parts a heading lists when none is printed, the table saying the whole asked, a share
beyond its total refused. Invented companies only."""

from __future__ import annotations

import re

from agent.evidence import Passage
from agent.figures.grid import Grid
from agent.figures.part_shares import asked_part, part_search, part_share
from agent.figures.tables import read_grids

BY_GROUP = """| Net sales by group (in millions) | 2024 | 2025 |
|---|---|---|
| Kettles | 410 | 450 |
| Toasters | 120 | 130 |
| Blenders (2) | 70 | 120 |
| Consolidated | 600 | 700 |"""

# the release prints the segment's total without a label
UNLABELLED = """| Segment sales ($ in Millions) | 2025 | 2024 |
|---|---|---|
| Orchard (1) |  |  |
| U.S. | 300 | 280 |
| International | 100 | 90 |
|  | 400 | 370 |
| Harbor (2) |  |  |
| U.S. | 900 | 800 |
| International | 700 | 600 |
|  | 1,600 | 1,400 |"""

DIVISIONS = """| Net revenue and operating profit | Net Revenue 2025 | Operating Profit 2025 |
|---|---|---|
| North | 800 | 200 |
| South | 200 | 100 |
| Total division | 1,000 | 300 |
| Corporate unallocated expenses | — | (60) |
| Total | 1,000 | 240 |"""

BALANCE = """| Balance sheet ($ in millions) | June 30, 2025 |
|---|---|
| Cash and cash equivalents | 500 |
| Inventories, net: |  |
| Raw materials | 300 |
| Work in process and finished goods | 100 |
| Other current assets: |  |
| Prepaid expenses | 50 |"""

GOODWILL = """| Goodwill by segment (in millions) | 2024 | 2025 |
|---|---|---|
| Kettles | 90 | 95 |
| Toasters | 10 | 5 |
| Goodwill | 100 | 100 |"""

WITH_LOSS = """| Operating income by segment (in millions) | 2025 |
|---|---|
| Kettles | 50 |
| Toasters | (30) |
| Consolidated | 20 |"""

SHARES_PRINTED = """| Segment information (dollars in millions) | Fiscal 2025 | Fiscal 2025 |
|---|---|---|
| Kettles | $600.0 |  |
| Percentage of total revenue |  | 60% |
| Toasters | 400.0 |  |
| Percentage of total revenue |  | 40% |
| Total revenue | $1,000.0 |  |"""


def _grids(*texts: str) -> list[Grid]:
    out: list[Grid] = []
    for i, t in enumerate(texts):
        p = Passage(
            chunk_id=f"qf#{i}", doc_id="qf", page=10 + i, page_end=10 + i, text=t, rank=i + 1
        )
        out += read_grids(p)
    return out


def _share(line: str) -> float:
    m = re.search(r"= (\d+(?:\.\d+)?)% \[", line)
    assert m is not None, line
    return float(m.group(1))


def test_the_whole_and_the_part_are_read_off_the_analysts_wording() -> None:
    assert asked_part("What share of Quillfeather's FY25 net sales came from kettles?") == (
        "Quillfeather's FY25 net sales",
        "kettles",
    )
    assert asked_part("What % of Quillfeather's inventories was raw materials?") is not None
    assert asked_part("What share of FY25 sales did toasters bring in?") == (
        "FY25 sales",
        "toasters",
    )
    assert asked_part("How much of its FY25 sales came from abroad, as a share?") is not None
    assert asked_part("What was the cost of sales as a % of net sales in FY25?") is None
    assert asked_part("What were Quillfeather's FY25 net sales?") is None


def test_a_total_is_the_row_adding_up_the_parts_whatever_its_label() -> None:
    a = part_share(
        "What share of Quillfeather's FY25 net sales came from blenders?", _grids(BY_GROUP)
    )
    assert a is not None and _share(a.lines[0]) == 17.1, a  # 120 / 700, the 2025 column
    assert "[qf#0]" in a.lines[0] and "700" in a.lines[0]
    assert a.computed and a.computed[0].bound == "share"


def test_an_unlabelled_sum_row_closes_the_parts_under_their_heading() -> None:
    a = part_share("What % of Quillfeather's FY25 Harbor sales were in the US?", _grids(UNLABELLED))
    assert a is not None and _share(a.lines[0]) == 56.2, a  # 900 / 1,600, not 300 / 400


def test_the_column_and_the_total_are_those_of_the_whole_asked() -> None:
    q = "What share of Quillfeather's FY25 division operating profit came from South?"
    a = part_share(q, _grids(DIVISIONS))
    assert a is not None and _share(a.lines[0]) == 33.3, a  # 100 / 300, not 200 / 1,000


def test_parts_a_heading_lists_without_a_total_are_their_own_total_said_so() -> None:
    q = "At FY2025 close, what share of Quillfeather's net inventories was raw materials?"
    a = part_share(q, _grids(BALANCE))
    assert a is not None and _share(a.lines[0]) == 75.0, a  # 300 / (300 + 100)
    assert "no total is printed" in a.lines[0] and "300 + 100" in a.lines[0]


def test_a_table_that_does_not_say_the_whole_asked_is_not_read() -> None:
    q = "What share of Quillfeather's FY25 goodwill sat in Toasters?"
    assert part_share(q, _grids(BY_GROUP)) is None
    a = part_share(q, _grids(BY_GROUP, GOODWILL))
    assert a is not None and _share(a.lines[0]) == 5.0, a


def test_a_share_beyond_its_total_is_no_part_of_it() -> None:
    q = "What share of Quillfeather's FY25 operating income came from Kettles?"
    assert part_share(q, _grids(WITH_LOSS)) is None  # 50 / 20 = 250%
    listed = WITH_LOSS.replace("(30)", "30").replace("| 20 |", "| 80 |")
    a = part_share(q, _grids(WITH_LOSS, listed))
    assert a is not None and _share(a.lines[0]) == 62.5 and "[qf#1]" in a.lines[0], a


def test_percentages_printed_between_the_parts_are_not_added_to_them() -> None:
    q = "What share of Quillfeather's FY25 total revenue came from Toasters?"
    a = part_share(q, _grids(SHARES_PRINTED))
    assert a is not None and _share(a.lines[0]) == 40.0, a


def test_the_parts_table_is_searched_for_when_no_table_lists_the_part() -> None:
    q = "What share of Quillfeather's FY25 net sales came from Waffle Irons?"
    query = part_search(q, _grids(BY_GROUP))
    assert "waffle" in query and "sales" in query and "quillfeather" not in query, query
    assert (
        part_search(
            "What share of Quillfeather's FY25 net sales came from Kettles?", _grids(BY_GROUP)
        )
        == ""
    )


YEAR_SALES = """| Full year sales by group (in millions) | 2025 | 2024 |
|---|---|---|
| Kettles | 1,600 | 1,500 |
| Toasters | 400 | 500 |
| Total | 2,000 | 2,000 |"""

QUARTER_SALES = """| Fourth quarter sales by group (in millions) | 2025 | 2024 |
|---|---|---|
| Kettles | 450 | 400 |
| Toasters | 150 | 100 |
| Total | 600 | 500 |"""


def test_a_quarter_asked_is_read_off_the_quarters_table_not_the_years() -> None:
    q = "What share of Quillfeather's Q4 FY25 sales came from Kettles?"
    a = part_share(q, _grids(YEAR_SALES, QUARTER_SALES))
    assert a is not None and _share(a.lines[0]) == 75.0, a  # 450 / 600, not 1,600 / 2,000
    assert part_share(q, _grids(YEAR_SALES)) is None  # the year's table alone answers no quarter


def test_a_total_asked_without_the_subtotals_qualifier_is_the_grand_total() -> None:
    # "Total division" + "Corporate unallocated expenses" = "Total": the total operating
    # profit asked is the grand total; "division operating profit" stays the subtotal
    q = "What share of Quillfeather's total FY25 operating profit came from South?"
    a = part_share(q, _grids(DIVISIONS))
    assert a is not None and _share(a.lines[0]) == 41.7, a  # 100 / 240, not 100 / 300
