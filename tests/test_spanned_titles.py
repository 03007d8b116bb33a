"""A release prints "Percent Change" over a whole column group ("2025 | 2024 | Total |
Operations | Currency"), and the header read gives every column of the group the title:
the year columns under it still hold the period's amounts, read for a part asked (a
region's sales), never passed over for a smaller row of another table (invented tables)."""

from __future__ import annotations

from agent.evidence import Passage
from agent.figures.grid import Grid
from agent.figures.parts import share_column
from agent.figures.tables import read_grids
from testkit.figure_turns import first_line, velmor_turn

_TITLE = "THIRD QUARTER Percent Change"
_HEAD = (
    f"| (Dollars in Millions) | {_TITLE} 2025 | {_TITLE} 2024 | {_TITLE} Total"
    f" | {_TITLE} Operations | {_TITLE} Currency |"
)
REGIONS = "\n".join(
    [
        _HEAD,
        "|---|---|---|---|---|---|",
        "| Sales to customers by geographic area | | | | | |",
        "| Zentaria | $3,100 | 2,900 | 6.9 | 7.4 | (0.5) |",
        "| Ostland | 4,900 | 4,600 | 6.5 | 9.8 | (3.3) |",
        "| Worldwide | $8,000 | $7,500 | 6.7 | 8.9 | (2.2) |",
    ]
)
# a product's schedule: its own Zentaria row, a part of the company's
PRODUCT = """| | REPORTED SALES THIRD QUARTER 2025 | REPORTED SALES THIRD QUARTER 2024 |
|---|---|---|
| Zentaria | 310 | 290 |
| Ostland | 120 | 130 |"""
# a change table proper: its year column is a change, no group title spans it
CHANGES = """| (Dollars in Millions) | 2025 | 2024 | Percent Change 2025 |
|---|---|---|---|
| Zentaria | 3,100 | 2,900 | 6.9 |"""


def _grid(text: str) -> Grid:
    return read_grids(Passage(chunk_id="vm#1", doc_id="vm", page=5, page_end=5, text=text))[0]


def test_a_year_column_under_a_spanning_change_title_holds_amounts() -> None:
    g = _grid(REGIONS)
    assert [c.year for c in g.columns][:2] == [2025, 2024]
    assert not share_column(g, 0) and not share_column(g, 1)
    c = _grid(CHANGES)
    assert share_column(c, len(c.columns) - 1)


def test_the_region_row_under_the_spanning_title_is_read() -> None:
    turn = velmor_turn((PRODUCT, REGIONS), {"velmor": 80, "zentaria": 3, "ostland": 3})
    line = first_line("What were Velmor's sales in Zentaria in the third quarter of 2025?", turn)
    assert "3,100" in line and "310" not in line.replace("3,100", "")
