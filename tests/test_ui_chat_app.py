"""The chat tab's handlers against a real Folio (fake embedder), without a browser or a
server: streaming, citation cards and the page pane, follow-ups, conversations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import gradio as gr
import pytest
from PIL import Image

from agent.schemas import Answer, Citation
from testkit import pdfgen
from tests.uikit import ingest, leave_pdf
from ui import chat, chat_page, pagepane
from ui.labels import Labels
from ui.services import Services


def _handlers(services: Services) -> chat.ChatHandlers:
    with gr.Blocks():
        c = chat.build(Labels())
    return chat.ChatHandlers(c, services)


def _run_ask(services: Services, question: str, lang: str = "en") -> list[list[Any]]:
    return list(_handlers(services).ask(question, None, None, [], lang))


def test_chat_streams_then_shows_cards_followups_and_the_cited_page(
    services: Services, tmp_path: Path
) -> None:
    ingest(services, leave_pdf(tmp_path / "handbook.pdf"))
    steps = _run_ask(services, "How many days of annual leave carry over?")
    assert len(steps) >= 3  # searching…, streamed tokens…, final
    first_bot = steps[0][0][-1]
    assert first_bot["metadata"]["status"] == "pending"
    final = steps[-1]
    shown, cards = final[0], final[2]
    assert shown[-2]["metadata"]["status"] == "done"
    assert "folio-cite" in shown[-1]["content"]
    assert 'class="folio-card active" data-marker="1"' in cards
    caption, image = final[10], final[11]
    assert "handbook.pdf — page 1 of 1" in caption
    assert 'data-highlights="' in caption and 'data-highlights="0"' not in caption
    # the page, saved where its caption names it (ui/pane_image.py)
    assert Image.open(image["value"]).size[0] > 100 and image["visible"] is True
    cid = final[8]
    assert cid and services.chat.history(cid)


def test_chat_without_documents_warns_instead_of_failing(services: Services) -> None:
    """A toast, and the question shown with a reply saying what to do (a toast fades: a
    first visitor's question had vanished with no reply)."""
    with pytest.warns(UserWarning, match="Upload a document"):
        steps = _run_ask(services, "anything?")
    assert len(steps) == 1
    shown = steps[0][0]
    assert [m["role"] for m in shown] == ["user", "assistant"]
    assert "anything?" in str(shown[0]["content"])
    assert "Upload a document" in str(shown[1]["content"])


def test_citation_click_moves_the_pane_to_its_page(services: Services, tmp_path: Path) -> None:
    pdf = pdfgen.headed_pdf(tmp_path / "report.pdf", pages=3)
    ingest(services, pdf)
    (doc,) = services.folio.documents()
    chunks = services.folio.store.chunks(doc.doc_id)
    on3 = next(c for c in chunks if c.page_start == 3)
    answer = Answer(
        answer="Growth was 13 percent [1] and 11 percent [2].",
        citations=[
            Citation(marker=1, chunk_id=on3.chunk_id, doc_id=doc.doc_id, page=3,
                     quote="revenue grew by 13 percent"),
            Citation(marker=2, chunk_id=chunks[0].chunk_id, doc_id=doc.doc_id, page=1,
                     quote="revenue grew by 11 percent"),
        ],
    )  # fmt: skip
    h = _handlers(services)
    out = h.show_citation(answer, "en", gr.EventData(None, {"marker": 1}))
    assert 'class="folio-card active" data-marker="1"' in out[0]
    assert "page 3 of 3" in out[1] and 'data-highlights="1"' in out[1]
    target = out[-1]
    assert target.page == 3 and target.active == 1
    # Page navigation keeps every highlight of that document.
    back = pagepane.updates(services, pagepane.PaneTarget(doc.doc_id, 1, target.marks, 1), "zh")
    assert "第 1 页，共 3 页" in back[0] and 'data-highlights="1"' in back[0]


def test_non_pdf_citation_shows_the_passage_with_the_span_marked(
    services: Services, tmp_path: Path
) -> None:
    md = tmp_path / "notes.md"
    md.write_text(
        "# Notes\n\nThe <b>secret</b> code is 4711 and never changes.\n", encoding="utf-8"
    )
    ingest(services, md)
    (doc,) = services.folio.documents()
    chunk = services.folio.store.chunks(doc.doc_id)[0]
    cited = Citation(
        marker=1, chunk_id=chunk.chunk_id, doc_id=doc.doc_id, page=1, quote="code is 4711"
    )
    answer = Answer(answer="It is 4711 [1].", citations=[cited])
    target = pagepane.target_for_citation(services, answer, 1)
    v = pagepane.view(services, target, "en")
    assert v.image is None and v.passage is not None
    assert "<mark>code is 4711</mark>" in v.passage
    assert "&lt;b&gt;secret&lt;/b&gt;" in v.passage and "<b>secret" not in v.passage
    assert "line 3 · Notes" in v.passage


def test_followups_fill_the_buttons_and_hide_the_rest() -> None:
    a = Answer(answer="x", follow_up_questions=["When?", "Who?"])
    first, second, third = chat._followup_updates(a)
    assert first == gr.update(value="When?", visible=True)
    assert second["value"] == "Who?" and third["visible"] is False


def test_conversations_can_be_reopened_renamed_and_deleted(
    services: Services, tmp_path: Path
) -> None:
    ingest(services, leave_pdf(tmp_path / "handbook.pdf"))
    h = _handlers(services)
    final = list(h.ask("How many days carry over?", None, None, [], "en"))[-1]
    cid = final[8]
    assert cid in [v for _, v in chat.conversation_choices(services, "en")]

    shown, cards, *_ = opened = h.open(cid, "en")
    assert [m["role"] for m in shown] == ["user", "assistant"]
    assert "folio-card" in cards and opened[6] is not None  # the answer is back in state
    hidden, choices = h.save_title(cid, "  Leave rules  ", "en")
    assert hidden["visible"] is False and ("Leave rules", cid) in choices["choices"]

    after = h.delete(cid, "en")
    assert after[0] == [] and after[-1]["choices"] == [] and after[-1]["value"] is None


def test_a_reloaded_page_reopens_the_last_conversation_once(
    services: Services, tmp_path: Path
) -> None:
    ingest(services, leave_pdf(tmp_path / "handbook.pdf"))
    h = _handlers(services)
    first = list(h.ask("How many days carry over?", None, None, [], "en"))[-1][8]
    last = list(h.ask("When do carried-over days expire?", None, None, [], "en"))[-1][8]
    assert first != last
    moves = chat.ChatMoves()
    restored_outputs = chat_page.reopen_last(h, False, None, "en", moves)  # a new page
    restored, shown, *_, radio = restored_outputs
    assert restored is True and [m["role"] for m in shown] == ["user", "assistant"]
    assert "expire" in shown[0]["content"] and radio["value"] == last
    # Once per page: a later language switch after "New chat" leaves the empty chat alone.
    again = chat_page.reopen_last(h, True, None, "en", moves)
    assert again[0] is True and all(v == gr.skip() for v in again[1:])
    # A page that already shows a conversation keeps it.
    kept = chat_page.reopen_last(h, False, first, "en", moves)
    assert all(v == gr.skip() for v in kept[1:])
    # A "New chat" clicked on a new page before the reopen ran: the empty chat stays.
    moves.moved()
    fresh = chat_page.reopen_last(h, False, None, "en", moves)
    assert fresh[0] is True and all(v == gr.skip() for v in fresh[1:])
    # The reopened conversation leaves the picker empty (every document), where a click on
    # it picks its documents: a document uploaded since is asked about in it too.
    clicked = h.open(last, "en")
    picked = next(i for i, v in enumerate(clicked) if isinstance(v, dict) and v.get("value"))
    assert clicked[picked]["value"] == [d.doc_id for d in services.folio.documents()]
    assert restored_outputs[1 + picked] == gr.skip()
    note = tmp_path / "crane-note.md"
    note.write_text("# Crane\n\nThe harbour crane lifts 42 tonnes at most.\n", encoding="utf-8")
    ingest(services, note)
    turn = list(h.ask("How many tonnes does the harbour crane lift?", [], last, shown, "en"))
    said = turn[-1][0][-1]["content"]
    assert "42" in said and turn[-1][8] == last, said


def test_a_language_redraw_leaves_a_chat_the_visitor_moved_to_alone(
    services: Services, tmp_path: Path
) -> None:
    """The switch's redraw began in the old conversation; a "New chat" clicked meanwhile
    (the moves counted since) must not get the old conversation written back over it."""
    ingest(services, leave_pdf(tmp_path / "handbook.pdf"))
    with gr.Blocks():
        c = chat.build(Labels())
    h = chat.ChatHandlers(c, services)
    moves = chat.ChatMoves()
    turn = list(h.ask_moved("How many days carry over?", None, None, [], "en", moves))[-1]
    shown, cid = turn[0], turn[8]
    since = moves.n
    drawn = chat_page.refresh_language(
        h, None, None, shown, cid, lang="zh", unless_moved=(moves, since)
    )
    assert drawn[0] == drawn[1] and "离线" in str(drawn[0])  # not moved: redrawn in Chinese
    h.new("zh", moves)
    left = chat_page.refresh_language(
        h, None, None, shown, cid, lang="zh", unless_moved=(moves, since)
    )
    assert left == [gr.skip()] * len(drawn)
