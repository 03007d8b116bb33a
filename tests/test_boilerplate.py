"""The shared boilerplate classifier on invented filing text, in English and Chinese."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from agent.review.prompts import BOILERPLATE_KINDS
from agent.review.report import dropped_text
from pipeline.text.boilerplate import (
    KINDS,
    block_kind,
    contents_table,
    context_kind,
    heading_kind,
    is_boilerplate,
    kind_of,
)

BOILERPLATE = [
    ("Item 1A. Risk Factors — Page: 18", "contents"),
    ("Item 7. Management's Discussion and Analysis 41", "contents"),
    ("Liquidity and Capital Resources .......... 52", "contents"),
    ("第三节 管理层讨论与分析 ........ 12", "contents"),
    ("I, Jane Roe, certify that:", "certification"),
    (
        "Based on my knowledge, this report does not contain any untrue statement of a "
        "material fact.",
        "certification",
    ),
    ("Any fraud, whether or not material, that involves management.", "certification"),
    (
        "本公司董事会及全体董事保证本报告内容的真实、准确、完整，不存在虚假记载、误导性陈述"
        "或者重大遗漏。",
        "certification",
    ),
    ("/s/ Jane Roe", "signature"),
    ("By: /s/ Tom Miller", "signature"),
    ("IN WITNESS WHEREOF, I have hereunto set my hand this 3rd day of May, 2024.", "signature"),
    (
        "Northwind Corp. has duly caused this report to be signed on its behalf by the "
        "undersigned, thereunto duly authorized.",
        "signature",
    ),
    ("法定代表人：王小明", "signature"),
    (
        "In our opinion, the financial statements present fairly, in all material respects, "
        "the financial position of Northwind Corp.",
        "auditor",
    ),
    ("We have served as the Company’s auditor since 1999.", "auditor"),
    (
        "Projections of any evaluation of effectiveness to future periods are subject to the "
        "risk that controls may become inadequate.",
        "auditor",
    ),
    ("我们审计了北风公司财务报表。", "auditor"),
    (
        "10.3 Form of Performance Share Award Agreement (incorporated by reference to "
        "Exhibit 10.1 to Form 8-K filed on May 2, 2022)",
        "exhibits",
    ),
    ("10.7 Northwind Deferred Compensation Plan", "exhibits"),
    # a plan's name with "and" in it (found walking the app: quoted as an answer's support)
    (
        "*10.2 Northwind Corp. 2004 Omnibus Stock and Incentive Plan, as amended S-8 99 7/15/2011",
        "exhibits",
    ),
    ("101.SCH Inline XBRL Taxonomy Extension Schema Document", "exhibits"),
    (
        "This report contains forward-looking statements within the meaning of the Private "
        "Securities Litigation Reform Act of 1995.",
        "forward_looking",
    ),
    ("Readers should not place undue reliance on these statements.", "forward_looking"),
    ("本报告涉及的未来计划等前瞻性陈述不构成公司对投资者的实质承诺。", "forward_looking"),
    ("Indicate by check mark whether the registrant is a shell company.", "cover_form"),
    ("(Exact name of registrant as specified in its charter)", "cover_form"),
    ("Large accelerated filer ☒ Accelerated filer ☐", "cover_form"),
    ("□适用 √不适用", "cover_form"),
]

CONTENT = [
    "We must further enhance our core capabilities to keep our customers.",
    "Demand for our products fell by 12 % in 2023 as interest rates rose.",
    "A failure of our data centres could interrupt our services and harm our reputation.",
    "The Company is required to repay the term loan of $400 million by March 2027.",
    "3.1 The Provider shall perform the Services with due skill and care.",
    "2.1 This Agreement starts on the Effective Date and runs for 24 months.",
    "2.2 The parties may extend the term by written agreement no later than 60 days before.",
    "4.1 Fees and Expenses of the Services are set out in the Plan.",
    "Failure to meet the guidance we have provided to the public could lower our share price.",
    "Our business is subject to federal anti-kickback laws and their safe harbors.",
    "公司面临原材料价格上涨的风险，可能导致毛利率下降。",
    "乙方应当在合同签订后十日内支付首期款项。",
    "Revenue rose to $4.2 billion, driven by subscriptions.",
]


@pytest.mark.parametrize(("text", "kind"), BOILERPLATE)
def test_boilerplate_is_named_by_kind(text: str, kind: str) -> None:
    assert kind_of(text) == kind


@pytest.mark.parametrize("text", CONTENT)
def test_content_is_not_boilerplate(text: str) -> None:
    assert kind_of(text) is None
    assert not is_boilerplate(text)


def test_headings_name_front_and_back_matter() -> None:
    assert heading_kind("SIGNATURES") == "signature"
    assert heading_kind("Exhibit Index") == "exhibits"
    assert heading_kind("Table of Contents") == "contents"
    assert heading_kind("第一节 重要提示、目录和释义") == "contents"
    assert heading_kind("Cautionary Statement Regarding Forward-Looking Statements") == (
        "forward_looking"
    )
    assert heading_kind("Item 1A. Risk Factors") is None
    assert heading_kind("第四节 经营情况讨论与分析") is None


def test_a_line_under_a_boilerplate_heading_or_page_is_boilerplate() -> None:
    # An officer's name alone says nothing by itself; its heading or its page does.
    assert kind_of("Jane Roe") is None
    assert block_kind("Jane Roe", headings=["PART IV", "SIGNATURES"]) == "signature"
    page = ["/s/ Jane Roe", "Jane Roe", "Director", "/s/ Tom Miller", "Tom Miller", "Director"]
    assert context_kind(page) == "signature"
    assert block_kind("Director", neighbours=page) == "signature"
    # A paragraph of content keeps its own verdict whatever page it is on.
    long_text = CONTENT[2] + " " + CONTENT[3]
    assert block_kind(long_text, neighbours=page) is None
    body = [CONTENT[0], CONTENT[1], CONTENT[2], "/s/ Jane Roe"]
    assert context_kind(body) is None


def test_contents_tables() -> None:
    assert contents_table([["", "Page"], ["Item 1. Business", "3"], ["Item 2. Properties", "9"]])
    items = [["Item 1.", "Business", "3"], ["Item 1A.", "Risks", "9"], ["Item 2.", "x", "20"]]
    assert contents_table(items)
    figures = [["", "2023", "2022"], ["Revenue", "4,200", "3,900"], ["Net income", "410", "380"]]
    assert not contents_table(figures)
    assert not contents_table([])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_reports_dropped_line_names_each_boilerplate_kind_in_words(lang: str) -> None:
    assert set(BOILERPLATE_KINDS[lang]) == set(KINDS)  # every kind has its reader's name
    report = SimpleNamespace(
        lang=lang, dropped={f"boilerplate: {k}": i + 1 for i, k in enumerate(KINDS)}
    )
    said = dropped_text(report)  # type: ignore[arg-type]
    keys = [k for k in KINDS if lang == "zh" or "_" in k]  # a key no reader should see
    assert not any(k in said for k in keys), said
    assert all(f"{BOILERPLATE_KINDS[lang][k]} {i + 1}" in said for i, k in enumerate(KINDS))
