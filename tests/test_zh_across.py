"""A Chinese report asked in English: the question's line items are searched by their
Chinese names too (its tables share no word with the question), and a Chinese table's
unit and printed nils are read as printed."""

from __future__ import annotations

from pathlib import Path

from agent.evidence import Passage
from agent.figures.tables import read_grids
from pipeline.service import Folio
from pipeline.text.expand import across_languages
from testkit.agentdocs import ingest_text


def test_an_items_english_name_brings_its_chinese_names_and_back() -> None:
    said = across_languages("What was the net cash flow from operating activities in Q1?")
    assert said == "经营活动产生的现金流量净额"
    # the longest wording names the item: the parent's profit, not the group's
    parent = across_languages("What was net profit attributable to owners of the parent?")
    assert "归属于母公司所有者的净利润" in parent.split() and "净利润" not in parent.split()
    assert "total assets" in across_languages("期末资产总计是多少？")
    assert across_languages("Who signed the lease?") == ""


def test_an_english_question_finds_the_chinese_row(folio: Folio, tmp_path: Path) -> None:
    doc = ingest_text(
        folio,
        tmp_path,
        "季报.md",
        "# 主要会计数据\n\n| 项目 | 本报告期 | 上年同期 |\n|---|---|---|\n"
        "| 营业收入（元） | 8,642,000.00 | 9,215,000.00 |\n"
        "| 经营活动产生的现金流量净额（元） | -1,250,000.00 | 6,480,000.00 |\n\n"
        "# 重要事项\n\n报告期内公司完成了董事会换届，新任董事均已就职。\n",
    )
    (top,) = folio.keyword_search("net cash flow from operating activities", [doc], k=1)
    assert "经营活动产生的现金流量净额" in top.text


def _grid(text: str) -> list:
    p = Passage(chunk_id="d#1", doc_id="d", page=1, page_end=1, text=text)
    return read_grids(p)


def test_a_unit_after_the_currency_and_a_printed_nil_are_read() -> None:
    (g,) = _grid(
        "| 利润表项目 (单位：人民币元) 项目 | 2024 年1-3 月 | 2023 年1-3 月 | 增减% |\n"
        "|---|---|---|---|\n"
        "| 管理费用 | 7,764,789.98 | 15,753,158.14 | -50.71% |\n"
        "| 营业外收入 | 3,340,324.88 | - | 100% |\n"
    )
    fees, income = g.rows
    assert g.unit(fees) == "元"
    # the dash is the prior year's nil, never the change column's 100% read as its figure
    assert income.values[:2] == (3340324.88, None)
