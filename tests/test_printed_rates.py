"""Asked for a rate of change, the answer leads with the rate the report prints (a
key-figures table's 年初至报告期末比上年同期增减), cited on the page printing it, before the
working from the statements on later pages; in the question's language. On the invented
江南精工 quarterly report (``testkit/zh_reports.py``: key figures on page 2, the income
statement on page 4)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent.service import ChatService
from pipeline.service import Folio
from testkit.zh_reports import quarterly_report_pdf

KEY_FIGURES_PAGE = 2


@pytest.fixture
def report(folio: Folio, tmp_path: Path) -> str:
    [res] = folio.ingest([quarterly_report_pdf(tmp_path / "jiangnan.pdf")], wait=True)
    assert res.doc_id, res.error
    return res.doc_id


def _first_line_pages(chat: ChatService, question: str, doc: str) -> tuple[str, set[int]]:
    a = chat.ask(question, [doc]).answer
    assert not a.refused, a.answer
    first = a.answer.strip().splitlines()[0]
    marks = {int(m) for m in re.findall(r"\[(\d+)\]", first)}
    return first, {a.citations[m - 1].page for m in marks if 0 < m <= len(a.citations)}


def test_a_rate_asked_is_the_printed_one_cited_where_printed(
    chat: ChatService, report: str
) -> None:
    first, pages = _first_line_pages(chat, "年初至报告期末营业收入同比增长率是多少？", report)
    assert "8.20%" in first, first
    assert pages == {KEY_FIGURES_PAGE}, (first, pages)


def test_an_english_question_gets_the_printed_rate_in_english(
    chat: ChatService, report: str
) -> None:
    first, pages = _first_line_pages(
        chat, "By what percentage did year-to-date operating revenue grow?", report
    )
    assert "8.20%" in first and first.startswith("The report prints"), first
    assert pages == {KEY_FIGURES_PAGE}, (first, pages)


def test_an_amount_asked_is_not_led_by_a_rate(chat: ChatService, report: str) -> None:
    first, _ = _first_line_pages(chat, "年初至报告期末营业收入比上年同期增加了多少元？", report)
    assert "%" not in first, first
