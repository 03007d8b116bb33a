"""Questions a Chinese analyst asks of a quarterly report with tables, on the invented
江南精工 2025年第三季度报告 (``testkit/zh_reports.py``): the figure said as printed, from the
right row, column and table."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.service import ChatService
from pipeline.service import Folio
from testkit.answer_checks import asked_lead
from testkit.zh_reports import quarterly_report_pdf


@pytest.fixture
def report(folio: Folio, tmp_path: Path) -> str:
    [res] = folio.ingest([quarterly_report_pdf(tmp_path / "jiangnan.pdf")], wait=True)
    assert res.doc_id, res.error
    return res.doc_id


def test_a_per_share_figure_keeps_the_decimals_its_table_prints(
    chat: ChatService, report: str
) -> None:
    lead = asked_lead(chat, "本季度基本每股收益是多少？", report)
    assert "0.1234" in lead, lead
    # a sum in 元 keeps its printed cents beside the 亿元 reading
    cash = asked_lead(chat, "期末货币资金是多少？", report)
    assert "15.20亿元（1,520,000,000.00元）" in cash, cash


def test_the_quarter_and_the_year_to_date_are_read_from_their_own_columns(
    chat: ChatService, report: str
) -> None:
    # a third-quarter report: 本报告期 is the quarter, 年初至报告期末 the nine months
    assert "34.57亿元" in asked_lead(chat, "前三季度营业收入是多少？", report)
    assert "34.57亿元" in asked_lead(chat, "年初至报告期末营业收入是多少？", report)
    quarter = asked_lead(chat, "2025年第三季度营业收入是多少？", report)
    assert "12.35亿元" in quarter and "34.57亿元" not in quarter, quarter


def test_recurring_and_parent_net_profit_are_rows_of_their_own(
    chat: ChatService, report: str
) -> None:
    # 扣非: the row net of non-recurring items, never the net profit above it
    recurring = asked_lead(chat, "本报告期扣非净利润是多少？", report)
    assert "9,012.35万元" in recurring and "9,876.54万元" not in recurring, recurring
    # 归属于上市公司股东 is the statement's 归属于母公司所有者, not the group's 净利润
    parent = asked_lead(chat, "年初至今归属于上市公司股东的净利润是多少？", report)
    assert "2.88亿元" in parent and "2.9亿元" not in parent, parent


def test_a_row_both_statements_print_is_the_groups_unless_the_parent_is_asked(
    chat: ChatService, report: str
) -> None:
    group = asked_lead(
        chat, "管理费用是多少？", report
    )  # 合并利润表 210,400,000; 母公司 12,500,000
    assert "210,400,000.00" in group and "12,500,000.00" not in group, group
    parent = asked_lead(chat, "母公司的管理费用是多少？", report)
    assert "12,500,000.00" in parent and "210,400,000.00" not in parent, parent


def test_a_quarters_change_is_never_worked_against_nine_months(
    chat: ChatService, report: str
) -> None:
    # the quarter's 本报告期 has no prior column of its length in the statements (their
    # 上期发生额 is nine months): the quarter's printed change (-5.30%) or the nine
    # months' (3.1%) answers, never the quarter over the nine months before (−64.6%)
    lead = asked_lead(chat, "归母净利润同比增减幅度是多少？", report)
    assert ("-5.30%" in lead or "= 3.10%" in lead) and "64.6" not in lead, lead


def test_how_much_a_sum_grew_is_said_as_an_amount_and_a_rate_as_a_rate(
    chat: ChatService, report: str
) -> None:
    amount = asked_lead(chat, "货币资金比年初增加了多少？", report)
    assert "= 140,000,000元（1.40亿元）" in amount and "10.1" in amount, amount
    fell = asked_lead(chat, "存货比期初减少了多少？", report)
    assert "−15,000,000元（−1,500万元）" in fell, fell
    rate = asked_lead(chat, "货币资金比年初增长率是多少？", report)
    assert "10.1" in rate and "增减额" not in rate, rate


def test_a_quarter_or_year_the_report_does_not_cover_is_refused(
    chat: ChatService, report: str
) -> None:
    # the 2025 third quarter's report (2024 beside it): not its first quarter, not 2023
    for q in ("2025年第一季度的营业收入是多少？", "2023年营业收入是多少？"):
        a = chat.ask(q, [report]).answer
        assert a.refused and not a.citations, (q, a.answer)
    covered = chat.ask("2025年第三季度营业收入是多少？", [report]).answer
    assert not covered.refused and "12.35亿元" in covered.answer, covered.answer


def test_a_statement_row_with_its_sign_note_is_its_item(chat: ChatService, report: str) -> None:
    # "二、营业利润（亏损以“－”号填列）" is the operating profit, read from the statement
    # titled 利润表（年初至报告期末）, whose label column's header is no period of its own
    assert "3.30亿元（330,120,000.00元）" in asked_lead(chat, "营业利润是多少？", report)
    assert "2.90亿元（290,110,000.00元）" in asked_lead(chat, "净利润是多少？", report)
