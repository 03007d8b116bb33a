"""Chat tab redraws of the whole page: after a language switch (texts built in Python) and
once per page load (the conversation the visitor was last in). Split from ``chat.py``,
which builds the tab and handles its events."""

from __future__ import annotations

from typing import Any

import gradio as gr

from agent.schemas import Answer
from ui import pagepane
from ui.chat import (
    ChatComponents,
    ChatHandlers,
    ChatMoves,
    _cards,
    _first_marker,
    conversation_choices,
)
from ui.messages import ChatMessage, relabel_messages


def refresh_language(
    h: ChatHandlers,
    answer: Answer | None,
    target: pagepane.PaneTarget | None,
    messages: list[ChatMessage] | None,
    conversation: str | None,
    *,
    lang: str,
    unless_moved: tuple[ChatMoves, int] | None = None,
) -> list[Any]:
    """Texts built in Python, redone after a language switch: chat, cards and pane (the
    conversation list is redrawn by :func:`conversations_update`, as the relabelling
    event already updates that radio's label and one event must not output it twice).
    ``unless_moved``: the page's moves and their count when the switch began; if the
    visitor started, opened or asked in a conversation since, the chat they left is not
    written back over the one they are in (every output skipped)."""
    active = target.active if target is not None else _first_marker(answer)
    cards = _cards(h.s, answer, lang, active)
    history = h.s.chat.history(conversation) if conversation else []
    shown = relabel_messages(messages or [], history, lang)
    out = [shown, shown, cards, *pagepane.updates(h.s, target, lang)]
    if unless_moved is not None and unless_moved[0].n != unless_moved[1]:
        return [gr.skip()] * len(out)
    return out


def conversations_update(h: ChatHandlers, conversation: str | None, lang: str) -> Any:
    """The conversation list of this workspace (drawn at page load and after a switch)."""
    choices = conversation_choices(h.s, lang)
    keep = conversation if conversation in {cid for _, cid in choices} else None
    return gr.update(choices=choices, value=keep)


def reopen_last(
    h: ChatHandlers, restored: bool, conversation: str | None, lang: str, moves: ChatMoves
) -> list[Any]:
    """Once per page (``restored`` says it was done): a reload shows the conversation the
    person was last in, not an empty pane, unless they already started or opened one on
    this page. Outputs: restored, open_outputs, the list."""
    skip = [gr.skip()] * (len(h.open_outputs) + 1)
    if restored or conversation or moves.n:
        return [True, *skip]
    convs = h.s.chat.conversations()  # the most recently updated first
    if not convs:
        return [True, *skip]
    latest = convs[0].conversation_id
    choices = conversation_choices(h.s, lang)
    # The picker stays as the page drew it (empty: every document): a document uploaded
    # since that conversation is asked about too; clicking the conversation picks its own.
    opened = h.open(latest, lang, pick_docs=False)
    if moves.n:  # a click while the conversation was read wins over it
        return [True, *skip]
    return [True, *opened, gr.update(choices=choices, value=latest)]


def language_outputs(c: ChatComponents) -> list[Any]:
    return [c.chatbot, c.messages, c.cards, *c.pane.outputs]
