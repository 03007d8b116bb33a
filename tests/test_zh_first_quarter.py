"""Questions of an invented Chinese first-quarter report (``testkit/zh_first_quarter.py``):
an abbreviation read as the item it shortens (营收 is 营业收入, never 营业外收入), a change
since the year's start worked between two balance columns, a period the cover does not
name refused, a negative figure taken away written in parentheses, and English questions
answered in English with the figure's unit and the Chinese row label quoted, items named in
IFRS words ("of the parent", "net cash flow from …") read as the report's rows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent.service import ChatService
from pipeline.service import Folio
from testkit.answer_checks import asked_lead
from testkit.zh_first_quarter import first_quarter_report_pdf


@pytest.fixture
def report(folio: Folio, tmp_path: Path) -> str:
    [res] = folio.ingest([first_quarter_report_pdf(tmp_path / "huadong.pdf")], wait=True)
    assert res.doc_id, res.error
    return res.doc_id


def test_an_abbreviation_is_read_as_the_item_it_shortens(chat: ChatService, report: str) -> None:
    # 营收 is 营业收入: never the longer 营业外收入, whose characters hold 营…收 too
    level = asked_lead(chat, "本季度营收是多少？", report)
    assert "8,642万元" in level and "196万元" not in level, level
    rate = asked_lead(chat, "本报告期营收同比增长率是多少？", report)
    assert "6.2" in rate and "营业外" not in rate, rate


def test_a_change_since_the_years_start_is_worked_between_the_balance_columns(
    chat: ChatService, report: str
) -> None:
    # 总资产 is the balance sheet's 资产总计: 期末余额 less 期初余额, amount and rate
    fell = asked_lead(chat, "总资产比年初减少了多少？", report)
    assert "−2,660万元" in fell and "−4.9" in fell, fell
    cash = asked_lead(chat, "货币资金比年初减少了多少？", report)
    assert "−775万元" in cash, cash


def test_a_negative_prior_figure_is_taken_away_in_parentheses(
    chat: ChatService, report: str
) -> None:
    lead = asked_lead(chat, "归母净利润同比增减幅度是多少？", report)
    assert "62.8" in lead and "− (−8,640,000)" in lead and "− −" not in lead, lead


def test_a_year_the_cover_does_not_name_is_refused(chat: ChatService, report: str) -> None:
    # only the cover names 2024 and the first quarter; the tables say 本报告期 (the notice
    # names 2021 and 全年 in passing: the words are in the report, the period is not)
    for q in ("2021年营业收入是多少？", "2024年全年的营业收入是多少？"):
        a = chat.ask(q, [report]).answer
        assert a.refused, (q, a.answer)
    covered = asked_lead(chat, "2024年第一季度营业收入是多少？", report)
    assert "8,642万元" in covered, covered
    # 上年度末 is a date (the last year's end), no whole year asked
    since = asked_lead(chat, "总资产较上年度末变动了百分之几？", report)
    assert "4.9" in since, since


def test_a_company_the_report_never_names_is_refused(chat: ChatService, report: str) -> None:
    # every other word is the report's own (revenue, the quarter): the name alone says
    # it is another company's figure asked
    others = ("星河重工一季度的营业收入是多少？", "What was Orbiton's revenue last quarter?")
    for q in others:
        a = chat.ask(q, [report]).answer
        assert a.refused and not a.citations, (q, a.answer)
        assert "星河重工" in a.answer or "Orbiton" in a.answer, a.answer
    # the report's own company, and a question opening with a period word, are answered
    assert "8,642万元" in asked_lead(chat, "华东新材料一季度的营业收入是多少？", report)
    assert "7,125万元" in asked_lead(chat, "年初的货币资金有多少？", report)


def test_an_english_question_is_answered_in_english_with_the_unit_and_the_label_quoted(
    chat: ChatService, report: str
) -> None:
    a = chat.ask("What was operating revenue in the first quarter of 2024?", [report]).answer
    assert not a.refused, a.answer
    first = a.answer.splitlines()[0]
    # the figure in RMB millions, the printed yuan beside it; the Chinese label quoted
    assert "RMB 86.42 million" in first and "86,420,000.00 yuan" in first, first
    assert "“营业总收入”" in first or "“营业收入”" in first, first
    unquoted = re.sub(r"“[^”]*”", "", first)
    assert not re.search(r"[\u4e00-\u9fff]", unquoted), first
    change = chat.ask("By what percentage did operating revenue change?", [report]).answer
    assert "−6.2" in change.answer and "Change in total revenue (“" in change.answer, change.answer


def test_an_item_named_in_ifrs_words_is_the_reports_row_said_in_english(
    chat: ChatService, report: str
) -> None:
    # "of the parent" names the parent's own profit row, not the group's 净利润
    a = chat.ask("What was net profit attributable to owners of the parent?", [report]).answer
    first = a.answer.splitlines()[0]
    assert "RMB −3.21 million (−3,210,000.00 yuan)" in first, first
    assert first.startswith("Net profit attributable to") and "in the current period" in first
    assert "from RMB −8.64 million" in first, first
    cash = chat.ask("What was the net cash flow from operating activities?", [report]).answer
    assert "RMB −1.25 million" in cash.answer.splitlines()[0], cash.answer
