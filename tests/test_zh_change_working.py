"""The working of a change over a negative prior figure evaluates to the result it states,
so the reflection keeps it (a loss narrowing is a rise)."""

from __future__ import annotations

from agent.arith import checked_results
from agent.figures.formula import Cell
from agent.figures.render import change_line
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
