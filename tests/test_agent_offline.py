"""The chat agent end to end with the offline answerer: citations, memory, routing, refusal."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from agent.schemas import AnswerEvent, StatusEvent, TokenEvent
from agent.service import ChatService
from pipeline.errors import NotFoundError
from pipeline.service import Folio
from testkit.agentdocs import (
    BIO_MD,
    OTHER_MD,
    REGIONS_MD,
    REPORT_MD,
    TENNIS_MD,
    WALLABY_MD,
    ZH_REPORT_MD,
    ingest_hr,
    ingest_text,
)


def test_answer_cites_the_exact_sentence_with_boxes(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_hr(folio, tmp_path)
    event = chat.ask("年假有几天？", [doc])
    a = event.answer
    assert not a.refused and a.language == "zh" and a.model == "offline"
    assert a.citations and "[1]" in a.answer
    first = a.citations[0]
    chunk = folio.chunk(first.chunk_id)
    assert first.quote in chunk.text and "十天" in first.quote
    assert first.doc_id == doc and first.page == 1
    assert first.boxes and all(p == 1 for p, _ in first.boxes)
    assert a.retrieval_rounds >= 1 and a.usage.output_tokens > 0
    assert 1 <= len(a.follow_up_questions) <= 3
    # From the quote's neighbourhood (the sentence after it), never a section title.
    assert any("部门负责人" in q for q in a.follow_up_questions)
    assert not any("章" in q for q in a.follow_up_questions)


def test_english_answer_follows_the_user_language(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    a = chat.ask("How many stores did Northwind Traders operate at the end of fiscal 2023?", [doc])
    assert a.answer.language == "en" and not a.answer.refused
    assert "318" in a.answer.answer
    assert any("318 stores" in c.quote for c in a.answer.citations)
    assert all(c.line_nos for c in a.answer.citations)  # Markdown: source lines, no boxes


def test_small_talk_is_answered_without_searching(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_hr(folio, tmp_path)
    events: list[str] = []
    for text, lang in (("你好", "zh"), ("thanks!", "en"), ("Hello, how are you?", "en")):
        a = chat.ask(
            text, [doc], on_event=lambda e: events.append(getattr(e, "message", ""))
        ).answer
        assert a.retrieval_rounds == 0 and not a.citations and not a.refused
        assert a.language == lang
    assert not any(e.startswith(("检索", "searching")) for e in events)


def test_unanswerable_question_is_refused_with_zero_citations(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    for q in ("What is the dividend policy of Contoso Pharma?", "公司的产假有多少天？"):
        a = chat.ask(q, [doc]).answer
        assert a.refused and a.citations == []
        assert "do not say" in a.answer or "依据不足" in a.answer


def test_question_about_another_document_is_refused(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    northwind = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    ingest_text(folio, tmp_path, "contoso.md", OTHER_MD)
    a = chat.ask("How much Vaxiflu revenue did Contoso Pharma report?", [northwind]).answer
    assert a.refused and not a.citations


def test_elliptical_follow_up_is_resolved_from_history(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_hr(folio, tmp_path)
    first = chat.ask("年假有几天？", [doc])
    second = chat.ask("能顺延吗？", [doc], conversation_id=first.conversation_id)
    assert second.conversation_id == first.conversation_id
    assert not second.answer.refused
    assert any("顺延" in c.quote for c in second.answer.citations)
    # Memory survives a new service over the same data directory (SQLite checkpoints).
    again = ChatService(folio).ask("出差住宿呢？", [doc], conversation_id=first.conversation_id)
    assert any("五百元" in c.quote for c in again.answer.citations)


def test_english_follow_up_swaps_the_year(chat: ChatService, folio: Folio, tmp_path: Path) -> None:
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    first = chat.ask("What was operating income in fiscal 2023?", [doc])
    assert "612" in first.answer.answer
    second = chat.ask("and in fiscal 2022?", [doc], conversation_id=first.conversation_id)
    assert "540" in second.answer.answer


def test_a_conversation_opened_with_a_pleasantry_is_named_by_its_first_question(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    # Found in the app: the conversation list showed "hi, thanks!" for a chat about leave.
    doc = ingest_hr(folio, tmp_path)
    cid = chat.ask("你好！", [doc]).conversation_id
    assert chat.conversations()[0].title == "你好！"
    chat.ask("年假有几天？", [doc], conversation_id=cid)
    chat.ask("谢谢", [doc], conversation_id=cid)
    assert chat.conversations()[0].title == "年假有几天？"
    # a name the user chose, or a first question, stays
    chat.rename(cid, "假期")
    chat.ask("能顺延吗？", [doc], conversation_id=cid)
    assert chat.conversations()[0].title == "假期"


def test_conversations_are_stored_renamed_and_deleted(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_hr(folio, tmp_path)
    event = chat.ask("年假有几天？", [doc])
    cid = event.conversation_id
    [info] = chat.conversations()
    assert info.conversation_id == cid and info.doc_ids == [doc]
    history = chat.history(cid)
    assert [m.role for m in history] == ["user", "assistant"]
    assert history[1].answer is not None and history[1].answer.citations
    assert history[1].answer.latency_ms >= 0
    chat.rename(cid, "年假")
    assert chat.conversations()[0].title == "年假"
    chat.delete(cid)
    assert chat.conversations() == [] and chat.history(cid) == []
    with pytest.raises(NotFoundError):
        chat.ask("年假有几天？", [doc], conversation_id=cid)


def test_stream_yields_status_tokens_then_the_answer(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_hr(folio, tmp_path)

    async def collect() -> list[object]:
        return [e async for e in chat.stream("年假有几天？", [doc])]

    events = asyncio.run(collect())
    kinds = [type(e) for e in events]
    assert kinds[0] is StatusEvent and kinds[-1] is AnswerEvent
    assert TokenEvent in kinds and kinds.index(TokenEvent) > kinds.index(StatusEvent)
    final = events[-1]
    assert isinstance(final, AnswerEvent)
    text = "".join(e.text for e in events if isinstance(e, TokenEvent))
    assert text == final.answer.answer
    assert any(isinstance(e, StatusEvent) and e.message.startswith("检索") for e in events)


def test_a_page_question_reads_the_page(chat: ChatService, folio: Folio, tmp_path: Path) -> None:
    doc = ingest_hr(folio, tmp_path)
    statuses: list[str] = []
    a = chat.ask(
        "第1页讲了什么？", [doc], on_event=lambda e: statuses.append(getattr(e, "message", ""))
    ).answer
    assert any("第 1 页" in s for s in statuses)
    assert a.citations and all(c.page == 1 for c in a.citations)


def test_chinese_questions_phrased_in_other_words_are_answered_and_others_refused(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    bio = ingest_text(folio, tmp_path, "bio.md", BIO_MD)
    tennis = ingest_text(folio, tmp_path, "tennis.md", TENNIS_MD)
    # "担任" and "职务" are nowhere in the text: they phrase the question, the name and
    # the date say what it is about.
    a = chat.ask("1992年4月，罗保铭担任什么职务？", [bio]).answer
    assert not a.refused and any("大港区委副书记" in c.quote for c in a.citations)
    for q, doc in (
        ("1992年4月，罗保铭担任什么职务？", tennis),
        ("佩内塔获得过几次WTA赛事女子单打冠军？", bio),  # "WTA" runs on into Chinese
    ):
        other = chat.ask(q, [doc]).answer
        assert other.refused and not other.citations


def test_how_much_questions_prefer_the_sentence_with_the_measure(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "wallaby.md", WALLABY_MD)
    a = chat.ask("尤金袋鼠的体重大约是多少？", [doc]).answer
    assert "8公斤" in a.citations[0].quote


def test_which_row_questions_cite_the_extreme_row_of_the_announced_table(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "fabrikam.md", REGIONS_MD)
    drop = chat.ask("Which geographic area had the biggest drop in revenues?", [doc]).answer
    assert [c.quote.strip(" |").split("|")[0].strip() for c in drop.citations][:1] == [
        "Developed Rest of World"
    ]
    growth = chat.ask("Which region had the highest revenue growth?", [doc]).answer
    assert any(c.quote.startswith("Emerging Markets") for c in growth.citations)


def test_whose_document_is_answered_from_its_cover_page(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    from testkit import pdfgen

    [res] = folio.ingest([pdfgen.cover_pdf(tmp_path / "northwind.pdf")], wait=True)
    assert res.doc_id
    cover = folio.store.chunks(res.doc_id)[0]
    assert cover.page_start == 1 and "Annual Report 2023" in cover.text
    for q in ("Which company published this report?", "这份报告是哪家公司的？"):
        a = chat.ask(q, [res.doc_id]).answer
        assert not a.refused and a.citations[0].page == 1
        assert "Northwind Traders Inc." in a.citations[0].quote


def test_chinese_report_tables_answer_in_their_own_words(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "report.md", ZH_REPORT_MD)
    change = chat.ask("营业收入同比变化多少？", [doc]).answer  # the table says 比上年同期增减
    assert not change.refused and any("-16.55%" in c.quote for c in change.citations)
    top = chat.ask("持股最多的股东是谁？", [doc]).answer
    assert top.citations[0].quote.startswith("香港中央结算有限公司")
    revenue = chat.ask("营业收入是多少？", [doc]).answer
    assert revenue.citations and not any(c.quote.startswith("项目") for c in revenue.citations)


CAPTIONED_MD = """# 南岭机电2025年第三季度报告

## 一、公司简介

南岭机电主要从事电机的研发、生产与销售，股东大会为公司最高权力机构。

## 二、报告期末股东总数及前十名股东持股情况表

单位：股

|  |  |  |  |
|---|---|---|---|
| 报告期末普通股股东总数 | 61,200 | 报告期末表决权恢复的优先股股东总数 | 0 |
| 南岭控股集团有限公司 | 境内非国有法人 | 31.50% | 120,400,000 |
| 陈雨桐 | 境内自然人 | 2.10% | 8,030,000 |
"""


def test_a_tables_caption_brings_its_table_and_is_never_the_answer(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "nanling.md", CAPTIONED_MD)
    chunks = folio.store.chunks(doc)
    caption = next(c for c in chunks if c.text.rstrip().endswith("单位：股"))
    assert "61,200" not in caption.text  # the caption is a chunk of its own
    a = chat.ask("报告期末股东总数是多少？", [doc]).answer
    assert not a.refused and "61,200" in a.citations[0].quote, a.answer
    # a row of labels each with its figure reads as pairs, not as its cells in a line
    assert a.answer.startswith("报告期末普通股股东总数：61,200；"), a.answer
    assert not any(c.quote.rstrip("。").endswith("单位：股") for c in a.citations), a.answer
