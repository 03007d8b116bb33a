"""A row of a Chinese table with a text column beside its sum (项目 | 金额 | 说明) is said
with the sum at a reader's scale and the printed figure beside it (``writing._row_sentence``
through ``en_said.scaled_cell``); the cell of prose is never taken for a figure. Invented
figures."""

from __future__ import annotations

from agent.figures.en_said import scaled_cell


def test_a_sum_in_yuan_is_said_at_scale_and_text_is_left() -> None:
    assert scaled_cell("2,615,400.00", "元", "zh") == "261.54万元（2,615,400.00元）"
    assert scaled_cell("2,615,400.00", "元", "en") == "RMB 2.62 million (2,615,400.00 yuan)"
    for not_a_sum in ("收到科技项目补助资金", "12.5%", "2031"):
        assert scaled_cell(not_a_sum, "元", "zh") == ""
    assert scaled_cell("2,615,400.00", "millions", "zh") == ""  # no yuan table
