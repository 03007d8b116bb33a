"""The chat model seam for refinement: structured output validated by a pydantic schema.

``chat_model(settings)`` gives the configured OpenAI-compatible model, or None when
none is configured. Tests install a scripted fake with ``override_chat_model``;
nothing here ever runs without an endpoint being configured.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol, TypeVar

from pydantic import BaseModel

from pipeline.errors import FolioError
from settings import Settings

T = TypeVar("T", bound=BaseModel)


class RefinementError(FolioError):
    """The chat model failed or answered outside the schema; the offline result stands."""


class ChatModel(Protocol):
    name: str

    def structured(self, schema: type[T], system: str, user: str) -> T:
        """One request whose answer must validate against ``schema``."""
        ...


class OpenAIChat:
    """Any OpenAI-compatible endpoint through langchain-openai (imported on first use)."""

    def __init__(self, settings: Settings) -> None:
        from langchain_openai import ChatOpenAI

        key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else "none"
        self.name = settings.chat_model
        self._llm = ChatOpenAI(
            model=settings.chat_model,
            api_key=key,
            base_url=settings.openai_base_url,
            timeout=settings.chat_timeout_s,
            temperature=0,
            max_retries=1,
        )

    def structured(self, schema: type[T], system: str, user: str) -> T:
        runnable = self._llm.with_structured_output(schema, method="function_calling")
        result = runnable.invoke([("system", system), ("user", user)])
        return result if isinstance(result, schema) else schema.model_validate(result)


_override: ChatModel | None = None
_lock = threading.Lock()


def chat_model(settings: Settings) -> ChatModel | None:
    if not settings.llm_configured:
        return None
    with _lock:
        if _override is not None:
            return _override
    return OpenAIChat(settings)


@contextmanager
def override_chat_model(model: ChatModel) -> Iterator[ChatModel]:
    """Use ``model`` (e.g. a scripted fake) wherever refinement asks for a chat model."""
    global _override
    with _lock:
        previous, _override = _override, model
    try:
        yield model
    finally:
        with _lock:
            _override = previous


def ask(model: ChatModel, schema: type[T], system: str, user: str) -> T:
    """Call the model; every failure becomes a RefinementError with the reason."""
    try:
        return model.structured(schema, system, user)
    except Exception as exc:
        raise RefinementError(f"{model.name}: {type(exc).__name__}: {exc}"[:300]) from exc
