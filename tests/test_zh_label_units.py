"""A Chinese row label's own unit ("营业收入（元）") is said once, with the figure, never
left in the sentence's subject. Every document here is invented."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.zh_said import label_unit
from agent.support import check

TABLE = """| 主要会计数据 | 2041年 | 2040年 | 本年比上年增减 |
|---|---|---|---|
| 营业收入（元） | 1,234,567,890.12 | 1,100,000,000.00 | 12.23% |
| 基本每股收益（元/股） | 0.52 | 0.43 | 20.93% |"""


def _ask(question: str) -> str:
    p = Passage(chunk_id="ql#3", doc_id="ql", page=5, page_end=5, text=TABLE, rank=1)
    a = figure_answer(question, [Evidence(tool="search_document", query="q", passages=[p])], "zh")
    assert a is not None and a.lines, (question, a)
    return a.lines[0]


def test_a_label_s_unit_is_taken_off_the_label() -> None:
    assert label_unit("营业收入（元）") == ("营业收入", "元")
    assert label_unit("基本每股收益（元/股）") == ("基本每股收益", "元")  # 每股 says the rest
    assert label_unit("人均产值（元/人）") == ("人均产值", "元/人")
    assert label_unit("研发人员数量（人）") == ("研发人员数量", "人")
    assert label_unit("加权平均净资产收益率（%）") == ("加权平均净资产收益率", "%")
    assert label_unit("营业收入") == ("营业收入", "")
    assert label_unit("青岚（北京）") == ("青岚（北京）", "")  # a place, no unit


def test_the_sentence_says_the_unit_once_with_the_figure() -> None:
    line = _ask("2041年营业收入是多少？")
    assert "营业收入为12.35亿元（1,234,567,890.12元）" in line, line
    assert "（元）为" not in line and "元元" not in line, line
    line = _ask("2041年基本每股收益是多少？")
    assert "基本每股收益为0.52元，较2040年的0.43元增长20.93%" in line, line
    assert check(line.split(" [", 1)[0], TABLE).supported, line
