"""Figures of a Chinese report read as its reader would: a row's unit in brackets, list
numbers and lead-ins ("一、", "其中：", "减：") never part of its name, the periods its cover
dates, a change between undated periods worked from the row's two cells, a non-current
total never read as a current one. Synthetic tables only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.items import shown_label
from agent.support import check
from tests.fixture_types import SearchEvidence

ZH_KEY_FIGURES = """| 项目 | 本报告期 | 上年同期 | 本报告期比上年同期增减 |
|---|---|---|---|
| 营业收入（元） | 1,234,567.89 | 1,000,000.00 | 23.46% |
| 归属于上市公司股东的净利润（元） | 98,765.43 | 87,654.32 | 12.68% |
| 基本每股收益（元/股） | 0.0123 | 0.0109 | 12.84% |"""


def test_a_chinese_rows_unit_in_brackets_is_not_part_of_its_name(
    search_evidence: SearchEvidence,
) -> None:
    a = figure_answer("本报告期的营业收入是多少？", search_evidence(ZH_KEY_FIGURES), "zh")
    assert a is not None and a.lines, a
    text = " ".join(a.lines)
    assert "1,234,567.89" in text and "没有提到" not in text, text
    a = figure_answer("归属于上市公司股东的净利润是多少？", search_evidence(ZH_KEY_FIGURES), "zh")
    assert a is not None and "98,765.43" in " ".join(a.lines), a


def test_a_cover_dates_the_current_and_prior_period_columns(
    search_evidence: SearchEvidence,
) -> None:
    cover = Passage(
        chunk_id="zh#0",
        doc_id="zh",
        page=1,
        page_end=1,
        text="某某科技股份有限公司\n2020 年第一季度报告",
        rank=2,
    )
    table = Passage(chunk_id="zh#3", doc_id="zh", page=3, page_end=3, text=ZH_KEY_FIGURES, rank=1)
    ev = [Evidence(tool="search_document", query="q", passages=[table, cover])]
    now = figure_answer("2020年第一季度营业收入是多少？", ev, "zh")
    before = figure_answer("2019年第一季度营业收入是多少？", ev, "zh")
    assert now is not None and "1,234,567.89" in now.lines[0], now
    assert before is not None and "1,000,000" in before.lines[0], before
    # The column prints no year: the sentence names the period as printed, which the
    # cited table supports (the year only chose the column).
    assert before.lines[0].startswith("上年同期") and "2019" not in before.lines[0]
    assert check(before.lines[0].split("[")[0], ZH_KEY_FIGURES).supported
    # Without a cover in the turn, a named year finds no undated column.
    alone = figure_answer("2019年营业收入是多少？", search_evidence(ZH_KEY_FIGURES), "zh")
    # no undated column is read as 2019: the answer says the figure is missing
    assert alone is not None and not alone.lines and alone.missing, alone


def test_a_change_and_a_verdict_dated_by_the_cover_say_their_periods_as_printed() -> None:
    text = "某某科技股份有限公司\n2020 年第一季度报告"
    cover = Passage(chunk_id="zh#0", doc_id="zh", page=1, page_end=1, text=text, rank=2)
    table = Passage(chunk_id="zh#3", doc_id="zh", page=3, page_end=3, text=ZH_KEY_FIGURES, rank=1)
    ev = [Evidence(tool="search_document", query="q", passages=[table, cover])]
    a = figure_answer("营业收入同比增长多少？", ev, "zh")
    assert a is not None and a.lines, a
    change = a.lines[-1]
    # the years chose the columns; the line names the periods the cited table prints
    assert "（上年同期→本报告期）" in change and "2019" not in change, change
    assert check(change.split("[")[0], ZH_KEY_FIGURES).supported, change
    a = figure_answer("公司是高增长企业吗？", ev, "zh")
    # the label without its unit ("营业收入（元）"): a growth is a percentage of it
    assert a is not None and a.lines[0].startswith("是：营业收入（上年同期→本报告期）变化"), a
    assert check(a.lines[0].split("[")[0], ZH_KEY_FIGURES).supported, a.lines[0]


def test_a_figure_right_after_chinese_text_is_read_whole() -> None:
    support = check("本报告期营业收入（元）为4,755,785.11", "| 营业收入（元） | 4,755,785.11 |")
    assert support.supported and not support.missing_numbers, support


ZH_INCOME = """| 合并利润表 (单位：元) 项目 | 本期发生额 | 上期发生额 |
|---|---|---|
| 一、营业总收入 | 2,468,000.50 | 2,100,000.00 |
| 其中：营业收入 | 2,468,000.50 | 2,100,000.00 |
| 二、营业总成本 | 1,900,000.00 | 1,700,000.00 |
| 减：营业成本 | 1,500,000.00 | 1,350,000.00 |"""


def test_a_rows_list_number_and_lead_in_are_not_said_in_the_answer(
    search_evidence: SearchEvidence,
) -> None:
    assert shown_label("一、营业总收入") == "营业总收入"
    assert shown_label("（二）营业外收入") == "营业外收入"
    assert shown_label("其中：营业收入") == "营业收入"
    assert shown_label("Less: Cost of sales") == "Cost of sales"
    assert shown_label("3.5% Notes due 2025") == "3.5% Notes due 2025"  # not a list number
    assert shown_label("2. Revenue") == "Revenue"
    a = figure_answer("本期营业总收入是多少？", search_evidence(ZH_INCOME), "zh")
    assert a is not None and a.lines, a
    line = a.lines[0]
    assert "营业总收入为246.80万元（2,468,000.50元）" in line and "一、" not in line, line
    assert check(line.split("[")[0], ZH_INCOME).supported
    # Follow-ups name the rows beside it without their numbers, and never the same item
    # again under another row (其中：营业收入 is the revenue just given).
    assert a.follow and all("、" not in q and "：" not in q for q in a.follow), a
    assert not any(q.endswith("营业收入是多少？") for q in a.follow), a.follow


ZH_DECLINE = ZH_INCOME.replace("2,100,000.00", "2,900,000.00")


def test_a_change_between_undated_periods_is_worked_from_the_rows_two_cells(
    search_evidence: SearchEvidence,
) -> None:
    """本期 beside 上期 with no report year in the turn: the change asked is still the
    row's two cells (a decline here), checked like any working."""
    a = figure_answer("营业总收入同比增长多少？", search_evidence(ZH_DECLINE), "zh")
    assert a is not None and len(a.lines) == 4, a  # the two cells, the amount, the rate
    assert check(a.lines[2].split("[")[0], ZH_DECLINE).supported  # 增减额 −431,999.5元
    line = a.lines[3]
    # (2,468,000.5 − 2,900,000) ÷ 2,900,000 = −14.90%
    assert "（上期发生额→本期发生额）" in line and "= −14.90%" in line, line
    assert check(line.split("[")[0], ZH_DECLINE).supported
    level = figure_answer("本期营业总收入是多少？", search_evidence(ZH_DECLINE), "zh")
    assert level is not None and len(level.lines) == 1, level  # no change asked, none given


