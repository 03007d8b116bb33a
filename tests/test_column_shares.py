"""A part's share of a whole where the part is a column (``agent.figures.column_shares``),
a part worded as a complement ("outside the US"), the half-year's columns apart from the
quarter's, and the sum a heading lists when the table's head says the rest of the whole
(``agent.figures.part_shares``). Invented companies only."""

from __future__ import annotations

import re

from agent.evidence import Passage
from agent.figures.column_shares import column_share
from agent.figures.grid import Grid
from agent.figures.part_shares import asked_part, part_in_whole, part_share, period_columns
from agent.figures.tables import read_grids

# the total column is printed first, the parts after it
GEOGRAPHY = (
    "| Revenues by geography (millions) | Worldwide 2025 | U.S. 2025 | International 2025 "
    "| Worldwide 2024 | U.S. 2024 | International 2024 |\n"
    """|------|---|---|---|---|---|
| Kettles | 800 | 300 | 500 | 700 | 300 | 400 |
| Toasters | 200 | 150 | 50 | 100 | 60 | 40 |
| Total revenues | 1,000 | 450 | 550 | 800 | 360 | 440 |"""
)

# the total column is printed last
BY_SEGMENT = (
    "| Net sales by region, six months (in millions) | Kettles 2025 | Toasters 2025 "
    "| Total 2025 |\n"
    """|---|---|---|---|
| North America | 600 | 200 | 800 |
| Europe | 300 | — | 300 |
| Net sales | 900 | 200 | 1,100 |"""
)

BY_COUNTRY = """| Net sales by country (in millions) | 2025 |
|---|---|
| United States | 600 |
| Germany | 150 |
| Rest of world | 250 |
| Consolidated | 1,000 |"""

HALF_YEAR = (
    "| Sales by group (in millions) | Three Months Ended June 30, 2025 "
    "| Six Months Ended June 30, 2025 Percent Change |\n"
    """|---|---|---|
| Kettles | 100 | 300 |
| Toasters | 50 | 100 |
| Total | 150 | 400 |"""
)

# the segment's total is not in this chunk: its rows are summed under its heading, whose
# words with the table's head say the whole asked
HEADED = """| Sales to customers by segment ($ in Millions) | 2025 | 2024 |
|---|---|---|
| Orchard |  |  |
| U.S. | 300 | 280 |
| International | 100 | 90 |"""


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


def test_a_part_printed_as_a_column_is_a_share_of_the_column_adding_it_up() -> None:
    q = "What share of Quillfeather's FY24 total revenues came from international markets?"
    assert part_share(q, _grids(GEOGRAPHY)) is None  # no row is the part
    a = column_share(q, _grids(GEOGRAPHY))
    assert a is not None and _share(a.lines[0]) == 55.0, a  # 440 / 800, the 2024 columns
    assert "[qf#0]" in a.lines[0] and a.computed[0].bound == "share"
    assert len(a.cells) == 2  # both figures cited


def test_the_row_is_the_one_the_whole_names_and_the_total_may_be_printed_last() -> None:
    q = "What % of Quillfeather's FY25 Toasters revenues were generated in the US?"
    a = column_share(q, _grids(GEOGRAPHY))
    assert a is not None and _share(a.lines[0]) == 75.0, a  # 150 / 200, not 450 / 1,000
    q = "How much of Quillfeather's North America net sales in 2025 came from Toasters, as a %?"
    a = column_share(q, _grids(BY_SEGMENT))
    assert a is not None and _share(a.lines[0]) == 25.0, a  # 200 / 800


def test_a_part_worded_as_a_complement_is_the_whole_less_what_it_names() -> None:
    q = "What % of Quillfeather's FY25 Toasters revenues were generated outside the US?"
    a = column_share(q, _grids(GEOGRAPHY))
    assert a is not None and _share(a.lines[0]) == 25.0, a  # the International column
    q = "How much of Quillfeather's FY25 net sales came from outside the US, as a share?"
    a = part_share(q, _grids(BY_COUNTRY))
    assert a is not None and _share(a.lines[0]) == 40.0, a  # (1,000 - 600) / 1,000
    assert "1,000 − 600" in a.lines[0]


def test_a_share_asked_with_a_percent_sign_before_the_question_mark_is_read() -> None:
    asked = asked_part("How much of Quillfeather's FY25 sales came from Kettles, as a %?")
    assert asked is not None and asked[1].startswith("Kettles")


def test_a_half_year_asked_reads_only_the_half_years_columns() -> None:
    q = "What share of Quillfeather's H1 FY2025 sales came from Kettles?"
    g = _grids(HALF_YEAR)[0]
    cols = period_columns(g, q, {"sale"})
    assert cols and all(g.columns[i].months == 6 for i in cols), cols


def test_a_headings_rows_are_summed_when_the_tables_head_says_the_rest_of_the_whole() -> None:
    q = "What % of Quillfeather's FY25 Orchard sales were international?"
    a = part_share(q, _grids(HEADED))
    assert a is not None and _share(a.lines[0]) == 25.0, a  # 100 / (300 + 100)


def test_a_part_of_the_business_named_in_the_whole_is_no_share_of_the_item() -> None:
    # "Kettles sales" is the whole asked a share of; "the US" is the part
    q = "What % of Quillfeather's FY25 Kettles sales were in the US?"
    assert part_in_whole(q, ("Kettles", "US"))
    assert not part_in_whole(
        "What share of Quillfeather's FY25 sales came from Kettles?", ("Kettles",)
    )
