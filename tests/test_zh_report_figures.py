"""Questions a Chinese analyst asks of a quarterly report with tables, on the invented
江南精工 2025年第三季度报告 (``testkit/zh_reports.py``): the figure said as printed, from the
right row, column and table."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.service import ChatService
from pipeline.service import Folio
from testkit.zh_reports import quarterly_report_pdf


@pytest.fixture
def report(folio: Folio, tmp_path: Path) -> str:
    [res] = folio.ingest([quarterly_report_pdf(tmp_path / "jiangnan.pdf")], wait=True)
    assert res.doc_id, res.error
    return res.doc_id


@pytest.fixture
def chat(folio: Folio) -> ChatService:
    return ChatService(folio)


def _lead(chat: ChatService, question: str, doc: str) -> str:
    a = chat.ask(question, [doc]).answer
    assert not a.refused, a.answer
    return a.answer.split("依据原文")[0]


def test_a_per_share_figure_keeps_the_decimals_its_table_prints(
    chat: ChatService, report: str
) -> None:
    lead = _lead(chat, "本季度基本每股收益是多少？", report)
    assert "0.1234" in lead, lead
    # a sum in 元 keeps its printed cents beside the 亿元 reading
    cash = _lead(chat, "期末货币资金是多少？", report)
    assert "15.2亿元（1,520,000,000.00元）" in cash, cash
