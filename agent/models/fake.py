"""A scripted chat model for tests (LangChain / pydantic-ai style), registered like a real one.

Each call takes the next step of the script: an ``AIMessage`` is returned as is, an
exception is raised (to test retries and the fallback), and a callable gets the messages
and returns a message (to cite ids a tool returned). ``calls`` records what it was sent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import Field

Step = AIMessage | Exception | Callable[[list[BaseMessage]], AIMessage]


class FakeChatModel(BaseChatModel):
    script: list[Any] = Field(default_factory=list)
    calls: list[list[BaseMessage]] = Field(default_factory=list)
    bound: list[list[str]] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "fake-scripted"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> FakeChatModel:
        self.bound.append([getattr(t, "name", str(t)) for t in tools])
        return self

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self.calls.append(list(messages))
        if not self.script:
            raise RuntimeError("FakeChatModel: the script has run out")
        step = self.script.pop(0)
        if isinstance(step, Exception):
            raise step
        message = step(list(messages)) if callable(step) else step
        return ChatResult(generations=[ChatGeneration(message=message)])


def tool_call(name: str, call_id: str = "call_1", **args: Any) -> AIMessage:
    """An AI message asking for one tool call."""
    return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": call_id}])
