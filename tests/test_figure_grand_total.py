"""A balance sheet's total assets printed as a bare "Total" row or a row of figures with no
label (the grand total, the statement's largest figure), and a note's table "in the
accompanying consolidated balance sheet" read as no balance sheet of its own. Invented
companies only."""

from __future__ import annotations

import pytest

from agent.evidence import Evidence, Passage
from agent.figures.statements import titled
from agent.figures.turn_tables import grids
from tests.figurekit import passage, said, searched

INCOME = """BRAMBLE LEISURE INC.
CONSOLIDATED STATEMENTS OF OPERATIONS (in thousands)
2022  2023
Revenues  900,000  1,000,000
Operating income  120,000  150,000
Net income  60,000  80,000"""

HEAD = """CONSOLIDATED BALANCE SHEETS (In thousands)
December 31, 2023  December 31, 2022"""

# the assets close with a bare "Total", larger than every other figure of the statement
ASSETS = """| CONSOLIDATED BALANCE SHEETS (In thousands) | December 31, 2023 | December 31, 2022 |
|---|---|---|
| Total current assets | 250,000 | 230,000 |
| Property and equipment, net | 1,500,000 | 1,400,000 |
| Total other assets | 250,000 | 170,000 |
| Total | $2,000,000 | $1,800,000 |
| Total current liabilities | 300,000 | 280,000 |
| Long-term debt, net | 1,100,000 | 1,000,000 |"""

# a note's table of a part of the assets, naming its own total
NOTE = (
    "| Assets held for sale in the accompanying consolidated balance sheet as of "
    "(In thousands) | December 31, 2022 |\n"
    """|---|---|
| Property and equipment, net | 30,000 |
| Total assets | 36,000 |"""
)


def _evidence(*extra: Passage) -> list[Evidence]:
    return searched(
        passage("bl#3", INCOME, page=56, rank=1),
        passage("bl#5", ASSETS, page=55, rank=2, columns=HEAD),
        *extra,
    )


def test_a_bare_total_that_is_the_balance_sheets_largest_figure_is_total_assets() -> None:
    figure = said("What was the return on average total assets in FY2023?", _evidence())
    assert figure == pytest.approx(80_000 / 1_900_000 * 100, abs=0.01)


def test_a_notes_named_total_of_a_part_is_not_the_balance_sheets() -> None:
    note = passage("bl#90", NOTE, page=90, rank=3)
    figure = said("What was the return on average total assets in FY2023?", _evidence(note))
    assert figure == pytest.approx(80_000 / 1_900_000 * 100, abs=0.01)


def test_a_table_in_the_accompanying_balance_sheet_is_no_title_of_one() -> None:
    note = passage("bl#90", NOTE, page=90, rank=1)
    (g,) = grids(searched(note))
    assert not titled(g, "balance")
