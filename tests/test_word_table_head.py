"""A ruled table of words (no figure in any row: a release's list of announcements, a
cover page's securities) keeps its rows apart: at most its first row heads it, and only
when its cells are a few words each. Before, every figure-less row counted as header and
the whole list was run together into one line. Invented texts."""

from __future__ import annotations

from pipeline.models import Table
from pipeline.parse.table_structure import annotate, header_rows

ENTRIES = [
    ["Regulatory", "Velmor Receives Approval of ZANTRIX for Adults With Chronic Gout", "", "Note"],
    ["", "Velmor Submits Application Seeking Approval of ORVAN for Severe Asthma", "", "Note"],
    ["Data Release", "New ZANTRIX Data Show Lasting Response in a Phase 3 Study", "", "Note"],
]


def test_a_list_of_entries_has_no_header() -> None:
    assert header_rows(ENTRIES) == 0
    table = Table(rows=[list(r) for r in ENTRIES], header_rows=1)
    annotate(table, indents=[None] * len(ENTRIES), above=[])
    body = table.to_markdown().splitlines()[2:]
    # each entry on a line of its own, not one line holding them all
    assert len(body) == len(ENTRIES)
    assert all(sum(t in line for t in ("ZANTRIX for", "ORVAN", "Lasting")) == 1 for line in body)


def test_short_column_heads_over_entries_head_the_table() -> None:
    rows = [
        ["Title of each class", "Trading symbol", "Exchange on which registered"],
        ["Common stock", "VLM", "Harbor Stock Market"],
        ["Notes due 2031", "VLM31", "Harbor Stock Market"],
    ]
    assert header_rows(rows) == 1


def test_a_table_of_figures_keeps_its_header_rows() -> None:
    rows = [["", "Three months", "Six months"], ["", "2039", "2039"], ["Sales", "1,200", "2,310"]]
    assert header_rows(rows) == 2
