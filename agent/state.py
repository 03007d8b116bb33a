"""The graph's state: a narrow input (the user's message) and the fuller inner state.

Everything here is checkpointed per conversation, so values stay plain (str, int, dicts of
them, LangChain messages). ``messages`` holds the current turn only (the first node clears
the previous turn's tool traffic); ``turns`` keeps the conversation's memory.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from langchain_core.messages import AnyMessage
from langgraph.graph import add_messages

Route = Literal["question", "small_talk", "unavailable"]


@dataclass(kw_only=True)
class InputState:
    messages: Annotated[list[AnyMessage], add_messages]
    """The user's message; during a turn also the model's tool calls and tool results."""


@dataclass(kw_only=True)
class State(InputState):
    language: str = "en"
    """Detected language of the user's message: zh, en or mixed."""
    reply_language: str = "en"
    """zh or en: the language prompts, tool descriptions and the answer use."""
    question: str = ""
    """The question to answer, with an elliptical follow-up resolved from history."""
    route: Route = "question"
    rounds: int = 0
    """Retrieval rounds (model turns that called tools) so far in this turn."""
    reflections: int = 0
    offline: bool = False
    """True once the configured endpoint failed in this turn: the offline answerer takes over."""
    notice: str | None = None
    model: str = ""
    input_tokens: int = 0
    output_tokens: int = 0
    verdict: dict[str, Any] | None = None
    """The reflection's checked draft (see ``agent/citations.py``)."""
    answer: dict[str, Any] | None = None
    """The final :class:`~agent.schemas.Answer`, dumped."""
    turns: Annotated[list[dict[str, Any]], operator.add] = field(default_factory=list)
    """One record per finished turn: question, standalone question, answer text, cited ids."""
