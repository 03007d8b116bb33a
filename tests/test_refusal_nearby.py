"""A plain refusal names the sections the search found nearest (agent/models/nearby.py)."""

from __future__ import annotations

from pathlib import Path

from agent.evidence import Evidence, Passage
from agent.models.nearby import nearby_note
from agent.service import ChatService
from agent.support import is_factual
from pipeline.service import Folio
from testkit.agentdocs import REPORT_MD, ingest_text


def _passage(cid: str, section: str, page: int, score: float) -> Passage:
    return Passage(
        chunk_id=cid, doc_id="d", page=page, page_end=page, section=section, text="x", score=score
    )


def _found(*passages: Passage, reads: str = "search") -> Evidence:
    return Evidence(tool="search_document", reads=reads, query="q", passages=list(passages))


def test_the_two_best_ranked_distinct_sections_are_named_with_their_pages() -> None:
    ev = _found(
        _passage("d#3", "Part II > Harbour fees", 7, 0.4),
        _passage("d#1", "Part I > Ferry timetable", 3, 0.9),
        _passage("d#2", "Part I > Ferry timetable", 4, 0.8),
        _passage("d#9", "Annex", 12, 0.1),
    )
    en = nearby_note([ev], "en")
    assert "“Ferry timetable” (p. 3) and “Harbour fees” (p. 7)" in en, en
    assert "Annex" not in en and "Part I" not in en
    zh = nearby_note([ev], "zh")
    assert "“Ferry timetable”（第3页）、“Harbour fees”（第7页）" in zh, zh
    # it stays a refusal's sentence: no claim about the subject that would need a source
    assert not is_factual(en.strip()) and not is_factual(zh)


def test_nothing_is_named_without_a_headed_search_result() -> None:
    assert nearby_note([], "en") == ""
    assert nearby_note([_found(_passage("d#1", "", 2, 0.9))], "en") == ""
    overview = _found(_passage("d#1", "Ferry timetable", 2, 0.9), reads="overview")
    assert nearby_note([overview], "zh") == ""


def test_an_unpaginated_note_names_sections_without_page_one() -> None:
    ev = _found(_passage("d#1", "Ferry timetable", 1, 0.9))
    assert nearby_note([ev], "en") == (
        " The nearest sections, which do not say it either, are “Ferry timetable”."
    )


def test_a_refusal_says_which_sections_come_nearest_in_the_question_language(
    folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    chat = ChatService(folio)
    for asked, lead in (
        ("How many weeks of sabbatical leave do employees get?", "The nearest sections"),
        ("员工的育儿假有几周？", "最接近的章节是"),
    ):
        a = chat.ask(asked, [doc]).answer
        assert a.refused and a.citations == [], a.answer
        assert lead in a.answer, a.answer
        assert "“Results”" in a.answer or "“Stores”" in a.answer, a.answer


def test_a_section_of_a_document_without_pages_is_named_without_a_page() -> None:
    note = _passage("n#1", "Ferry timetable", 1, 0.9).model_copy(update={"paged": False})
    ev = _found(note, _passage("r#4", "Harbour fees", 7, 0.4))
    assert "“Ferry timetable” and “Harbour fees” (p. 7)" in nearby_note([ev], "en")
