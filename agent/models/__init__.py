"""Chat models behind the agent: an OpenAI-compatible endpoint, or the offline answerer.

``make_chat_models(settings)`` takes the configured model from the one factory
(``pipeline/chat_model.py``: lazy imports, nothing loads at import time) and wraps it for
the endpoint's tool-call format (``prompted.py``); ``resilient.call_model`` adds retries,
the answer's deadline and the fallback to the offline answerer. Tests pass their own
``ChatModels`` with a scripted ``FakeChatModel`` as primary, or install one with
``pipeline.chat_model.override_chat_model``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from langchain_core.language_models import BaseChatModel

from agent.models.offline import OFFLINE_NAME, OfflineChatModel
from pipeline.chat_model import make_chat_model
from settings import Settings


@dataclass
class ChatModels:
    primary: BaseChatModel | None = None
    """The configured model; None means the offline answerer answers everything."""
    name: str = OFFLINE_NAME
    offline: OfflineChatModel = field(default_factory=OfflineChatModel)
    retries: int = 2
    backoff_s: float = 0.5

    @property
    def is_offline(self) -> bool:
        return self.primary is None


def make_chat_models(settings: Settings) -> ChatModels:
    primary = make_chat_model(settings, "chat")
    if primary is None:
        return ChatModels()
    from agent.models.prompted import with_tool_format

    model = with_tool_format(
        primary,
        settings.chat_tool_calls,
        stream=settings.chat_stream,
        max_tokens=settings.chat_max_tokens,
    )
    return ChatModels(
        primary=model,
        name=settings.chat_model,
        retries=settings.chat_retries,
    )
