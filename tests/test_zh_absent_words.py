"""A Chinese question word the document never writes: read as the longest word inside it
that the document does write ("重要" of "重要性"), and not counted as absent when it only
phrases the question ("体现", or "由谁来", glued to a question word). A content word the
document never writes at all still counts. Invented names and sentences."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.features import Ask, hits, make_ask

TEXT = "由于青岚镇的地理位置重要，一直是商旅往来的要道。"


def _ask(question: str, df: dict[str, int], missing: list[str]) -> Ask:
    p = Passage(chunk_id="ql#2", doc_id="ql", page=2, page_end=2, text=TEXT, rank=1)
    ev = Evidence(
        tool="search_document",
        query=question,
        passages=[p],
        term_df=df,
        scope_chunks=60,
        missing=missing,
    )
    return make_ask(question, [ev])


def test_a_word_the_document_writes_shorter_is_used_not_absent() -> None:
    question = "青岚镇地理位置的重要性体现在哪些方面？"
    df = {"青岚镇": 4, "地理位置": 1, "重要性": 0, "重要": 3, "体现": 0, "哪些方面": 0}
    ask = _ask(question, df, ["重要性", "体现", "哪些方面"])
    assert "重要" in ask.weights and "重要性" not in ask.weights
    assert "重要" in hits(ask, TEXT)
    assert ask.absent == 0.0  # what is missing only phrases the question


def test_a_content_word_never_written_is_still_absent() -> None:
    question = "青岚镇的港口由谁来管理？"
    df = {"青岚镇": 4, "港口": 0, "由谁来": 0, "管理": 0}
    ask = _ask(question, df, ["港口", "由谁来", "管理"])
    assert ask.absent > 0.0
    # the question word glued to its neighbours weighs nothing of what is absent
    alone = _ask("青岚镇的港口在哪里？", {"青岚镇": 4, "港口": 0}, ["港口"])
    assert alone.absent > 0.0
