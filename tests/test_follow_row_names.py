"""Follow-up questions ask each neighbouring row by a name a reader would say, in the
question's language: a Chinese cell wrapped over lines is one word again, a row labelled in
the other language is said by its line item's name there (or not asked), a row naming a
firm or a person is not asked as a figure, and a lone abstract noun of nothing named is no
question. Invented tables and passages only."""

from __future__ import annotations

import re

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.follow_rows import follow_label
from agent.models.follow import follow_ups

ZH_WRAPPED = """| 项目 | 本报告期 | 上年同期 |
|---|---|---|
| 营业收入（元） | 1,250,000.00 | 1,100,000.00 |
| 归属于上市公司股东的扣除非经常性损 益的净利润（元） | 88,000.00 | 71,000.00 |
| 青岚星河投资管理有限公司 | 3,400,000 | 3,400,000 |
| 经营活动产生的现金流量净额（元） | 210,000.00 | 190,000.00 |"""

EN = """| Quillmere Inc. Statements of Operations | Year Ended December 31, 2031 \
| Year Ended December 31, 2030 |
|---|---|---|
| Net sales | 2,410 | 2,280 |
| Cost of sales | 1,530 | 1,470 |
| Provision for income taxes | 95 | 88 |
| Quillmere Holdings, Inc. | 40 | 35 |
| Net income | 330 | 290 |"""


def _evidence(text: str, doc: str) -> list[Evidence]:
    p = Passage(chunk_id=f"{doc}#1", doc_id=doc, page=1, page_end=1, text=text, rank=1)
    return [Evidence(tool="search_document", query="q", passages=[p])]


def test_a_wrapped_chinese_label_is_asked_as_one_word() -> None:
    a = figure_answer("本报告期营业收入是多少？", _evidence(ZH_WRAPPED, "zq"), "zh")
    assert a is not None and a.follow, a
    said = " ".join(a.follow)
    assert "损 益" not in said and "扣除非经常性损益的净利润" in said, a.follow


def test_a_row_naming_a_firm_is_not_asked_as_a_figure() -> None:
    a = figure_answer("本报告期营业收入是多少？", _evidence(ZH_WRAPPED, "zq"), "zh")
    assert a is not None and a.follow, a
    assert not any("有限公司" in q for q in a.follow), a.follow
    b = figure_answer("What were Quillmere's net sales in 2031?", _evidence(EN, "qm"), "en")
    assert b is not None and b.follow, b
    assert not any("Inc." in q for q in b.follow), b.follow


def test_a_chinese_question_on_an_english_table_asks_in_chinese_only() -> None:
    a = figure_answer("2031年Quillmere的营业成本是多少？", _evidence(EN, "qm"), "zh")
    assert a is not None and a.follow, a
    for q in a.follow:  # the company's name aside, no English row label is embedded
        assert not re.search(r"[a-z]{3,}", q.replace("Quillmere", "")), a.follow
    assert any("所得税" in q or "营业收入" in q or "净利润" in q for q in a.follow), a.follow


def test_an_english_question_on_a_chinese_table_asks_in_english_only() -> None:
    a = figure_answer(
        "What was operating revenue in the reporting period?", _evidence(ZH_WRAPPED, "zq"), "en"
    )
    assert a is not None and a.follow, a
    assert not any(re.search(r"[\u4e00-\u9fff]", q) for q in a.follow), a.follow


def test_names_of_people_and_firms_are_no_row_to_ask() -> None:
    assert follow_label("青岚星河投资管理有限公司", "zh") == ""
    assert follow_label("王建国", "zh") == ""
    assert follow_label("Quillmere Holdings, Inc.", "en") == ""
    assert follow_label("营业收入（元）", "zh") == "营业收入（元）"
    assert follow_label("Digital Media", "en") == "Digital Media"  # a segment, not a person


def test_a_lone_abstract_noun_of_nothing_named_is_no_follow_up() -> None:
    quote = "Ferry revenue was $4.1 million in 2031."
    text = (
        f"{quote} The responsibility is shared by the board and its audit committee. "
        "Tonnage was 4,200 tons in 2031. Our tonnage grew with new routes."
    )
    cited = Passage(chunk_id="d#0", doc_id="d", page=3, page_end=3, section="", text=text)
    ev = Evidence(tool="search_document", query="ferry revenue", passages=[cited])
    qs = follow_ups("What was ferry revenue in 2031?", [ev], [cited], "en", quoted=[quote])
    assert not any("responsibility" in q for q in qs), qs
    assert "What was the tonnage?" in qs, qs


def test_a_neighbouring_passages_rows_are_asked_by_names_in_the_questions_language() -> None:
    quote = "本报告期营业收入为125万元。"
    table = (
        "| 股东名称 | 持股数量 |\n| 青岚星河投资管理有限公司 | 3,400,000 |\n"
        "| Provision for income taxes | 95 | 88 |\n| Deferred ferry charges | 41 | 37 |\n"
        "| 营业外收入 | 12,000 | 9,000 |"
    )
    cited = Passage(chunk_id="z#0", doc_id="z", page=2, page_end=2, section="经营情况", text=quote)
    rows = Passage(chunk_id="z#1", doc_id="z", page=2, page_end=2, section="经营情况", text=table)
    ev = Evidence(tool="search_document", query="营业收入", passages=[cited, rows])
    qs = follow_ups("本报告期营业收入是多少？", [ev], [cited], "zh", quoted=[quote])
    said = " ".join(qs)
    assert "有限公司" not in said and not re.search(r"[A-Za-z]{3,}", said), qs
    assert "营业外收入是多少？" in qs, qs


def test_a_tables_header_row_is_no_item_to_ask() -> None:
    quote = "本报告期营业收入为125万元。"
    table = (
        "| 3、利润表项目的变动 (单位：元) 项目 | 2031年1-3月 | 2030年1-3月 | 增减% |\n"
        "|---|---|---|---|\n| 营业外收入 | 12,000 | 9,000 | 33% |"
    )
    cited = Passage(chunk_id="z#0", doc_id="z", page=2, page_end=2, section="经营情况", text=quote)
    rows = Passage(chunk_id="z#1", doc_id="z", page=2, page_end=2, section="经营情况", text=table)
    ev = Evidence(tool="search_document", query="营业收入", passages=[cited, rows])
    qs = follow_ups("本报告期营业收入是多少？", [ev], [cited], "zh", quoted=[quote])
    assert not any("变动" in q for q in qs), qs
    assert "营业外收入是多少？" in qs, qs
