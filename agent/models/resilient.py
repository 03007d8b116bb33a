"""Calling the chat model: brief retries, checked replies, then the offline answerer.

Timeouts, HTTP errors, malformed tool calls and invalid JSON all count as failures. After
``retries`` more attempts the turn continues with the offline answerer and the answer
carries a visible notice saying so. The answer's deadline (``pipeline/deadline.py``) bounds
every attempt and the back-off between them: once it passes, no further attempt is made and
an attempt still waiting on the endpoint is given up at once.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.tools import BaseTool
from pydantic import BaseModel, ValidationError

from agent.models import ChatModels
from agent.models.offline import OFFLINE_NAME
from pipeline.deadline import Deadline, DeadlineExceeded, run_within

log = logging.getLogger(__name__)


class MalformedReply(ValueError):
    """The endpoint answered, but not with a usable message."""


@dataclass
class Reply:
    message: AIMessage
    model: str
    error: str | None = None
    """Set when the configured model failed and the offline answerer replied instead."""
    seconds: float = 0.0
    """Wall time of the call: every attempt, the back-off and any offline reply."""


def call_model(
    models: ChatModels,
    messages: Sequence[BaseMessage],
    tools: Sequence[BaseTool],
    *,
    offline: bool = False,
    deadline: Deadline | None = None,
) -> Reply:
    started = time.perf_counter()
    reply = _call(models, messages, tools, offline=offline, deadline=deadline)
    reply.seconds = time.perf_counter() - started
    return reply


def _call(
    models: ChatModels,
    messages: Sequence[BaseMessage],
    tools: Sequence[BaseTool],
    *,
    offline: bool,
    deadline: Deadline | None,
) -> Reply:
    if offline or models.primary is None:
        return Reply(_offline(models, messages, tools), OFFLINE_NAME)
    by_name = {t.name: t for t in tools}
    last: Exception | None = None
    for attempt in range(models.retries + 1):
        try:
            message = _attempt(models.primary, messages, tools, deadline)
            return Reply(_checked(message, by_name), models.name)
        except DeadlineExceeded as exc:  # no time left for another try
            last = exc
            log.warning("chat model call %d given up: %s", attempt + 1, exc)
            break
        except Exception as exc:  # any endpoint failure ends in the offline answerer
            last = exc
            log.warning("chat model call %d failed: %s", attempt + 1, describe(exc))
            if attempt < models.retries:
                pause = models.backoff_s * (attempt + 1)
                time.sleep(pause if deadline is None else max(0.0, min(pause, deadline.left())))
    return Reply(_offline(models, messages, tools), OFFLINE_NAME, describe(last))


def _attempt(
    primary: BaseChatModel,
    messages: Sequence[BaseMessage],
    tools: Sequence[BaseTool],
    deadline: Deadline | None,
) -> BaseMessage:
    model = primary.bind_tools(list(tools)) if tools else primary
    if deadline is None:
        return model.invoke(list(messages))
    return run_within(deadline, lambda: model.invoke(list(messages)))


def _offline(
    models: ChatModels, messages: Sequence[BaseMessage], tools: Sequence[BaseTool]
) -> AIMessage:
    model = models.offline.bind_tools(list(tools)) if tools else models.offline
    return model.respond(messages)


def _checked(message: BaseMessage, tools: dict[str, BaseTool]) -> AIMessage:
    if not isinstance(message, AIMessage):
        raise MalformedReply(f"expected an AI message, got {type(message).__name__}")
    if message.invalid_tool_calls:
        bad = message.invalid_tool_calls[0]
        raise MalformedReply(f"malformed tool call {bad.get('name')!r}: {bad.get('error')}")
    for call in message.tool_calls:
        if call["name"] not in tools:
            raise MalformedReply(f"unknown tool {call['name']!r}")
        if not isinstance(call.get("args"), dict):
            raise MalformedReply(f"tool call {call['name']!r} has no JSON object arguments")
        _check_args(tools[call["name"]], call["args"])
    if not message.tool_calls:
        text = message.text if isinstance(message.content, list) else message.content
        if not str(text).strip():
            raise MalformedReply("empty answer")
        if isinstance(message.content, list):
            message = message.model_copy(update={"content": str(text)})
    return message


def _check_args(tool: BaseTool, args: dict[str, object]) -> None:
    """Arguments that miss a required field or have the wrong types are a malformed reply:
    caught here, the turn retries and then falls back, instead of spending every retrieval
    round on tool errors and ending with no evidence."""
    schema = tool.tool_call_schema
    if not (isinstance(schema, type) and issubclass(schema, BaseModel)):
        return
    try:
        schema.model_validate(args)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "arguments"
        raise MalformedReply(
            f"tool call {tool.name!r} has bad arguments ({where}: {first['msg']})"
        ) from exc


def describe(exc: Exception | None) -> str:
    if exc is None:
        return "unknown error"
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text[:160]}" if text else type(exc).__name__
