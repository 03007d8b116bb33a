"""Questions about a topic a section is about ("What are the main risk factors?", "Who are
the customers?", 主要客户) are answered from the section its heading names: a list-like
section with its item headings, each cited to its own span; any other with its own
statements, not with a sentence from elsewhere sharing a word. A yes/no question opens
with Yes or No only when a cited statement decides it. Invented documents only."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

REPORT = """# Harrowgate Kilns Inc. Annual Report

## Item 1. Business

Harrowgate Kilns Inc. builds industrial kilns for brick and tile makers in four countries.
Our customers value kilns that run for decades with little upkeep.

### Customers

Our largest customers are regional brick makers and two national tile producers.
The ten largest customers accounted for about half of our sales in the year.
Most customers sign service contracts that run for five years.

### Seasonality

Our sales are seasonal, because builders order kilns before the spring building season.
Orders placed in the winter months are delivered in March and April.

## Item 1A. Risk Factors

The risks described below are not the only risks facing our company.

**Our kilns depend on natural gas, whose price is volatile.**

A sharp rise in gas prices raises our costs and our customers' costs alike.

**A downturn in home building would reduce orders for new kilns.**

Brick makers defer new kilns when fewer homes are started.

**We rely on one supplier for the refractory lining of our kilns.**

A disruption at that supplier would delay deliveries for months.

**Emission rules may require costly changes to our designs.**

New limits on emissions could make older kiln designs unsaleable.

## Item 3. Legal Proceedings

In 2024 a former distributor sued the company for breach of contract in the district court.
The company believes the claim has no merit and intends to defend it vigorously.

## Item 7. Management's Discussion

Sales of service contracts to customers rose as more kilns reached their tenth year.
Legal fees were higher than the year before.
"""

REPORT_ZH = """# 青岚陶瓷股份有限公司年度报告

## 第一节 公司业务概要

公司主要从事建筑陶瓷的研发、生产和销售，产品包括瓷砖和卫浴陶瓷。

## 第二节 风险因素

### 原材料价格波动风险

公司生产所需的高岭土和天然气价格波动较大，可能影响公司毛利率。

### 房地产行业周期风险

公司产品主要用于住宅建设，房地产行业下行将减少订单。

### 环保政策风险

环保标准提高可能要求公司追加环保设备投资。

## 第三节 主要客户

公司前五名客户合计销售额占年度销售总额的百分之三十二。
公司主要客户为大型房地产开发企业和建材经销商。

## 第四节 经营情况讨论

