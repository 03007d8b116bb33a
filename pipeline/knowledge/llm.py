"""The chat model seam for refinement: structured output validated by a pydantic schema.

``chat_model(settings, role)`` wraps the model the one factory makes
(``pipeline/chat_model.py``; tests install a scripted fake there) or gives None when no
endpoint is configured. :func:`within_deadline` holds a whole refinement — every request
it makes — to ``chat_deadline_s``; nothing here runs without an endpoint configured.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar

from pydantic import BaseModel

from pipeline.chat_model import Role, make_chat_model
from pipeline.deadline import Deadline, DeadlineExceeded, run_within
from pipeline.errors import FolioError
from settings import Settings

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

T = TypeVar("T", bound=BaseModel)
R = TypeVar("R")


class RefinementError(FolioError):
    """The chat model failed or answered outside the schema; the offline result stands."""


class ChatModel(Protocol):
    name: str

    def structured(self, schema: type[T], system: str, user: str) -> T:
        """One request whose answer must validate against ``schema``."""
        ...


class StructuredChat:
    """A chat model asked for answers in a schema (tool calling, as every endpoint can)."""

    def __init__(self, llm: BaseChatModel, name: str) -> None:
        self._llm = llm
        self.name = name

    def structured(self, schema: type[T], system: str, user: str) -> T:
        runnable = self._llm.with_structured_output(schema, method="function_calling")
        result = runnable.invoke([("system", system), ("user", user)])
        return result if isinstance(result, schema) else schema.model_validate(result)


def chat_model(settings: Settings, role: Role = "knowledge") -> ChatModel | None:
    llm = make_chat_model(settings, role)
    return None if llm is None else StructuredChat(llm, settings.chat_model)


def within_deadline(settings: Settings, fn: Callable[[], R]) -> R:
    """``fn()`` (one refinement, however many requests) held to ``chat_deadline_s``;
    running out is a RefinementError, so the offline result stands with a notice."""
    try:
        return run_within(Deadline.start(settings.chat_deadline_s), fn)
    except DeadlineExceeded as exc:
        raise RefinementError(str(exc)) from exc


def ask(model: ChatModel, schema: type[T], system: str, user: str) -> T:
    """Call the model; every failure becomes a RefinementError with the reason."""
    try:
        return model.structured(schema, system, user)
    except Exception as exc:
        raise RefinementError(f"{model.name}: {type(exc).__name__}: {exc}"[:300]) from exc
