"""Questions about a whole document ("Summarize this handbook", "这份报告的主要内容") are
answered from the document's overview, one cited sentence per main section, not from the
passages that happen to share the question's words (the cover, the signature block).
Invented documents only."""

from __future__ import annotations

from pathlib import Path

from agent.question.kinds import asks_overview
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

HANDBOOK = """# Tarnwell Ferry Company staff handbook

Dated: March 4, 2026. Prepared by the Tarnwell Ferry Company.

## Sailings

The company runs four daily crossings between Tarnwell and the island of Oster, weather
permitting. Crossings are cancelled when the harbour master raises the amber flag.

## Safety

Every crew member completes a sea survival course in the first month of service. Life
jackets are inspected before the first sailing of each day.

## Pay and leave

Deckhands are paid weekly, and overtime is paid at one and a half times the hourly rate.
Staff earn two days of paid leave for every month worked.

## Signatures

Signed for the Tarnwell Ferry Company, March 4, 2026.
"""

GUIDE_ZH = """# 青石镇图书馆读者指南

## 开放时间

图书馆每周二至周日开放，周一闭馆进行图书整理。节假日开放时间另行公告。

## 借阅规则

每位读者最多可同时借阅五本图书，借期为三十天，可续借一次。逾期归还的读者暂停借阅一周。

## 阅览室

二楼阅览室提供免费座位和无线网络，读者须保持安静，不得在室内饮食。
"""


def test_questions_about_the_whole_document_are_told_from_questions_about_a_part() -> None:
    for q in (
        "Summarize this handbook",
        "Could you give me a short overview of the employee handbook?",
        "What is this agreement about?",
        "What are the main points of the Tarnwell Ferry Company's staff handbook?",
        "这份指南的主要内容是什么？",
        "请概括一下这篇文章",
    ):
        assert asks_overview(q), q
    for q in (
        "Summarize the safety section",
        "How many crossings run each day?",
        "What does the handbook say about overtime?",
        "借阅规则是什么？",
        "第二章总结了什么？",
    ):
        assert not asks_overview(q), q


def test_a_filing_asked_about_by_its_owner_and_date_is_the_whole_document() -> None:
    # a current report is asked about by the company's name and the date it was filed or
    # dated, not "this report": the search would answer with the cover's date line
    for q in (
        "What is Velmor's Form 8-K filed on July 1, 2031 about?",
        "What does Velmor's current report dated May 5, 2031 report on?",
        "What is the 8-K about?",
        "What does this press release announce?",
    ):
        assert asks_overview(q), q
    for q in (
        "What is Velmor's dividend policy about?",
        "What does Velmor's 10-Q say about restructuring?",
        "What did Velmor's 8-K say the new credit agreement may be used for?",
    ):
        assert not asks_overview(q), q


def test_a_summary_question_cites_a_sentence_of_each_main_section(
    folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "handbook.md", HANDBOOK)
    a = ChatService(folio).ask("Summarize this handbook for me.", [doc]).answer
    assert not a.refused, a.answer
    said = a.answer.lower()
    for topic in ("crossings", "sea survival", "paid weekly"):  # sailings, safety, pay
        assert topic in said, a.answer
    assert "dated:" not in said and "signed for" not in said, a.answer  # not the covers
    assert len({c.chunk_id for c in a.citations}) >= 3, a.citations


def test_a_chinese_overview_question_gets_the_chinese_overview(
    folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "guide.md", GUIDE_ZH)
    a = ChatService(folio).ask("这份指南主要讲了什么？", [doc]).answer
    assert not a.refused and a.language == "zh", a.answer
    assert "闭馆" in a.answer and "五本" in a.answer, a.answer
    assert len(a.citations) >= 2, a.citations


def test_only_whole_sentences_make_an_overview() -> None:
    from agent.overview import _said

    chunk = "1、资产负债表项目变动的情况及原因\n公司本期收入增长12%。法定代表人：张三"
    assert _said("公司本期收入增长12%", chunk)  # its end mark follows it in the chunk
    assert not _said("1、资产负债表项目变动的情况及原因", chunk)  # a heading
    assert not _said("法定代表人：张三", chunk)  # a signature line
    assert not _said("not in the chunk.", chunk)


def test_check_box_boilerplate_is_no_summary_sentence() -> None:
    from pipeline.knowledge.summary import _FORM

    assert _FORM.search("□适用 √不适用 公司报告期不存在证券投资。")
    assert not _FORM.search("公司报告期营业收入增长12%。")


def test_an_overview_of_a_document_the_scope_does_not_hold_is_refused(
    folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "handbook.md", HANDBOOK)
    a = ChatService(folio).ask("Summarize the Brackwater Shipping annual report", [doc]).answer
    assert a.refused and "Brackwater" in a.answer, a.answer
    named = ChatService(folio).ask("Summarize the Tarnwell Ferry handbook", [doc]).answer
    assert not named.refused and "crossings" in named.answer, named.answer


FILING = """# Velmor Systems, Inc. — Form 10-K

## Item 1. Business

Unless the context requires otherwise, the terms we, us and our refer to Velmor Systems,
Inc. and its subsidiaries. Velmor Systems, Inc. is a public limited company incorporated
under the laws of Delaware. Today, we are a leading maker of industrial pumps and valves
for water utilities, mining and chemical plants. We sell through distributors in forty
countries.

## Item 7. Results of operations

Net sales rose to 2,310 million dollars in fiscal 2025. We provide disclosure of matters
where we believe a loss is reasonably possible.
"""


def test_questions_about_what_the_subject_is_or_does() -> None:
    from agent.answer_kinds import asks_about_subject

    for q in (
        "What does Velmor do?",
        "What industry does Velmor Systems primarily operate in?",
        "What is Velmor's business?",
        "What does the company do?",
        "公司主要从事什么业务？",
    ):
        assert asks_about_subject(q), q
    for q in (
        "What does Velmor do with Aston?",  # two names: one about the other
        "What is EBITDA?",
        "What were net sales in FY2025?",
        "Who is the chief executive?",
        "Summarize this report",
        "When does the company's fiscal year end?",  # a date, whose words say nothing else
        "On what date did Velmor's fiscal year end?",
    ):
        assert not asks_about_subject(q), q


def test_the_subject_is_described_by_the_sentence_saying_what_it_is(
    folio: Folio, tmp_path: Path
) -> None:
    from pipeline.knowledge.describe import self_description

    opening = [
        "Velmor Systems, Inc. is a public limited company incorporated under Delaware law.",
        "Today, we are a leading maker of industrial pumps.",
    ]
    assert self_description(opening, "Velmor") == 1  # the business over the legal form
    assert self_description(opening[:1], "Velmor") == 0  # the legal form as a last resort
    assert self_description(["公司是一家从事水泵制造的企业。"], "") == 0
    doc = ingest_text(folio, tmp_path, "velmor-10k.md", FILING)
    a = ChatService(folio).ask("What industry does Velmor primarily operate in?", [doc]).answer
    assert not a.refused and a.answer.startswith("Today, we are a leading maker"), a.answer
    summary = ChatService(folio).ask("Summarize this report", [doc]).answer.answer
    assert "leading maker of industrial pumps" in summary.split("\n")[1], summary
    other = ChatService(folio).ask("What does Brackwater Shipping do?", [doc]).answer
    assert other.refused and "Brackwater" in other.answer, other.answer
