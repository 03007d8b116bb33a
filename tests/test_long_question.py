"""A question longer than ``max_question_chars`` is refused at once with a message saying
the limit, through the API (and so MCP), the chat tab and the service, and nothing is
stored: found in the app, a pasted 27,000-character question held a worker for over ten
minutes (reading a question grows faster than its length)."""

from __future__ import annotations

import time
from typing import Any

import gradio as gr
import pytest

from agent.service import ChatService
from pipeline.errors import InputError
from pipeline.service import Folio
from tests.test_api import library, uploads  # noqa: F401  (fixtures)
from ui import chat
from ui.api import FolioApi
from ui.api_base import ApiError
from ui.labels import Labels
from ui.services import Services

LONG = "How often are the seedlings in the north greenhouse watered each day? " * 300


def test_the_api_refuses_a_huge_question_at_once_and_stores_nothing(
    services: Services,
    library: dict[str, str],  # noqa: F811
) -> None:
    api = FolioApi(services)
    ws = library["workspace"]
    started = time.monotonic()
    with pytest.raises(ApiError, match=r"too long \(21,000 characters; at most 1,000\)"):
        list(api.ask(LONG, workspace=ws))
    assert time.monotonic() - started < 5
    assert services.chat_in(ws).conversations() == []
    # the next question is answered as ever
    final = list(api.ask("How often are the seedlings watered?", workspace=ws))[-1]
    assert final["done"] and not final["refused"]


def test_the_service_refuses_a_question_over_the_limit(folio: Folio) -> None:
    chat_service = ChatService(folio)
    limit = folio.settings.max_question_chars
    with pytest.raises(InputError, match="too long"):
        chat_service.ask("x" * (limit + 1), ["any"])


def test_the_chat_tab_says_the_limit_in_the_visitors_language(
    services: Services,
    library: dict[str, str],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with gr.Blocks():
        c = chat.build(Labels())
    handlers = chat.ChatHandlers(c, services)
    notes: list[str] = []
    monkeypatch.setattr(chat.gr, "Info", lambda message, *a, **k: notes.append(str(message)))
    shown: list[Any] = []
    for lang, said in (("en", "too long (20,999 characters"), ("zh", "问题过长（20,999 个字符")):
        steps = list(handlers.ask(LONG, None, None, shown, lang))
        assert len(steps) == 1 and steps[0][0] == shown  # nothing asked, nothing shown
        assert said in notes[-1], notes
