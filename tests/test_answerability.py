"""Answerability: a document that uses a question's words but does not answer it refuses,
saying what it holds nearest; one that answers still answers (invented documents)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.models.answerability import (
    DATA,
    GATE_FEATURES,
    AnswerabilityDataError,
    arithmetic,
    gate,
    information,
)
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

REPORT = """# Annual Report of Tessaly Outfitters 2023

## Our business

Tessaly Outfitters sells outdoor clothing through 214 stores in Canada, Mexico, Japan and
France. Our distribution centre near the port serves every store within two days.

## Management

Marta Lindqvist has served as our President and Chief Executive Officer since 2019.

## Results

Net sales were $812 million in 2023, up from $745 million in 2022, driven by new stores.
Capital expenditures were $31 million in 2023, mostly for store openings.
We paid a dividend of $0.40 per share in 2023. Orion Sports, a competitor, also opened
stores in Canada during the year.
"""

RAPPORT = """# 青石纺织2023年年度报告

## 公司概况

青石纺织主要生产棉纺织品，在日本、法国和巴西设有销售办事处，员工共3200人。

## 管理层

公司总经理为王立新，他于2018年起担任该职务。

## 经营情况

2023年公司营业收入为5.2亿元，比上年增长8%，主要来自海外订单的增加。
"""


@pytest.fixture
def chat_doc(folio: Folio, tmp_path: Path) -> tuple[ChatService, str, str]:
    en = ingest_text(folio, tmp_path, "tessaly.md", REPORT)
    zh = ingest_text(folio, tmp_path, "qingshi.md", RAPPORT)
    return ChatService(folio), en, zh


def test_world_knowledge_about_a_country_the_document_names_is_refused(
    chat_doc: tuple[ChatService, str, str],
) -> None:
    chat, en, zh = chat_doc
    for q, doc in (
        ("What is the capital of Japan?", en),
        ("Who is the president of France?", en),
        ("日本的首都是哪里？", zh),
        ("巴西的官方语言是什么？", zh),
    ):
        a = chat.ask(q, [doc]).answer
        assert a.refused, (q, a.answer)
        assert "Tokyo" not in a.answer and "东京" not in a.answer


def test_a_refusal_quotes_what_the_document_holds_nearest(
    chat_doc: tuple[ChatService, str, str],
) -> None:
    chat, en, _ = chat_doc
    a = chat.ask("What is the capital of Japan?", [en]).answer
    assert a.refused
    assert a.answer.startswith("The documents do not say")
    head, nearest = a.answer.split("The closest they come:\n- ", 1)
    assert "nothing in them answers" in head
    assert any(w in nearest.lower() for w in ("capital", "japan")), nearest  # a word asked
    assert a.citations and all(c.doc_id == en for c in a.citations)


def test_a_chinese_refusal_quotes_what_the_document_holds_nearest(
    chat_doc: tuple[ChatService, str, str],
) -> None:
    chat, _, zh = chat_doc
    a = chat.ask("日本的首都是哪里？", [zh]).answer
    assert a.refused and a.answer.startswith("依据不足")
    head, nearest = a.answer.split("最接近的内容：\n- ", 1)
    assert "没有能回答" in head and "日本" in nearest
    assert a.citations and all(c.doc_id == zh for c in a.citations)


def test_questions_the_document_answers_are_still_answered(
    chat_doc: tuple[ChatService, str, str],
) -> None:
    chat, en, zh = chat_doc
    for q, doc, said in (
        ("Who is the President of Tessaly Outfitters?", en, "Marta Lindqvist"),
        ("How many stores does Tessaly Outfitters operate?", en, "214"),
        ("What were net sales in 2023?", en, "812"),
        ("青石纺织的总经理是谁？", zh, "王立新"),
        ("青石纺织在哪些国家设有销售办事处？", zh, "日本"),
        ("2023年公司营业收入是多少？", zh, "5.2亿元"),
    ):
        a = chat.ask(q, [doc]).answer
        assert not a.refused and said in a.answer, (q, a.answer)


def test_arithmetic_periods_not_covered_and_other_companies_are_refused(
    chat_doc: tuple[ChatService, str, str],
) -> None:
    chat, en, zh = chat_doc
    for q, doc in (
        ("What is 214 plus 31?", en),
        ("What is 2+2?", en),
        ("5加8等于多少？", zh),
        ("What were net sales in 1998?", en),
        ("What were Orion Sports's net sales in 2023?", en),
    ):
        a = chat.ask(q, [doc]).answer
        assert a.refused and not a.citations, (q, a.answer)
    kept = chat.ask("What were Tessaly Outfitters's net sales in 2023?", [en]).answer
    assert not kept.refused and "812" in kept.answer


def test_arithmetic_is_figures_and_operators_only() -> None:
    assert arithmetic("What is 17 times 4?") and arithmetic("12加30等于多少？")
    assert arithmetic("How much is 91 * 39?")
    assert not arithmetic("What was revenue in 2023 compared with 2022?")
    assert not arithmetic("What is 17 times the dividend?")
    assert not arithmetic("What were net sales in 2023?")
    # a magnitude written after a figure's digits is part of the figure, no word asked
    assert arithmetic("8万乘以6等于多少？") and arithmetic("3亿减去2千万等于多少？")
    assert not arithmetic("2008年8万人参加了多少场比赛？")


def test_everyday_words_say_less_than_rare_ones() -> None:
    assert information("capital") < information("depreciation") < information("zzqxv")
    assert information("首都") < information("营业收入")
    assert 0.0 <= information("the") < 0.1 and information("zzqxv") == 1.0


def test_the_gate_file_was_fitted_for_these_features(monkeypatch: pytest.MonkeyPatch) -> None:
    g = gate()
    assert len(g.coef) == len(GATE_FEATURES) == len(g.mean) and 0.0 < g.threshold < 1.0
    bad = DATA.with_name("answerability-other.json")
    monkeypatch.setattr("agent.models.answerability.DATA", bad)
    gate.cache_clear()
    try:
        with pytest.raises(AnswerabilityDataError, match="refit"):
            gate()
    finally:
        gate.cache_clear()
