"""The one place a chat model is made, for every role that asks one.

``make_chat_model(settings, role)`` gives the configured OpenAI-compatible endpoint
(langchain-openai, imported on first use) or None when none is configured. The roles are
the chat agent (``"chat"``: our retries and the offline fallback, agent/models/resilient.py),
the review's refinement (``"review"``) and the knowledge components' (``"knowledge"``); the
HTTP transport holds every call to the deadline of its answer (pipeline/deadline.py).
Tests install a stand-in (e.g. a scripted fake) with :func:`override_chat_model`, the one
test hook: every role then gets it, as long as an endpoint is configured.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Literal

from settings import Settings

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

Role = Literal["chat", "review", "knowledge"]

# The chat agent retries itself (and then answers offline); the refinements, which keep
# their offline result on failure, let the SDK retry a failed call once.
_SDK_RETRIES: dict[Role, int] = {"chat": 0, "review": 1, "knowledge": 1}

_override: BaseChatModel | None = None
_lock = threading.Lock()


def make_chat_model(settings: Settings, role: Role) -> BaseChatModel | None:
    if role not in _SDK_RETRIES:
        raise ValueError(f"unknown chat-model role {role!r}: one of {sorted(_SDK_RETRIES)}")
    if not settings.llm_configured:
        return None
    with _lock:
        if _override is not None:
            return _override
    from langchain_openai import ChatOpenAI

    from pipeline.chat_http import deadline_client

    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else "unused"
    return ChatOpenAI(
        model=settings.chat_model,
        api_key=key,
        base_url=settings.openai_base_url,
        timeout=settings.chat_timeout_s,
        max_retries=_SDK_RETRIES[role],
        temperature=0,
        http_client=deadline_client(),
    )


@contextmanager
def override_chat_model(model: BaseChatModel) -> Iterator[BaseChatModel]:
    """Use ``model`` wherever a chat model is made (every role) while the block runs."""
    global _override
    with _lock:
        previous, _override = _override, model
    try:
        yield model
    finally:
        with _lock:
            _override = previous