def test_a_row_under_a_lead_in_is_its_line_item(search_evidence: SearchEvidence) -> None:
    """ "减：营业成本", "其中：营业收入", "Less: Cost of sales" name the item after the lead-in."""
    a = figure_answer("营业成本同比增长多少？", search_evidence(ZH_INCOME), "zh")
    assert a is not None and len(a.lines) == 4, a  # the two cells, the amount, the rate
    # (1,500,000 − 1,350,000) ÷ 1,350,000 = 11.11%
    assert "营业成本" in a.lines[3] and "= 11.11%" in a.lines[3], a.lines
    assert check(a.lines[3].split("[")[0], ZH_INCOME).supported


ZH_BALANCE = """| 合并资产负债表 (单位：元) 项目 | 期末余额 | 期初余额 |
|---|---|---|
| 货币资金 | 400.00 | 450.00 |
| 应收账款 | 700.00 | 650.00 |
| 非流动负债合计 | 1,000.00 | 1,100.00 |"""


def test_a_non_current_total_is_no_current_total(search_evidence: SearchEvidence) -> None:
    # 非 negates the name: the current liabilities are not in this chunk, so the ratio
    # is not computed from the non-current ones
    a = figure_answer("公司的速动比率是多少？", search_evidence(ZH_BALANCE), "zh")
    # no ratio worked from the non-current total: the current total is named as missing
    assert a is not None and not a.lines and any("流动负债合计" in m for m in a.missing), a
