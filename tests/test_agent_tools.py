"""Tool behaviour: term lookup with its search fallback, and a scope that is not ready yet."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace

import pytest

import agent.tools
import pipeline.reads
from agent.context import ChatContext
from agent.models import ChatModels
from agent.scope import StatsCache
from agent.service import ChatService
from pipeline.corpus import Corpus
from pipeline.knowledge.api import TermMatch
from pipeline.service import Folio
from pipeline.store.db import Database
from testkit.agentdocs import OTHER_MD, ingest_text


def _statuses(chat: ChatService, question: str, doc: str) -> tuple[list[str], object]:
    seen: list[str] = []
    event = chat.ask(question, [doc], on_event=lambda e: seen.append(getattr(e, "message", "")))
    return seen, event.answer


def test_what_is_questions_look_the_term_up_and_fall_back_to_search(
    folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "contoso.md", OTHER_MD)
    seen, answer = _statuses(ChatService(folio), "What is Vaxiflu?", doc)
    assert "looking up: Vaxiflu" in seen
    assert answer.citations and "Vaxiflu" in answer.citations[0].quote  # type: ignore[attr-defined]


def test_term_base_matches_are_used_when_present(
    folio: Folio, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = ingest_text(folio, tmp_path, "contoso.md", OTHER_MD)
    chunk = next(c for c in folio.store.chunks(doc) if "sells the vaccine" in c.text)
    asked: list[tuple[list[str], str]] = []

    def fake_lookup(
        db: Database, doc_ids: Sequence[str], term: str, *, k: int = 3
    ) -> list[TermMatch]:
        asked.append((list(doc_ids), term))
        return [
            TermMatch(
                term="Vaxiflu",
                definition="the vaccine Contoso Pharma sells in forty countries",
                doc_id=doc,
                chunk_id=chunk.chunk_id,
                page=1,
            ),
            TermMatch(term="Vaxiflu", doc_id="someone-else", chunk_id="someone-else#0", page=1),
        ]

    monkeypatch.setattr(pipeline.reads, "lookup_terms", fake_lookup)  # what Folio asks
    answer = ChatService(folio).ask("What is Vaxiflu?", [doc]).answer
    assert asked == [([doc], "Vaxiflu")]
    assert [c.chunk_id for c in answer.citations][:1] == [chunk.chunk_id]
    assert all(c.doc_id == doc for c in answer.citations)


def test_a_document_still_being_indexed_is_answered_with_a_notice(
    folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "contoso.md", OTHER_MD)
    folio.store.set_status(doc, "index", "running")
    answer = ChatService(folio).ask("What is Vaxiflu?", [doc]).answer
    assert answer.refused and not answer.citations and answer.retrieval_rounds == 0
    assert answer.notice and "processed" in answer.notice


def test_a_caption_or_a_lead_in_announces_the_chunk_after_it() -> None:
    from agent.evidence import Passage

    def said(text: str) -> bool:
        return agent.tools._announces(
            Passage(chunk_id="d#3", doc_id="d", page=4, page_end=4, text=text)
        )

    assert said("二、报告期末股东总数及前十名股东持股情况表\n单位：股")  # its table follows
    assert said("Selected Financial Data (in millions, except per share data)")
    assert said("The following table summarizes revenues by geographic area:")
    # a paragraph that happens to end with a unit says its own thing
    long = "Revenue grew in every region, led by the new product lines. " * 3
    assert not said(long + "(in millions)")
    assert not said("Revenue grew in every region.")


def test_read_page_reads_the_named_documents_page_and_never_widens_the_scope(
    folio: Folio, tmp_path: Path
) -> None:
    one = ingest_text(folio, tmp_path, "contoso.md", OTHER_MD)
    two = ingest_text(folio, tmp_path, "fabrikam.md", "# Fabrikam\n\nFabrikam makes bicycles.\n")
    outside = ingest_text(folio, tmp_path, "outside.md", "# Tailspin\n\nTailspin flies.\n")
    ctx = ChatContext(corpus=Corpus(folio, (one, two)), models=ChatModels(), stats=StatsCache())
    rt = SimpleNamespace(context=ctx, state=None, stream_writer=lambda _: None)

    def docs(document: str) -> set[str]:
        _, artifact = agent.tools.read_page(1, document, runtime=rt)  # type: ignore[arg-type]
        return {p["doc_id"] for p in artifact["passages"]}

    assert docs("") == {one, two}
    assert docs(f"{two}#3") == {two}  # a citation id names its document
    assert docs(outside) == {one, two}  # not in the scope: the scope's pages, never its


def _filing(folio: Folio, tmp_path: Path, name: str, text: str) -> str:
    """An invented company's filing: one section under a heading."""
    return ingest_text(folio, tmp_path, name, f"# Products\n\n{text}\n")


