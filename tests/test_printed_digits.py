"""A printed figure is never said with fewer digits than its table prints: a per-share
−0.0053 stays −0.0053 (never −0.01), in Chinese and English answers alike; a large sum
said in 亿元 may round, with the printed figure beside it. Invented tables only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.numerals import number, zh_amount
from agent.figures.zh_said import zh_value

ZH = """| 项目 | 本报告期 | 上年同期 |
|---|---|---|
| 营业收入（元） | 1,250,000.00 | 1,100,000.00 |
| 归属于上市公司股东的净利润（元） | -3,210,000.00 | -9,870,000.00 |
| 基本每股收益（元/股） | -0.0047 | -0.0163 |
| 稀释每股收益（元/股） | -0.0047 | -0.0163 |"""

EN = """| Quillmere Inc. Statements of Operations | Year Ended December 31, 2031 \
| Year Ended December 31, 2030 |
|---|---|---|
| Net sales | 2,410 | 2,280 |
| Net loss | (12) | (41) |
| Basic earnings (loss) per share | (0.0047) | (0.0163) |
| Diluted earnings (loss) per share | (0.0047) | (0.0163) |"""


def _evidence(text: str, doc: str) -> list[Evidence]:
    p = Passage(chunk_id=f"{doc}#1", doc_id=doc, page=1, page_end=1, text=text, rank=1)
    return [Evidence(tool="search_document", query="q", passages=[p])]


def test_number_keeps_every_printed_decimal() -> None:
    assert number(-0.0047) == "−0.0047"
    assert number(1.2345) == "1.2345"
    assert number(0.1 + 0.2) == "0.3"  # the binary noise of a sum is no digit
    assert number(2.5) == "2.5" and number(1234567.0) == "1,234,567"


def test_a_chinese_per_share_figure_is_said_as_printed() -> None:
    assert zh_value(-0.0047, "", "", "-0.0047") == "−0.0047"
    a = figure_answer("本报告期基本每股收益是多少？", _evidence(ZH, "zq"), "zh")
    assert a is not None and a.lines, a
    said = " ".join(a.lines)
    assert "−0.0047" in said and "−0.0163" in said, said


def test_an_english_per_share_figure_is_said_as_printed() -> None:
    a = figure_answer(
        "What was Quillmere's basic earnings per share in 2031?", _evidence(EN, "qm"), "en"
    )
    assert a is not None and a.lines, a
    said = " ".join(a.lines)
    assert "0.0047" in said and "0.0163" in said, said


def test_a_large_sum_may_round_in_yi_with_the_printed_figure_beside() -> None:
    said = zh_amount(123_456_789.12, "元")
    assert said.startswith("1.23亿元") and "123,456,789.12元" in said, said
