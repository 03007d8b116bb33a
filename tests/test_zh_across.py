"""A Chinese report asked in English: the question's line items are searched by their
Chinese names too (its tables share no word with the question), and a Chinese table's
unit and printed nils are read as printed."""

from __future__ import annotations

from pathlib import Path

from agent.citations import parse_claims
from agent.evidence import Passage, Unit
from agent.figures.numerals import two_places
from agent.figures.report_said import en_period, zh_period
from agent.figures.row_said import row_said
from agent.figures.tables import read_grids
from agent.models.judge import Candidate
from agent.models.writing import _row_sentence
from agent.support import check
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


def _passage(text: str) -> Passage:
    return Passage(chunk_id="d#1", doc_id="d", page=1, page_end=1, text=text)


BALANCE = (
    "| 1、合并资产负债表 (单位：元) 项目 | 期末余额 | 期初余额 |\n|---|---|---|\n"
    "| 其他应收款 | 18,000,000.00 | 3,000,000.00 |\n"
    "| 存货 | 3,000,000.00 | 4,000,000.00 |\n"
    "| 归属于母公司所有者权益合计 | -120,450,000.00 | -118,000,000.00 |\n"
)
CHANGES = (
    "| 利润表项目 (单位：人民币元) 项目 | 2024 年1-3 月 | 2023 年1-3 月 | 增减% | 变动原因 |\n"
    "|---|---|---|---|---|\n"
    "| 管理费用 | 6,000,000.00 | 8,000,000.00 | -25.00% | 上期支付咨询费用 |\n"
)


def _row_span(text: str, label: str) -> tuple[int, int]:
    start = text.index(f"| {label} ")
    return start, text.index("\n", start)


def test_a_chinese_row_asked_in_english_is_said_in_english_at_a_readers_scale() -> None:
    p = _passage(BALANCE)
    line = row_said(p, _row_span(BALANCE, "其他应收款"), "What were other receivables?", "en")
    assert line is not None and line.startswith("Other receivables (“其他应收款”) were"), line
    assert "RMB 18 million (18,000,000.00 yuan) at the end of the period (“期末余额”)" in line
    assert "up 500.00% from RMB 3 million" in line and "at the start of the year" in line, line
    # a change across a loss is the report's to print: none is worked
    span = _row_span(BALANCE, "归属于母公司所有者权益合计")
    loss = row_said(p, span, "What was equity attributable to owners of the parent?", "en")
    assert loss is not None and "RMB −120.45 million" in loss and "%" not in loss, loss


def test_a_chinese_row_says_its_printed_rate_and_scale_in_chinese() -> None:
    p = _passage(CHANGES)
    line = row_said(p, _row_span(CHANGES, "管理费用"), "管理费用同比下降了多少？", "zh")
    assert line is not None
    lead = "2024年1-3月管理费用为600万元（6,000,000.00元），"
    lead += "较2023年1-3月的800万元（8,000,000.00元）下降25.00%"
    assert line.startswith(lead), line
    stock = row_said(_passage(BALANCE), _row_span(BALANCE, "存货"), "期末存货是多少？", "zh")
    assert stock is not None and "较期初的400万元（4,000,000.00元）下降25.00%" in stock, stock
    # a fall said in words is checked as the signed change it is (−25%), a rise is not
    assert check(stock, BALANCE).supported
    assert not check(stock.replace("下降", "增长"), BALANCE).supported


def test_a_sum_at_a_readers_scale_has_two_decimals_unless_exact() -> None:
    assert two_places(8642.0) == "8,642" and two_places(464.9) == "464.90"
    assert two_places(-2.0013670331) == "−2.00"
    assert zh_period("本期发生额") == "本期" and zh_period("期末余额") == "期末"
    assert en_period("上年度末") == "at the end of the prior year (“上年度末”)"
    assert en_period("2024 年1-3 月") == "(“2024年1-3月”)"


def test_a_rows_prose_cell_stays_inside_the_rows_one_cited_sentence() -> None:
    text = (
        "| (单位：元) 项目 | 年初至报告期期末金额 | 说明 |\n|---|---|---|\n"
        "| 政府补助 | 1,200,000.00 | 收到专项补贴80万元。收到稳岗补贴40万元。 |\n"
    )
    p = _passage(text)
    head, row = (text.index(x) for x in ("| (单位", "| 政府补助"))
    unit = Unit(row, text.index("\n", row), text[row : text.index("\n", row)], "row")
    header = Unit(head, text.index("\n"), text[: text.index("\n")], "row")
    said = _row_sentence(
        Candidate(p, unit, 1.0, frozenset(), 0),
        Candidate(p, header, 1.0, frozenset(), 1),
        "zh",
        "政府补助是多少？",
    )
    assert said is not None
    line = said[0]
    assert line.endswith("[d#1]。"), line
    (claim,) = [c for c in parse_claims(line) if c.text.strip("。 ")]
    assert claim.ids == ["d#1"] and "收到专项补贴80万元；收到稳岗补贴40万元" in claim.text, line