def test_a_question_naming_one_company_of_the_scope_is_asked_of_its_documents(
    folio: Folio, tmp_path: Path
) -> None:
    names = (
        "KESTRELVANE_OUTDOOR_EQUIPMENT_2025_10K.md",
        "ORRIN_LABS_2025_10K.md",
        "ORRIN_LABS_SCIENTIFIC_INSTRUMENTS_2025Q4_EARNINGS.md",
    )
    kestrel = _filing(folio, tmp_path, names[0], "The company sells kayaks.")
    orrin = _filing(folio, tmp_path, names[1], "The company sells microscopes.")
    release = _filing(folio, tmp_path, names[2], "Sales of microscopes rose 4%.")
    scope = [kestrel, orrin, release]
    answer = ChatService(folio).ask("What does Orrin sell?", scope).answer
    assert answer.citations and {c.doc_id for c in answer.citations} <= {orrin, release}, answer
    assert "microscopes" in answer.answer
    # the notice names the company's documents in one line a phone shows whole
    assert answer.notice and "ORRIN_LABS" in answer.notice, answer.notice
    assert "KESTREL" not in answer.notice and _one_short_line(answer.notice), answer.notice
    both = ChatService(folio).ask("What does the company sell?", scope).answer
    cited = {c.doc_id for c in both.citations}
    assert cited <= set(scope) and cited, both
    if len(cited) == 1 or cited == {orrin, release}:  # one company's answer: say whose
        used, other = ("KESTREL", "ORRIN") if cited == {kestrel} else ("ORRIN", "KESTREL")
        assert both.notice and used in both.notice and other not in both.notice, both.notice
        assert _one_short_line(both.notice), both.notice
    else:
        assert not both.notice


PHONE_LINE = 80  # characters: one line of a phone's chat, the answer's notice included


def _one_short_line(notice: str) -> bool:
    return "\n" not in notice and len(notice) <= PHONE_LINE


def test_one_company_s_documents_need_no_word_on_which_company(
    folio: Folio, tmp_path: Path
) -> None:
    release = _filing(folio, tmp_path, "ORRIN_LABS_2025Q4_EARNINGS.md", "Sales rose 4%.")
    annual = _filing(folio, tmp_path, "ORRIN_LABS_2025_10K.md", "The company sells microscopes.")
    answer = ChatService(folio).ask("What does the company sell?", [release, annual]).answer
    assert answer.citations and not answer.notice, answer


def test_articles_that_are_no_company_s_report_get_no_word_on_which_company(
    folio: Folio, tmp_path: Path
) -> None:
    heron = ingest_text(folio, tmp_path, "heron.txt", "The grey heron nests in tall trees.\n")
    maple = ingest_text(folio, tmp_path, "maple.txt", "The sugar maple grows in cold hills.\n")
    answer = ChatService(folio).ask("Where does the grey heron nest?", [heron, maple]).answer
    assert {c.doc_id for c in answer.citations} == {heron}, answer
    assert not answer.notice, answer.notice
