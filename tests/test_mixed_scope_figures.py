"""Figures asked with several documents in one scope (the chat's default is every
document): each document's figure is read from its own evidence, an adjusted measure asked
is never another report's reported row, and an answer from one company's report says which
when the question names none (in the question's language, a Chinese report's company
read from its cover). Invented companies and figures only."""

from __future__ import annotations

import re
from pathlib import Path

from agent.service import ChatService
from pipeline.knowledge.title import shown_title
from testkit.agentdocs import ingest_text

# a release stating its adjusted EPS beside the reported one, diluted only
_RELEASE = """# Quarvel reports second-quarter 2033 results

Quarvel Inc. today announced results for the second quarter of 2033.

## Overall financial results

| ($ in Millions, except EPS) | Q2 2033 | Q2 2032 | % Change |
|---|---|---|---|
| Reported sales | 4,210 | 3,980 | 5.8% |
| Net earnings | 612 | 540 | 13.3% |
| EPS (diluted) | $2.31 | $2.02 | 14.4% |
| Adjusted net earnings | 701 | 650 | 7.8% |
| Adjusted EPS (diluted) | $2.64 | $2.43 | 8.6% |
"""

# another company's quarterly report: reported per-share figures only
_QUARTERLY = """# Brenmoor Glassworks plc quarterly report

Quarterly report for the quarter ended June 30, 2033.

## Condensed consolidated statements of income

| ($ in millions) | Three Months Ended June 30, 2033 | Three Months Ended June 30, 2032 |
|---|---|---|
| Net sales | 3,642 | 3,507 |
| Cost of sales | (2,980) | (2,862) |
| Net income | 459 | 225 |
| Basic earnings per share | $0.309 | $0.148 |
| Diluted earnings per share | $0.307 | $0.148 |
"""

# a Chinese quarterly report: its cover names the company, its tables say 本期
_ZH_REPORT = """# 星河重工股份有限公司 2033 年第一季度报告

## 主要会计数据和财务指标

| 项目 | 本报告期 | 上年同期 | 本报告期比上年同期增减 |
|---|---|---|---|
| 营业收入（元） | 8,316,420.55 | 7,902,114.30 | 5.24% |
| 归属于上市公司股东的净利润（元） | 1,204,377.18 | 986,501.62 | 22.09% |
| 基本每股收益（元/股） | 0.0211 | 0.0173 | 21.97% |
"""

_FIGURE = re.compile(r"\d[\d,]*\.\d+|\d[\d,]{2,}")


def _lead(answer: str) -> str:
    """The answer before its supporting quotes."""
    return re.split("Supporting quotes:|依据原文", answer, maxsplit=1)[0]


def test_an_adjusted_measure_asked_is_no_reported_row(chat: ChatService, tmp_path: Path) -> None:
    """The quarterly report prints basic EPS for the quarter asked, the release its adjusted
    EPS: the reported row is another measure, whichever document's it is."""
    release = ingest_text(chat.folio, tmp_path, "quarvel-q2-release.md", _RELEASE)
    quarterly = ingest_text(chat.folio, tmp_path, "brenmoor-q2-10q.md", _QUARTERLY)
    question = "What was the adjusted EPS in the second quarter of 2033?"
    both = chat.ask(question, [release, quarterly]).answer
    assert not both.refused and "2.64" in _lead(both.answer), both.answer
    assert not {"0.309", "0.307"} & set(_FIGURE.findall(_lead(both.answer))), both.answer
    alone = chat.ask(question, [quarterly]).answer  # the report states no adjusted EPS
    assert not {"0.309", "0.307"} & set(_FIGURE.findall(_lead(alone.answer))), alone.answer


def test_a_metric_is_worked_within_one_document(chat: ChatService, tmp_path: Path) -> None:
    """Every figure of a working is its own document's: a margin is never worked from one
    company's earnings and another's sales (the release states no sales, the quarterly
    report no net income)."""
    no_sales = _RELEASE.replace("| Reported sales | 4,210 | 3,980 | 5.8% |\n", "")
    no_income = re.sub(r"\| (Net income|Basic|Diluted) .*\n", "", _QUARTERLY)
    release = ingest_text(chat.folio, tmp_path, "quarvel-q2-release.md", no_sales)
    quarterly = ingest_text(chat.folio, tmp_path, "brenmoor-q2-10q.md", no_income)
    a = chat.ask("What was the net profit margin in Q2 2033?", [release, quarterly]).answer
    assert len({c.doc_id for c in a.citations}) <= 1, a.answer
    assert not re.search(r"612\b.*3,642", a.answer), a.answer


def test_the_answer_says_which_companys_report_it_is_from(
    chat: ChatService, tmp_path: Path
) -> None:
    """A question naming no company, answered from one company's report with another's in
    scope, says which, in the question's language; one naming the Chinese report's company
    by its short name is asked of that report alone."""
    release = ingest_text(chat.folio, tmp_path, "quarvel-q2-release.md", _RELEASE)
    report = ingest_text(chat.folio, tmp_path, "issue-67-example.md", _ZH_REPORT)
    scope = [release, report]
    # the documents named as the Library names them, by title
    release_t, report_t = (shown_title(d.title, d.name) for d in map(chat.folio.document, scope))
    zh = chat.ask("本报告期的营业收入是多少？", scope).answer
    assert not zh.refused and "8,316,420.55" in zh.answer, zh.answer
    # one short line (a phone shows it whole): whose report, not the others' titles
    assert zh.notice and zh.notice.startswith("仅依据") and "\n" not in zh.notice, zh.notice
    assert report_t[:10] in zh.notice and release_t not in zh.notice, zh.notice
    en = chat.ask("What was the adjusted EPS in the second quarter of 2033?", scope).answer
    assert not en.refused and "2.64" in _lead(en.answer), en.answer
    assert en.notice and "only" in en.notice and "\n" not in en.notice, en.notice
    assert release_t[:10] in en.notice and report_t not in en.notice, en.notice
    named = chat.ask("星河重工本期的基本每股收益是多少？", scope).answer
    assert not named.refused and "0.0211" in named.answer, named.answer
    assert {c.doc_id for c in named.citations} == {report}, named.answer
