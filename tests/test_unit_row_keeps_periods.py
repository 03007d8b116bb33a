"""A row printed part-way down a table that names its unit or a group but no period
("Capital expenditures: | (In thousands)" under "2031 | 2030 | 2029") puts no new column
header in force without the periods: each chunk cut from the rows under it still says
which year each figure is. A row naming periods of its own replaces the header as before."""

from __future__ import annotations

from pipeline.chunking.tables import table_pieces
from pipeline.models import Block, Table
from pipeline.parse.table_heads import headers_in_force

YEARS = ["", "2031", "2030", "2029"]


def _table(second: list[str]) -> Table:
    rows = [YEARS, ["Capital expenditures:", "", "(In thousands)", ""]]
    rows += [[f"Segment {n}", f"{n},101", f"{n},202", f"{n},303"] for n in range(1, 30)]
    rows += [second, ["Region one", "7,001", "7,002", "7,003"]]
    return Table(rows=rows, header_rows=1)


def test_a_unit_row_keeps_the_years_over_its_rows() -> None:
    table = _table(["Long-lived assets:", "", "(In thousands)", ""])
    heads = headers_in_force(table, 1)
    assert heads[5] == [0, 1] and heads[-1] == [0, 31]
    block = Block(kind="table", text="", page=1, table=table)
    pieces = table_pieces(block, 120)
    assert len(pieces) > 2
    for piece in pieces:
        head = piece.text.split("\n", 1)[0]
        assert "2031" in head and "2029" in head, head


def test_a_row_of_new_periods_replaces_the_header() -> None:
    table = _table(["Balances:", "December 31, 2040", "December 31, 2039", ""])
    assert headers_in_force(table, 1)[-1] == [31]


def test_a_wide_header_leaves_room_for_rows() -> None:
    head = [""] + [f"SALES vs. PRIOR PERIOD ($MM) FOURTH QUARTER % Change {y}" for y in (9, 8)] * 4
    rows = [head] + [[f"Line {n}", *[f"{n},0{k}1" for k in range(8)]] for n in range(1, 13)]
    block = Block(kind="table", text="", page=1, table=Table(rows=rows, header_rows=1))
    pieces = table_pieces(block, 200)  # the header alone is ~180
    assert all(p.text.count("\n| Line ") >= 2 for p in pieces[:-1]), [p.text for p in pieces]
