"""Chat tab: conversations, streamed cited answers, source cards and the page pane."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import gradio as gr

from agent.schemas import Answer
from pipeline.errors import CLIENT_ERRORS
from pipeline.knowledge.title import picked_title
from ui import pagepane
from ui.i18n import t
from ui.labels import Labels
from ui.messages import (
    MAX_FOLLOWUPS,
    ChatMessage,
    Turn,
    apply,
    citation_cards_html,
    followups,
    history_messages,
    last_answer,
    turn_messages,
    user_message,
)
from ui.row_heads import citation_heads
from ui.safe import md_text
from ui.services import Services
from ui.streaming import iterate_in_thread

log = logging.getLogger(__name__)

CARDS_JS = """
element.addEventListener('click', (e) => {
  const card = e.target.closest('[data-marker]');
  if (card) trigger('click', {marker: Number(card.dataset.marker)});
});
"""


@dataclass
class ChatMoves:
    """How many times this page's visitor opened, started, deleted or asked in a conversation.

    Held in a ``gr.State`` and changed in place (never an event's output), so an event that
    took its inputs before a move sees the move when it ends: the language switch's redraw,
    which began with the old conversation, then leaves the chat alone instead of writing it
    back over a "New chat" clicked meanwhile.
    """

    n: int = 0

    def moved(self) -> None:
        self.n += 1


@dataclass
class ChatComponents:
    docs: gr.Dropdown
    new: gr.Button
    conversations: gr.Radio
    rename: gr.Button
    delete: gr.Button
    rename_row: gr.Row
    title: gr.Textbox
    save: gr.Button
    chatbot: gr.Chatbot
    followups: list[gr.Button]
    question: gr.Textbox
    send: gr.Button
    cards: gr.HTML
    pane: pagepane.PaneComponents
    messages: gr.State
    conversation: gr.State
    answer: gr.State
    moves: gr.State


def build(labels: Labels) -> ChatComponents:
    with gr.Row(equal_height=False, elem_id="chat-layout"):
        with gr.Column(scale=2, min_width=220, elem_classes=["folio-sidebar"]):
            docs = labels.make(
                gr.Dropdown,
                {"label": "chat.docs", "info": "chat.docs_info"},
                choices=[],
                multiselect=True,
                # Choices arrive with the timer; a stale id must reach the handler (the
                # scope keeps only the workspace's documents), not fail every tick.
                allow_custom_value=True,
                elem_id="chat-docs",
            )
            new = labels.make(
                gr.Button, {"value": "chat.new"}, variant="secondary", elem_id="chat-new"
            )
            conversations = labels.make(
                gr.Radio, {"label": "chat.conversations"}, choices=[], elem_id="chat-conversations"
            )
            with gr.Row(elem_classes=["folio-conv-actions"]):
                rename = labels.make(gr.Button, {"value": "chat.rename"}, size="sm", min_width=60)
                delete = labels.make(
                    gr.Button, {"value": "chat.delete"}, size="sm", variant="stop", min_width=60
                )
            with gr.Row(visible=False) as rename_row:
                title = labels.make(gr.Textbox, {"label": "chat.title"}, scale=3)
                save = labels.make(gr.Button, {"value": "chat.save"}, size="sm", scale=1)
        with gr.Column(scale=5, min_width=360):
            chatbot = labels.make(
                gr.Chatbot,
                {"placeholder": "chat.placeholder"},
                show_label=False,
                height=460,
                layout="bubble",
                buttons=["copy"],
                feedback_options=None,
                latex_delimiters=[],
                allow_tags=False,
                sanitize_html=True,
                elem_id="chat-bot",
            )
            with gr.Row(elem_classes=["folio-followups"]):
                fus = [
                    gr.Button("", visible=False, size="sm", elem_id=f"chat-followup-{i}")
                    for i in range(MAX_FOLLOWUPS)
                ]
            with gr.Row(equal_height=True, elem_id="chat-ask"):
                question = labels.make(
                    gr.Textbox,
                    {"placeholder": "chat.question_ph", "label": "chat.question"},
                    show_label=False,
                    container=False,
                    scale=6,
                    lines=1,
                    max_lines=4,
                    autofocus=True,
                    elem_id="chat-question",
                )
                send = labels.make(
                    gr.Button,
                    {"value": "chat.send"},
                    variant="primary",
                    scale=1,
                    elem_id="chat-send",
                )
            cards = gr.HTML("", js_on_load=CARDS_JS, elem_id="chat-cards")
        with gr.Column(scale=5, min_width=360, elem_classes=["folio-pane"]):
            pane = pagepane.build(labels, "chat-pane")
    return ChatComponents(
        docs, new, conversations, rename, delete, rename_row, title, save, chatbot, fus,
        question, send, cards, pane, gr.State([]), gr.State(None), gr.State(None),
        gr.State(ChatMoves()),
    )  # fmt: skip


# --- handlers ------------------------------------------------------------------------------


def _cards(services: Services, answer: Answer | None, lang: str, active: int | None) -> str:
    docs = services.folio.documents()
    names = {d.doc_id: picked_title(d.title, d.name) for d in docs}  # as the pickers
    unpaged = {d.doc_id for d in docs if d.kind != "pdf"}
    heads = citation_heads(answer.citations, services.folio.get_chunks) if answer else {}
    return citation_cards_html(
        answer, lang, active=active, doc_names=names, unpaged=unpaged, heads=heads
    )


def _scope(services: Services, selected: list[str] | None) -> list[str]:
    """The selected documents, or every searchable one when none is selected."""
    if selected:
        return list(selected)
    return [d.doc_id for d in services.folio.documents() if d.searchable]


def _followup_updates(answer: Answer | None) -> list[Any]:
    qs = followups(answer)
    return [
        gr.update(value=qs[i], visible=True) if i < len(qs) else gr.update(value="", visible=False)
        for i in range(MAX_FOLLOWUPS)
    ]


def conversation_choices(services: Services, lang: str) -> list[tuple[str, str]]:
    convs = services.chat.conversations()
    return [(c.title or t("chat.untitled", lang), c.conversation_id) for c in reversed(convs)]


def _first_marker(answer: Answer | None) -> int | None:
    if answer is None or not answer.citations:
        return None
    return min(c.marker for c in answer.citations)


def _pane_for(
    services: Services, answer: Answer | None, marker: int | None, lang: str
) -> list[Any]:
    target = None
    if answer is not None and marker is not None:
        target = pagepane.target_for_citation(services, answer, marker)
    return pagepane.updates(services, target, lang)


class ChatHandlers:
    """Event handlers; each returns values in the order of its ``outputs`` list."""

    def __init__(self, c: ChatComponents, services: Services) -> None:
        self.c = c
        self.s = services

    @property
    def turn_outputs(self) -> list[Any]:
        c = self.c
        return [
            c.chatbot, c.question, c.cards, *c.followups, c.messages, c.answer,
            c.conversation, c.conversations, *c.pane.outputs,
        ]  # fmt: skip

    def _turn_values(
        self, shown: list[ChatMessage], *, cards: Any = None, final: list[Any] | None = None
    ) -> list[Any]:
        skip = gr.skip()
        head = [shown, "", skip if cards is None else cards]
        rest = final or [skip] * (MAX_FOLLOWUPS + 4 + len(self.c.pane.outputs))
        return head + rest

    def _started(self, shown: list[ChatMessage], lang: str) -> list[Any]:
        """A question just asked: no sources yet, and neither the last answer's follow-ups
        nor its page (they belong to that answer, no longer shown under the question)."""
        hidden = [gr.update(visible=False)] * MAX_FOLLOWUPS
        rest = [*hidden, *[gr.skip()] * 4, *pagepane.waiting(lang)]
        return self._turn_values(shown, cards=citation_cards_html(None, lang), final=rest)

    def ask(
        self,
        question: str,
        selected: list[str] | None,
        conversation: str | None,
        messages: list[ChatMessage],
        lang: str,
    ) -> Iterator[list[Any]]:
        question = (question or "").strip()
        limit = self.s.root.settings.max_question_chars
        if not question or len(question) > limit:
            said = t("chat.empty_question", lang) if not question else None
            gr.Info(said or t("chat.long_question", lang, n=len(question), limit=limit))
            yield self._turn_values(messages, cards=None)
            return
        doc_ids = _scope(self.s, selected)
        if not doc_ids:
            # Said in the chat as well as in a toast: a toast fades, and a question that
            # vanished with no reply read as a broken app to a first visitor.
            said = t("chat.no_docs", lang)
            gr.Warning(said)
            hint: ChatMessage = {"role": "assistant", "content": md_text(said)}
            yield self._turn_values([*messages, user_message(question), hint])
            return
        turn = Turn(question)
        started = time.monotonic()
        yield self._started(messages + turn_messages(turn, lang), lang)
        try:
            for event in iterate_in_thread(
                lambda: self.s.chat.stream(question, doc_ids, conversation)
            ):
                apply(turn, event)
                if turn.answer is None:
                    yield self._turn_values(messages + turn_messages(turn, lang))
        except Exception as exc:  # shown in the chat, never a stack trace
            if isinstance(exc, CLIENT_ERRORS):  # the visitor's request, not our fault: one line
                log.warning("answering refused: %s", exc)
            else:
                log.exception("answering failed")
            turn.error = str(exc) or type(exc).__name__
        if turn.seconds is None:
            turn.seconds = time.monotonic() - started
        yield self._finish(turn, messages, conversation, lang)

    def ask_moved(self, *inputs: Any) -> Iterator[list[Any]]:
        """:meth:`ask` from the page: its inputs, then the page's :class:`ChatMoves`."""
        *ask_inputs, moves = inputs
        moves.moved()
        yield from self.ask(*ask_inputs)

    def _finish(
        self, turn: Turn, messages: list[ChatMessage], conversation: str | None, lang: str
    ) -> list[Any]:
        shown = messages + turn_messages(turn, lang)
        answer = turn.answer
        marker = _first_marker(answer)
        cards = _cards(self.s, answer, lang, marker)
        cid = turn.conversation_id or conversation
        convs = gr.update(choices=conversation_choices(self.s, lang), value=cid)
        final = [
            *_followup_updates(answer), shown, answer, cid, convs,
            *_pane_for(self.s, answer, marker, lang),
        ]  # fmt: skip
        return self._turn_values(shown, cards=cards, final=final)

    def show_citation(self, answer: Answer | None, lang: str, evt: gr.EventData) -> list[Any]:
        marker = int(getattr(evt, "_data", {}).get("marker", 0) or 0)
        if answer is None or marker <= 0:
            return [gr.skip()] * (1 + len(self.c.pane.outputs))
        cards = _cards(self.s, answer, lang, marker)
        return [cards, *_pane_for(self.s, answer, marker, lang)]

    @property
    def open_outputs(self) -> list[Any]:
        c = self.c
        return [
            c.chatbot, c.cards, *c.followups, c.messages, c.answer, c.conversation, c.docs,
            c.rename_row, *c.pane.outputs,
        ]  # fmt: skip

    def open(self, conversation: str | None, lang: str, *, pick_docs: bool = True) -> list[Any]:
        """Reopen a stored conversation (or start a new one when ``conversation`` is None);
        ``pick_docs`` also sets the document picker to the conversation's documents."""
        history = self.s.chat.history(conversation) if conversation else []
        shown = history_messages(history, lang)
        answer = last_answer(history)
        marker = _first_marker(answer)
        docs: Any = gr.skip()
        if conversation and pick_docs:
            info = next(
                (c for c in self.s.chat.conversations() if c.conversation_id == conversation), None
            )
            if info is not None:
                docs = gr.update(value=list(info.doc_ids))
        cards = _cards(self.s, answer, lang, marker)
        return [
            shown, cards, *_followup_updates(answer), shown, answer, conversation, docs,
            gr.update(visible=False), *_pane_for(self.s, answer, marker, lang),
        ]  # fmt: skip

    def open_moved(self, conversation: str | None, lang: str, moves: ChatMoves) -> list[Any]:
        """The visitor picked a saved conversation."""
        moves.moved()
        return self.open(conversation, lang)

    def new(self, lang: str, moves: ChatMoves | None = None) -> list[Any]:
        if moves is not None:
            moves.moved()
        return [*self.open(None, lang), gr.update(value=None)]

    def start_rename(self, conversation: str | None, lang: str) -> list[Any]:
        if not conversation:
            return [gr.update(visible=False), gr.skip()]
        info = next(
            (c for c in self.s.chat.conversations() if c.conversation_id == conversation), None
        )
        return [gr.update(visible=True), info.title if info else ""]

    def save_title(self, conversation: str | None, title: str, lang: str) -> list[Any]:
        if conversation and title.strip():
            self.s.chat.rename(conversation, title.strip())
        choices = conversation_choices(self.s, lang)
        return [gr.update(visible=False), gr.update(choices=choices, value=conversation)]

    def delete(
        self, conversation: str | None, lang: str, moves: ChatMoves | None = None
    ) -> list[Any]:
        if moves is not None:
            moves.moved()
        if conversation:
            self.s.chat.delete(conversation)
        choices = conversation_choices(self.s, lang)
        return [*self.open(None, lang), gr.update(choices=choices, value=None)]


def wire(c: ChatComponents, services: Services, lang: gr.Radio) -> ChatHandlers:
    h = ChatHandlers(c, services)
    ask_inputs = [c.question, c.docs, c.conversation, c.messages, lang, c.moves]
    opts: dict[str, Any] = {"show_progress": "hidden", "concurrency_limit": 4}
    c.send.click(h.ask_moved, ask_inputs, h.turn_outputs, **opts)
    c.question.submit(h.ask_moved, ask_inputs, h.turn_outputs, **opts)
    for b in c.followups:
        c_inputs = [b, c.docs, c.conversation, c.messages, lang, c.moves]
        b.click(h.ask_moved, c_inputs, h.turn_outputs, **opts)
    # no progress overlay: Gradio's "queue: 1/1" is English in every interface language
    c.cards.click(
        h.show_citation, [c.answer, lang], [c.cards, *c.pane.outputs], show_progress="hidden"
    )
    c.conversations.input(h.open_moved, [c.conversations, lang, c.moves], h.open_outputs)
    c.new.click(h.new, [lang, c.moves], [*h.open_outputs, c.conversations])
    c.rename.click(h.start_rename, [c.conversation, lang], [c.rename_row, c.title])
    c.save.click(h.save_title, [c.conversation, c.title, lang], [c.rename_row, c.conversations])
    c.title.submit(h.save_title, [c.conversation, c.title, lang], [c.rename_row, c.conversations])
    c.delete.click(h.delete, [c.conversation, lang, c.moves], [*h.open_outputs, c.conversations])
    pagepane.wire(c.pane, services, lang)
    return h
