"""A scripted chat model for structured output (refinements), installed like a real one
with ``pipeline.chat_model.override_chat_model``.

A refinement asks for an answer in a pydantic schema, which langchain offers the model as
its one tool; this fake answers each schema with a scripted function of the user prompt
(returning the schema's instance, or an exception to raise) and records which schemas it
was asked. A schema without a script times out, as a dead endpoint would.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import BaseModel, Field

Script = dict[type[BaseModel], Callable[[str], BaseModel | Exception]]


class SchemaFake(BaseChatModel):
    script: dict[Any, Any] = Field(default_factory=dict)
    calls: list[Any] = Field(default_factory=list)
    schema_type: Any = None

    @classmethod
    def of(cls, script: Script) -> SchemaFake:
        return cls(script=dict(script))

    @property
    def _llm_type(self) -> str:
        return "fake-structured"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> SchemaFake:
        # A shallow copy: the script and the calls stay shared with the installed model.
        return self.model_copy(update={"schema_type": tools[0]})

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        schema = self.schema_type
        self.calls.append(schema)
        if schema not in self.script:
            raise TimeoutError("endpoint timed out")
        out = self.script[schema](str(messages[-1].content))
        if isinstance(out, Exception):
            raise out
        call = {"name": schema.__name__, "args": out.model_dump(), "id": "call_1"}
        message = AIMessage(content="", tool_calls=[call])
        return ChatResult(generations=[ChatGeneration(message=message)])
