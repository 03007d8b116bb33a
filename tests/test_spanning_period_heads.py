"""A note printing one grid twice, for the quarter and then for the half year, each under
a spanning period line ("Three Months Ended March 31," / "Six Months Ended March 31,"),
years over groups of columns and a row of column names: every chunk of its rows says
which period and which year each column is (pipeline/parse/table_heads.py,
pipeline/chunking/tables.py). Invented tables, read as a ruled grid leaves them: a
spanning line given to every column in the table's own header, but to one column only
when printed part-way down."""

from __future__ import annotations

from pipeline.chunking.tables import table_pieces
from pipeline.models import Block, Table

NAMES = ["(in millions)", "Boats", "Sails", "Total", "Boats", "Sails", "Total"]
REGIONS = ["Coast", "Inland", "Islands"]


def _grid(n: int) -> list[list[str]]:
    return [
        [r, f"{n}1{k}", f"{n}2{k}", f"{n}3{k}", f"{n}4{k}", f"{n}5{k}", f"{n}6{k}"]
        for k, r in enumerate(REGIONS)
    ]


def _table() -> Table:
    quarter = "Three Months Ended March 31,"
    rows = [
        ["", *[quarter] * 6],
        ["", "2031", "2031", "2031", "2030", "2030", "2030"],
        NAMES,
        *_grid(1),
        ["", "", "", "", "Six Months Ended March 31,", "", ""],
        ["", "", "2031", "", "", "2030", ""],
        NAMES,
        *_grid(2),
    ]
    return Table(rows=rows, header_rows=2)


def _heads() -> dict[str, list[str]]:
    """Each region row's figure of the first column → its chunk's column headers."""
    block = Block(kind="table", text="", page=1, table=_table())
    out: dict[str, list[str]] = {}
    for piece in table_pieces(block, 400):
        lines = piece.text.split("\n")
        head = [c.strip() for c in lines[0].strip("|").split("|")]
        for line in lines[2:]:
            cells = [c.strip() for c in line.strip("|").split("|")]
            if cells[0] in REGIONS:
                out[cells[1]] = head
    return out


def test_the_quarters_rows_keep_the_spanning_period_over_the_names_row() -> None:
    head = _heads()["110"]
    assert all(h.startswith("Three Months Ended") for h in head[1:]), head
    assert "2031" in head[1] and "2030" in head[4], head
    assert head[3].endswith("Total") and head[1].endswith("Boats"), head


def test_the_half_years_rows_carry_their_spanning_period_over_every_column() -> None:
    head = _heads()["210"]
    assert all(h.startswith("Six Months Ended") for h in head[1:]), head
    assert all("2031" in h for h in head[1:4]) and all("2030" in h for h in head[4:]), head
    assert not any("Three Months" in h for h in head), head


def test_a_header_of_five_rows_with_its_years_printed_part_way_down_replaces_the_first() -> None:
    """A restatement note's second grid: "Year Ended …", the years, then three lines of
    column names. Years are header words, so the run is five rows long: still a header."""
    first = ["(in millions) Statement of Income:", "2031 Before", "2031 Change", "2031 After"]
    rows = [first, *([f"Line {n}", f"{n},001", f"{n},002", f"{n},003"] for n in range(1, 6))]
    rows += [
        ["", "", "Year Ended March 31,", ""],
        ["", "", "2031", ""],
        ["", "Previous", "", ""],
        ["", "Accounting", "Impact of", ""],
        ["(in millions)", "Principle", "Change", "As Restated"],
    ]
    rows += [[f"Item {n}", f"{n},101", f"{n},102", f"{n},103"] for n in range(1, 6)]
    block = Block(kind="table", text="", page=1, table=Table(rows=rows, header_rows=1))
    for piece in table_pieces(block, 400):
        head, body = piece.text.split("\n", 1)
        if "| Item 1 |" in body:
            assert "As Restated" in head and "After" not in head, piece.text
            assert "Previous" not in body, piece.text
