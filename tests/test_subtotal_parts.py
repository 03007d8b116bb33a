"""A total broken down by subtotal rows ("Total current", "Total deferred", each closing
its own group) gives the subtotal the question's qualifier asks (invented table)."""

from __future__ import annotations

from agent.evidence import Passage
from agent.figures.row_context import asked_part_row
from agent.figures.tables import read_grids

_TAX = """| | 2033 | 2032 |
|---|---|---|
| Current: | | |
| Federal | 120 | 150 |
| State | 30 | 35 |
| Total current | 150 | 185 |
| Deferred: | | |
| Federal | 14 | (5) |
| State | 6 | 2 |
| Total deferred | 20 | (3) |
| Income tax expense | 170 | 182 |"""


def _total():
    p = Passage(chunk_id="ok#2", doc_id="ok", page=5, page_end=5, text=_TAX, rank=1)
    [g] = read_grids(p)
    return g, next(r for r in g.rows if r.label == "Income tax expense")


def test_the_subtotal_a_qualifier_asks_is_the_part_read() -> None:
    g, total = _total()
    found = asked_part_row("What was Orkney's total current income tax expense in 2033?", g, total)
    assert found is not None and found[1].values[0] == 150
    deferred = asked_part_row("What deferred income tax expense did Orkney book in 2033?", g, total)
    assert deferred is not None and deferred[1].values[0] == 20


def test_no_qualifier_asked_keeps_the_total() -> None:
    g, total = _total()
    assert asked_part_row("What was Orkney's income tax expense in 2033?", g, total) is None
