"""A long table cut into chunks keeps each row with the heading of its group: a product
release lists each product as a label alone over its "US | Intl | WW" rows, under a wide
header repeated over every chunk. A chunk opening inside a product's rows repeats the
product's heading, no chunk ends on a heading whose rows are in the next one, and a
header whose every column opens with the same words says them once
(pipeline/chunking/tables.py). Invented tables."""

from __future__ import annotations

from pipeline.chunking.tables import table_pieces
from pipeline.models import Block, Table

SHARED = "SALES BY PRODUCT vs. PRIOR PERIOD ($MM)"
PERIODS = ["THIRD QUARTER 2031", "THIRD QUARTER 2030", "NINE MONTHS 2031", "NINE MONTHS 2030"]
PRODUCTS = ["ALDERWICK", "BRAMBLEFORD / brambol", "CORVANTIS", "DUNMERE", "ESKARON", "FELLGATE"]
PLACES = ["US", "Intl", "WW"]


def _block() -> Block:
    rows = [["", *[f"{SHARED} {p}" for p in PERIODS]]]
    for n, name in enumerate(PRODUCTS, start=1):
        rows.append([name, "", "", "", ""])
        rows += [[w, *[f"{n}{k},{j}01" for j in range(4)]] for k, w in enumerate(PLACES)]
    rows += [["Total", "91,001", "92,001", "93,001", "94,001"]]
    return Block(kind="table", text="", page=1, table=Table(rows=rows, header_rows=1))


def _bodies(size: int) -> list[list[str]]:
    """Each chunk's row labels, header and rule left out."""
    pieces = table_pieces(_block(), size)
    assert len(pieces) > 3, "the table must be cut for the test to say anything"
    return [[line.split("|")[1].strip() for line in p.text.split("\n")[2:]] for p in pieces]


def test_every_row_of_a_product_is_under_its_heading_in_its_chunk() -> None:
    for size in range(90, 200, 7):  # wherever the size cuts the table
        for labels in _bodies(size):
            heading = None
            for label in labels:
                if label in PRODUCTS:
                    heading = label
                elif label in PLACES:
                    assert heading is not None, (size, labels)


def test_no_chunk_ends_on_a_heading_whose_rows_go_on() -> None:
    for size in range(90, 200, 7):
        bodies = _bodies(size)
        for labels in bodies[:-1]:
            assert labels[-1] not in PRODUCTS, (size, labels)


def test_the_words_every_column_opens_with_are_said_once() -> None:
    for piece in table_pieces(_block(), 120):
        head = piece.text.split("\n", 1)[0]
        assert head.count(SHARED) == 1, head
        assert all(p in head for p in PERIODS), head


def test_a_heading_closed_by_its_own_total_is_not_carried() -> None:
    """'Segment profit ("Adjusted EBIT")' over the segments, closed by "Adjusted EBIT";
    the reconciling rows after it are not the heading's, whichever chunk they open."""
    heading = 'Segment earnings before interest and taxes ("Adjusted EBIT")'
    rows = [["", "2031", "2030"], [heading, "", ""]]
    rows += [[f"Segment {n}", f"{n}01", f"{n}02"] for n in range(1, 4)]
    rows += [["Adjusted EBIT", "601", "602"]]
    rows += [[f"Less: charge number {n}", f"({n}1)", f"({n}2)"] for n in range(1, 12)]
    block = Block(kind="table", text="", page=1, table=Table(rows=rows, header_rows=1))
    for size in range(40, 120, 9):
        for piece in table_pieces(block, size):
            body = piece.text.split("\n")[2:]
            under = [b for i, b in enumerate(body[1:], 1) if body[i - 1].startswith(f"| {heading}")]
            assert not any(b.startswith("| Less:") for b in under), (size, piece.text)
