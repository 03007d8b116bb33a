"""A Chinese refusal names what the documents lack: the question's words no chunk of the
scope uses, else the thing the question asks for (``agent/models/absent.py``)."""

from __future__ import annotations

from pathlib import Path

from agent.evidence import Evidence
from agent.models.absent import absent_note, phrases
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

LIGHTHOUSE = """# 青屿灯塔

青屿灯塔位于东海的青屿岛上，是一座花岗岩石塔。

灯塔由工程师林素梅主持建造，1921年建成，塔高二十八米。

灯塔的光源最初使用煤油灯，1965年改为电灯。

现在灯塔由海事局管理，每年接待游客约三万人。
"""


def _search(df: dict[str, int]) -> Evidence:
    return Evidence(
        tool="search_document",
        query="q",
        passages=[],
        term_df=df,
        scope_chunks=10,
        missing=[w for w, n in df.items() if n == 0],
    )


def test_a_chinese_refusal_names_the_question_word_the_document_never_uses(
    folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "lighthouse.md", LIGHTHOUSE)
    chat = ChatService(folio)
    a = chat.ask("青屿岛的面积有多大？", [doc]).answer
    assert a.refused, a.answer
    assert "没有提到“面积”" in a.answer, a.answer
    assert "多大" not in a.answer  # how the question asks is not what the document lacks
    general = chat.ask("意大利的首都是哪座城市？", [doc]).answer
    assert general.refused and "“意大利”" in general.answer, general.answer


def test_only_a_word_the_documents_never_use_is_named_missing() -> None:
    used = _search({"林素梅": 2, "丈夫": 1})
    assert absent_note("林素梅的丈夫是谁？", [used]) == ""
    missing = _search({"林素梅": 2, "丈夫": 0})
    assert absent_note("林素梅的丈夫是谁？", [missing]) == "文档中没有提到“丈夫”。"


def test_nothing_is_named_missing_without_a_search() -> None:
    assert absent_note("林素梅的丈夫是谁？", []) == ""


def test_a_words_cuts_are_named_as_the_question_writes_it() -> None:
    assert phrases("澜沧湾港建于哪一年？", ["湾港", "澜沧"]) == ["澜沧湾港"]
    assert phrases("甲乙的丙丁", ["丙丁", "甲乙"]) == ["甲乙", "丙丁"]


def test_the_named_absence_follows_the_refusal_as_chinese_writes_it_with_no_space() -> None:
    from agent.citations import Claim
    from agent.nodes.finalize import _refusal_text

    said = ["依据不足：文档中没有找到能回答这个问题的内容。", "文档中没有提到“门票”。"]
    kept = [Claim(text=t, factual=False) for t in said]
    assert _refusal_text(kept, "zh") == "".join(said)


def test_a_word_for_the_document_itself_is_never_named_missing() -> None:
    # An English report never writes "文件" or "报告"; the question lacks nothing by them.
    for asked, df in (
        ("这份文件提到灯塔门票了吗？", {"文件": 0, "灯塔": 3, "门票": 0}),
        ("报告里有渡轮时刻表吗？", {"报告": 0, "渡轮": 0, "时刻表": 0}),
    ):
        note = absent_note(asked, [_search(df)])
        assert "文件" not in note and "报告" not in note, note
        assert "门票" in note or "渡轮" in note, note


def test_a_chinese_question_about_the_document_itself_is_answered_from_an_english_report(
    folio: Folio, tmp_path: Path
) -> None:
    from testkit.agentdocs import REPORT_MD

    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    a = ChatService(folio).ask("请问该文件的重点内容是什么？", [doc]).answer
    assert not a.refused and a.citations, a.answer
    assert "文件" not in a.answer, a.answer


def test_a_chinese_refusal_of_an_english_report_names_no_word_as_missing(
    folio: Folio, tmp_path: Path
) -> None:
    """An English report writes no Chinese word: "没有提到“产假”" would say of every word
    that the report lacks it, which tells the reader nothing."""
    from testkit.agentdocs import REPORT_MD

    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    a = ChatService(folio).ask("公司员工的育儿假有几周？", [doc]).answer
    assert a.refused, a.answer
    assert "没有提到“" not in a.answer and "育儿假" not in a.answer, a.answer


def test_passages_in_another_script_name_nothing_missing() -> None:
    from agent.evidence import Passage

    ev = _search({"育儿假": 0, "员工": 0})
    assert absent_note("员工的育儿假有几周？", [ev])  # nothing read: the words are named
    ev.passages = [Passage(chunk_id="c#1", doc_id="c", page=1, page_end=1, text="Stores: 318.")]
    assert absent_note("员工的育儿假有几周？", [ev]) == ""
    zh = Passage(chunk_id="c#2", doc_id="c", page=1, page_end=1, text="员工共有三百人。")
    ev.passages.append(zh)
    assert absent_note("员工的育儿假有几周？", [ev])
