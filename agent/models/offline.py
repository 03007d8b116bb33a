"""The offline answerer: a LangChain chat model that needs no endpoint and no weights.

It reads the conversation like any chat model does: the user's question (resolved for
follow-ups by the graph), and the tool results of this turn. With tools bound it plans
tool calls (``planner.py``); once it has evidence, or has no tools left, it writes an
extractive answer with inline citation ids (``compose.py``). It is deterministic, so the
same graph, reflection and tests run with or without a real model.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.tools import BaseTool

from agent.evidence import turn_evidence, turn_messages
from agent.language import detect_language, reply_language
from agent.models.compose import compose
from agent.models.planner import plan
from agent.prompts import Lang, parse_question_block
from pipeline.text.lang import estimate_tokens

OFFLINE_NAME = "offline"
# Each round re-reads the whole turn (system prompt, every tool result so far): count
# each text once.
_tokens = lru_cache(maxsize=256)(estimate_tokens)


class OfflineChatModel(BaseChatModel):
    tool_names: tuple[str, ...] = ()

    @property
    def _llm_type(self) -> str:
        return "folio-offline"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> OfflineChatModel:
        names = tuple(t.name if isinstance(t, BaseTool) else str(t["name"]) for t in tools)
        return self.model_copy(update={"tool_names": names})

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        message = self.respond(messages)
        return ChatResult(generations=[ChatGeneration(message=message)])

    def respond(self, messages: Sequence[BaseMessage]) -> AIMessage:
        turn = turn_messages(messages)
        human = next((m for m in turn if isinstance(m, HumanMessage)), None)
        question = parse_question_block(str(human.content)) if human else ""
        evidence = turn_evidence(messages)
        done = sum(1 for m in turn if isinstance(m, AIMessage) and m.tool_calls)
        calls = plan(question, evidence, done, self.tool_names) if self.tool_names else []
        lang: Lang = "zh" if reply_language(detect_language(question), question) == "zh" else "en"
        text = "" if calls else compose(question, evidence, lang)
        prompt_tokens = sum(_tokens(str(m.content)) for m in messages)
        out_tokens = estimate_tokens(text) if text else 8 * len(calls)
        return AIMessage(
            content=text,
            tool_calls=calls,
            usage_metadata={
                "input_tokens": prompt_tokens,
                "output_tokens": out_tokens,
                "total_tokens": prompt_tokens + out_tokens,
            },
            response_metadata={"model_name": OFFLINE_NAME},
        )
