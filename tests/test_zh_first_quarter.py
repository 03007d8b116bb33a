"""Questions of an invented Chinese first-quarter report (``testkit/zh_first_quarter.py``):
an abbreviation read as the item it shortens (营收 is 营业收入, never 营业外收入), a change
since the year's start worked between two balance columns, a period the cover does not
name refused, a negative figure taken away written in parentheses, and English questions
answered in English with the figure's unit and the Chinese row label quoted."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent.service import ChatService
from pipeline.service import Folio
from testkit.zh_first_quarter import first_quarter_report_pdf


@pytest.fixture
def report(folio: Folio, tmp_path: Path) -> str:
    [res] = folio.ingest([first_quarter_report_pdf(tmp_path / "huadong.pdf")], wait=True)
    assert res.doc_id, res.error
    return res.doc_id


@pytest.fixture
def chat(folio: Folio) -> ChatService:
    return ChatService(folio)


def _lead(chat: ChatService, question: str, doc: str) -> str:
    a = chat.ask(question, [doc]).answer
    assert not a.refused, a.answer
    return re.split("依据原文|Supporting quotes", a.answer)[0]


def test_an_abbreviation_is_read_as_the_item_it_shortens(chat: ChatService, report: str) -> None:
    # 营收 is 营业收入: never the longer 营业外收入, whose characters hold 营…收 too
    level = _lead(chat, "本季度营收是多少？", report)
    assert "8,642万元" in level and "196万元" not in level, level
    rate = _lead(chat, "本报告期营收同比增长率是多少？", report)
    assert "6.2" in rate and "营业外" not in rate, rate


def test_a_change_since_the_years_start_is_worked_between_the_balance_columns(
    chat: ChatService, report: str
) -> None:
    # 总资产 is the balance sheet's 资产总计: 期末余额 less 期初余额, amount and rate
    fell = _lead(chat, "总资产比年初减少了多少？", report)
    assert "−2,660万元" in fell and "−4.9" in fell, fell
    cash = _lead(chat, "货币资金比年初减少了多少？", report)
    assert "−775万元" in cash, cash


def test_a_negative_prior_figure_is_taken_away_in_parentheses(
    chat: ChatService, report: str
) -> None:
    lead = _lead(chat, "归母净利润同比增减幅度是多少？", report)
    assert "62.8" in lead and "− (−8,640,000)" in lead and "− −" not in lead, lead


def test_a_year_the_cover_does_not_name_is_refused(chat: ChatService, report: str) -> None:
    # only the cover names 2024 and the first quarter; the tables say 本报告期 (the notice
    # names 2021 and 全年 in passing: the words are in the report, the period is not)
    for q in ("2021年营业收入是多少？", "2024年全年的营业收入是多少？"):
        a = chat.ask(q, [report]).answer
        assert a.refused, (q, a.answer)
    covered = _lead(chat, "2024年第一季度营业收入是多少？", report)
    assert "8,642万元" in covered, covered


def test_a_company_the_report_never_names_is_refused(chat: ChatService, report: str) -> None:
    # every other word is the report's own (revenue, the quarter): the name alone says
    # it is another company's figure asked
    for q in ("星河重工一季度的营业收入是多少？", "What was Orbiton's revenue in the first quarter?"):
        a = chat.ask(q, [report]).answer
        assert a.refused and not a.citations, (q, a.answer)
        assert "星河重工" in a.answer or "Orbiton" in a.answer, a.answer
    # the report's own company, and a question opening with a period word, are answered
    assert "8,642万元" in _lead(chat, "华东新材料一季度的营业收入是多少？", report)
    assert "7,125万元" in _lead(chat, "年初的货币资金有多少？", report)
