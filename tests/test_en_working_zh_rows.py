"""A metric worked for an English question from a Chinese report's rows names each
operand in English with its label quoted, and its period as the column names it, never
a fiscal year the cited rows do not print. Invented figures."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.en_said import en_working
from agent.figures.formula import Cell
from agent.models.compose import compose

BALANCE = (
    "1、合并资产负债表 单位：元\n| 项目 | 期末余额 | 期初余额 |\n|---|---|---|\n"
    "| 货币资金 | 25,000,000.00 | 27,500,000.00 |\n"
    "| 资产总计 | 200,000,000.00 | 210,000,000.00 |"
)


def test_each_chinese_operand_is_named_in_english_with_its_label_quoted() -> None:
    cash = Cell("cash", "货币资金", 25e6, "25,000,000.00", 2031, "期末余额", "zh#1", 1, "元")
    worked = en_working("货币资金 25,000,000 ÷ 资产总计 200,000,000", [cash])
    assert worked.startswith("cash and cash equivalents (“货币资金”) 25,000,000 ÷ "), worked
    assert "资产总计 200,000,000" in worked  # a cell not among those named stays as printed


def test_a_share_of_a_chinese_report_reads_in_english() -> None:
    p = Passage(chunk_id="zh#1", doc_id="zh", page=9, page_end=9, text=BALANCE, rank=1)
    question = "What share of total assets were monetary funds at the end of the period?"
    ev = Evidence(tool="search_document", query=question, passages=[p], scope_chunks=10)
    first = compose(question, [ev], "en").splitlines()[0]
    assert "(“货币资金”) 25,000,000" in first and "12.5%" in first, first
    assert "FY" not in first and "(“期末余额”)" in first, first
