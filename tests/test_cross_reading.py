"""A Chinese question of an English report is read as the English question it is
(``pipeline/text/bilingual.py``, ``agent/cross_reading.py``) and answered in Chinese; a
Chinese question the bilingual vocabulary cannot read (general knowledge) stays refused
(invented report and questions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.cross_reading import english_evidence, read_as, unreadable
from agent.evidence import Evidence, Passage
from agent.figures.formula import Cell
from agent.figures.zh_said import zh_year
from agent.service import ChatService
from pipeline.service import Folio
from pipeline.text.bilingual import english_reading
from pipeline.text.script import HAN_RE

REPORT = """# Heron Loom Textiles Annual Report 2031

## Item 1. Business

Heron Loom Textiles weaves technical fabrics for outdoor equipment makers.
Our largest customer, Walmart, bought 18% of our fabrics in 2031.
We had approximately 4,200 employees as of December 31, 2031.

## Item 1A. Risk Factors

Shortages of recycled polyester yarn could raise our costs and delay our shipments.
A failure of our dyeing plant's water permit would halt production at our main mill.

## Item 8. Financial Statements

| CONSOLIDATED STATEMENTS OF INCOME (in thousands) | 2031 | 2030 |
|---|---|---|
| Total revenue | 8,000 | 7,000 |
| Cost of revenue | 5,000 | 4,500 |
| Research and development | 1,000 | 900 |
| Operating income | 1,200 | 1,000 |
| Net income | 900 | 700 |
"""


def test_the_reading_names_items_periods_operation_and_the_question_head() -> None:
    share = english_reading("2031财年研发费用占销售额的比例是多少？")
    assert share.trusted
    assert share.text.startswith("What was")
    assert "fiscal 2031" in share.text
    assert "research and development expense as a percentage of sales" in share.text
    counted = english_reading("截至2031年底，公司有多少名员工？")
    assert counted.trusted and counted.text.startswith("How many")
    assert "the end of 2031" in counted.text and "employees" in counted.text
    # a company named by its Chinese name is the English question's possessive subject
    assert "PepsiCo's" in english_reading("百事公司2031年的净利润是多少？").text


@pytest.mark.parametrize(
    ("question", "english"),
    [
        ("公司2031年新签的无担保循环信贷协议额度是多少？", "unsecured revolving credit"),
        ("2035年到期的担保优先票据票面利率是多少？", "guaranteed senior notes"),
        ("2031年股东大会上批准续聘审计师的赞成票有多少？", "votes for"),
        ("公司新的五年期循环信贷协议最多可以借多少钱？", "revolving credit agreement"),
        ("公司信贷协议的行政代理是哪家银行？", "administrative agent"),
        ("公司高管薪酬咨询投票的反对票有多少？", "executive compensation advisory vote"),
        ("公司2031年第二季度的调整后每股收益是多少？", "adjusted earnings per share"),
        ("公司新签的信贷协议什么时候到期？", "When"),
    ],
)
def test_a_filing_question_of_credit_notes_or_votes_is_read(question: str, english: str) -> None:
    # an 8-K's credit agreements, notes and votes, asked in Chinese (invented questions)
    reading = english_reading(question)
    assert reading.trusted and english in reading.text


@pytest.mark.parametrize("question", ["中国的首都是哪里？", "太阳系中最大的行星是什么？"])
def test_a_question_the_vocabulary_cannot_read_has_no_trusted_reading(question: str) -> None:
    assert not english_reading(question).trusted
    assert read_as(question, _english()) == ""


def _english() -> list[Evidence]:
    p = Passage(chunk_id="c#1", doc_id="c", page=1, page_end=1, text="Net income was $900.")
    return [Evidence(tool="search_document", query="q", passages=[p])]


def test_the_reading_stands_only_for_english_passages() -> None:
    question = "2031财年的净利润是多少？"
    assert english_evidence(_english()) and read_as(question, _english())
    zh = Passage(chunk_id="z#1", doc_id="z", page=1, page_end=1, text="本期净利润为900万元。")
    chinese = [Evidence(tool="search_document", query="q", passages=[zh])]
    assert not english_evidence(chinese) and read_as(question, chinese) == ""


@pytest.fixture
def report(folio: Folio, tmp_path: Path) -> str:
    path = tmp_path / "heron-loom-2031.md"
    path.write_text(REPORT, encoding="utf-8")
    doc = folio.ingest([path])[0].doc_id
    assert doc
    return doc


def _lead(chat: ChatService, question: str, doc: str) -> str:
    a = chat.ask(question, [doc]).answer
    assert not a.refused, a.answer
    lead = a.answer.split("依据原文")[0]
    assert HAN_RE.search(lead.splitlines()[0]), lead  # said in the question's language
    return lead


def test_a_chinese_share_question_of_an_english_statement_is_worked(
    chat: ChatService, report: str
) -> None:
    assert "12.5%" in _lead(chat, "2031财年研发费用占销售额的比例是多少？", report)


def test_a_chinese_count_question_is_answered_by_the_english_sentence(
    chat: ChatService, report: str
) -> None:
    assert "4,200" in _lead(chat, "截至2031年底，公司有多少名员工？", report)


def test_a_chinese_general_knowledge_question_of_an_english_report_is_refused(
    chat: ChatService, report: str
) -> None:
    assert chat.ask("中国的首都是哪里？", [report]).answer.refused


def test_a_part_of_the_year_is_said_by_its_column_not_as_a_fiscal_year() -> None:
    half = "Six Months Ended June 30, 2031"
    cell = Cell("revenue", "Total revenues", 7.8e6, "7,815,503", 2031, half, "c#1", 1)
    assert zh_year(cell, 2031) == "截至2031年6月30日止六个月"
    whole = Cell("revenue", "Total revenues", 7.8e6, "7,815,503", 2031, "2031", "c#1", 1)
    assert zh_year(whole, 2031) == "2031财年"


def test_another_company_named_in_chinese_is_refused_though_the_report_names_it(
    chat: ChatService, report: str
) -> None:
    # the report names Walmart as its customer: the reading asks Walmart's own revenue
    assert chat.ask("沃尔玛2031财年的营业收入是多少？", [report]).answer.refused


def test_a_chinese_question_mostly_unread_is_not_asked_of_english_passages() -> None:
    # a word the finance vocabulary knows ("表现", performance) is the only one read
    question = "这种晶体是怎么表现出弱酸性质的？"
    assert unreadable(question, _english())
    assert not unreadable("2031财年的净利润是多少？", _english())
    zh = Passage(chunk_id="z#1", doc_id="z", page=1, page_end=1, text="这种晶体表现出弱酸性质。")
    assert not unreadable(question, [Evidence(tool="search_document", query="q", passages=[zh])])


def test_a_mostly_unread_chinese_question_naming_a_statement_word_is_refused(
    chat: ChatService, report: str
) -> None:
    a = chat.ask("这种晶体是怎么表现出弱酸性质的？", [report]).answer
    assert a.refused
    assert "8,000" not in a.answer and "900" not in a.answer