报告期内公司新增两条生产线，客户订单稳步增长。
"""

_CITE = re.compile(r"\[(\d+)\]")


@pytest.fixture
def report(folio: Folio, tmp_path: Path) -> str:
    return ingest_text(folio, tmp_path, "harrowgate.md", REPORT)


def _bullets(text: str) -> list[str]:
    return [ln[2:] for ln in text.split("\n\n", maxsplit=1)[0].splitlines() if ln.startswith("- ")]


def test_a_list_question_gets_the_sections_item_headings_each_cited(
    folio: Folio, report: str
) -> None:
    a = ChatService(folio).ask("What are the main risk factors?", [report]).answer
    items = _bullets(a.answer)
    assert len(items) == 4, a.answer
    assert items[0].startswith("Our kilns depend on natural gas"), a.answer
    assert items[3].startswith("Emission rules may require"), a.answer
    assert "not the only risks" not in a.answer  # the section's boilerplate opening
    cited = {c.marker: c for c in a.citations}
    for i in items:  # each item is cited to its own span, the one that prints it
        m = _CITE.search(i)
        assert m is not None, a.answer
        said = _CITE.sub("", i).strip().rstrip(".").strip()
        assert said in cited[int(m.group(1))].quote, (i, cited[int(m.group(1))].quote)
    assert len({_CITE.search(i).group(1) for i in items}) == 4  # type: ignore[union-attr]


def test_a_topic_question_gets_the_sections_statements_not_a_sentence_sharing_a_word(
    folio: Folio, report: str
) -> None:
    a = ChatService(folio).ask("Who are Harrowgate's primary customers?", [report]).answer
    assert "regional brick makers" in a.answer, a.answer
    assert "service contracts to customers rose" not in a.answer  # Item 7 shares a word
    assert "value kilns that run for decades" not in a.answer  # another section's
    first = a.answer.splitlines()[0]
    assert not first.startswith(("Yes", "No")), a.answer


def test_a_yes_no_question_opens_with_yes_or_no_only_when_the_evidence_decides(
    folio: Folio, report: str
) -> None:
    chat = ChatService(folio)
    seasonal = chat.ask("Is Harrowgate's business seasonal?", [report]).answer
    assert seasonal.answer.startswith("Yes."), seasonal.answer
    assert "builders order kilns before the spring" in seasonal.answer
    legal = chat.ask("Is Harrowgate involved in any legal proceedings?", [report]).answer
    assert "former distributor sued the company" in legal.answer, legal.answer
    assert "Legal fees were higher" not in legal.answer  # Item 7 shares a word
    # no statement of the section says "legal proceedings": it shows a suit, decides nothing
    assert not legal.answer.startswith(("Yes", "No")), legal.answer


def test_a_figure_question_is_not_taken_for_a_topic(folio: Folio, report: str) -> None:
    q = "What share of sales did the ten largest customers make in 2024?"
    a = ChatService(folio).ask(q, [report]).answer
    assert "lists:" not in a.answer and "says:" not in a.answer, a.answer


def test_chinese_risk_factors_and_main_customers(folio: Folio, tmp_path: Path) -> None:
    doc = ingest_text(folio, tmp_path, "qinglan.md", REPORT_ZH)
    chat = ChatService(folio)
    risks = chat.ask("公司面临哪些主要风险因素？", [doc]).answer
    items = _bullets(risks.answer)
    assert [_CITE.sub("", i).strip() for i in items] == [
        "原材料价格波动风险",
        "房地产行业周期风险",
        "环保政策风险",
    ], risks.answer
    assert all(_CITE.search(i) for i in items), risks.answer
    customers = chat.ask("公司的主要客户是谁？", [doc]).answer
    assert "大型房地产开发企业" in customers.answer, customers.answer
    assert "客户订单稳步增长" not in customers.answer, customers.answer


def test_a_question_word_meets_a_headings_longer_form_but_not_a_neighbour() -> None:
    from agent.sections import meets, topic_terms

    heading = topic_terms("Competition and Seasonality")
    assert meets(topic_terms("Who are the main competitors?"), heading) == {"competitor"}
    assert meets(topic_terms("Is the business seasonal?"), heading) == {"seasonal"}
    assert not meets(topic_terms("operating costs"), topic_terms("Results of Operations"))
    # the words naming no topic ("main", "company", "item") never match a heading
    assert not topic_terms("What are the company's main items?")


def test_a_long_list_says_how_many_items_it_leaves_out(folio: Folio, tmp_path: Path) -> None:
    risks = [
        "Gas prices are volatile", "Home building may slow", "One supplier makes our linings",
        "Emission rules may tighten", "Our kilns are hard to ship", "Skilled welders are scarce",
        "Steel costs may rise", "A rival may copy our burner",
    ]  # fmt: skip
    body = "".join(
        f"**{r}.**\n\nThis could reduce our sales for a year or more.\n\n" for r in risks
    )
    doc = ingest_text(folio, tmp_path, "kilnco.md", f"# Kilnco\n\n## Risk Factors\n\n{body}")
    a = ChatService(folio).ask("What are the main risk factors?", [doc]).answer
    shown = _bullets(a.answer)
    assert 2 <= len(shown) < len(risks), a.answer
    assert f"({len(shown)} of the {len(risks)} items of “Risk Factors”" in a.answer, a.answer
