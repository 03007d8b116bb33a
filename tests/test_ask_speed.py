"""What an answer no longer pays for each time — built tools, a whole document read for
one page, a checkpoint per step — gives the same results as before."""

from __future__ import annotations

from pathlib import Path

from agent.service import ChatService
from agent.toolset import make_tools
from pipeline.service import Folio
from pipeline.workspace import thread_id
from testkit import pdfgen
from testkit.agentdocs import REPORT_MD, ingest_text


def test_a_pages_chunks_are_read_without_the_rest_of_the_document(
    folio: Folio, tmp_path: Path
) -> None:
    pdf = pdfgen.contents_pdf(tmp_path / "book.pdf", chapters=4)
    doc_id = folio.ingest([pdf], wait=True)[0].doc_id
    assert doc_id is not None
    every = folio.store.chunks(doc_id)
    pages = sorted({p for ch in every for p in range(ch.page_start, ch.page_end + 1)})
    assert len(pages) >= 3
    for page in pages:
        covering = [ch for ch in every if ch.page_start <= page <= ch.page_end]
        assert folio.store.chunks_on_page(doc_id, page) == covering
    assert folio.store.chunks_on_page(doc_id, 99) == []
    other = folio.scoped("someone-else")  # another workspace never reads them
    assert other.store.chunks_on_page(doc_id, pages[0]) == []


def test_tools_are_built_once_and_handed_out_as_a_fresh_list() -> None:
    first, again = make_tools("en"), make_tools("en")
    assert first == again and first is not again
    assert all(a is b for a, b in zip(first, again, strict=True))
    first.clear()  # a caller's list is its own
    assert len(make_tools("en")) == len(again)
    assert {t.description for t in make_tools("zh")} != {t.description for t in again}


def test_memory_kept_at_the_end_of_a_turn_carries_follow_ups(folio: Folio, tmp_path: Path) -> None:
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    chat = ChatService(folio)
    chat.warm_up()
    assert chat._stats._data, "the document's word statistics are built before the first question"
    first = chat.ask("How many stores did Northwind Traders operate?", [doc])
    assert "318" in first.answer.answer
    state = chat.graph.get_state(
        {"configurable": {"thread_id": thread_id(folio.workspace, first.conversation_id)}}
    )
    assert len(state.values["turns"]) == 1  # the finished turn is checkpointed
    again = chat.ask("And a year earlier?", [doc], first.conversation_id)
    assert "305" in again.answer.answer
