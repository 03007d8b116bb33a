"""A change's working: over a negative prior figure it evaluates to the result it states,
so the reflection keeps it (a loss narrowing is a rise); with no length asked, the prior
figure is read at the current one's length (a quarter, never nine months)."""

from __future__ import annotations

import pytest

from agent.arith import checked_results
from agent.evidence import Passage
from agent.figures.formula import Cell, MissingFigure
from agent.figures.grid import Column, Grid, Row
from agent.figures.lengths import at_length_of
from agent.figures.lookup import Finder
from agent.figures.render import change_line
from agent.figures.working import Turn
from agent.support import check


def _cell(value: float, raw: str, period: str) -> Cell:
    return Cell(
        "net_income_parent", "归属于母公司所有者的净利润", value, raw, None, period, "d#1", 5, "元"
    )


def test_a_loss_narrowing_is_worked_over_the_prior_figures_size() -> None:
    before = _cell(-9_100_000.0, "-9,100,000.00", "上期发生额")
    now = _cell(-8_400_000.0, "-8,400,000.00", "本期发生额")
    line = change_line(before, now, 2, "zh")
    assert "= 7.69%" in line and checked_results(line) == ["7.69"], line
    cited = "| 归属于母公司所有者的净利润 | -8,400,000.00 | -9,100,000.00 |"
    assert check(line, cited).supported, line


def _grid(chunk: str, columns: list[tuple[str, int | None, int | None]], values: tuple) -> Grid:
    p = Passage(chunk_id=chunk, doc_id="d", page=2, page_end=2, text="| 营业收入 |")
    row = Row("营业收入", values, tuple(str(v) for v in values), 0, 10)
    return Grid(p, [Column(t, y, m) for t, y, m in columns], [row], scale="元")


def test_a_change_with_no_length_asked_reads_the_prior_figure_at_the_current_ones_length() -> None:
    # key figures: the quarter (3 months) and the year to date (9); the statement: nine
    # months this year and last. The quarter's prior figure is in neither.
    key = _grid("d#1", [("本报告期", 2025, 3), ("年初至报告期末", 2025, 9)], (120.0, 340.0))
    statement = _grid("d#2", [("本期发生额", 2025, 9), ("上期发生额", 2024, 9)], (340.0, 310.0))
    turn = Turn(Finder([key, statement]), "营业收入同比增长多少？", "zh")
    quarter = Finder([key])("revenue", 2025)  # the key figures' first column of its year
    assert quarter.value == 120.0
    held = at_length_of(turn, [quarter])
    assert held.finder.months == 3
    with pytest.raises(MissingFigure):  # no quarter of 2024: not the nine months' 310
        held.finder("revenue", 2024)
    assert turn.finder("revenue", 2024).value == 310.0  # what the change read before


def test_a_negative_figure_taken_away_is_written_in_parentheses() -> None:
    # "a − −b" reads as a typo: the negative prior figure is bracketed, and the working
    # still evaluates to the result it states
    before = _cell(-12_345_678.9, "-12,345,678.90", "上期发生额")
    now = _cell(-2_345_678.9, "-2,345,678.90", "本期发生额")
    line = change_line(before, now, 2, "zh")
    assert "− −" not in line and "− (−12,345,678.9)" in line, line
    assert checked_results(line) == ["81.00"], line
