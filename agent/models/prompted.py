"""Tool calls for endpoints without native tool calling: described in the prompt, parsed back.

Many OpenAI-compatible servers (llama.cpp without a tool-calling chat format, Ollama or vLLM
without a tool parser, small instruct models) either reject ``tools`` in the request or
answer with a tool call written as text. :class:`ToolFormat` wraps the configured model:

- ``native``: tools travel as the API's ``tools`` field with ``tool_choice: "auto"`` said
  out loud (OpenAI's default when tools are sent, but llama-cpp-python's server ignores the
  tools unless it is given);
- ``prompted``: the tools are described in the system prompt, earlier calls and results are
  replayed as plain messages, and a reply holding ``{"tool": name, "arguments": {...}}`` (or
  a ReAct ``Action:`` / ``Action Input:`` pair) becomes a real tool call;
- ``auto`` (default): native first; a reply whose text holds a tool call is parsed, and an
  endpoint that rejects ``tools`` (HTTP 400/404/422/501 naming tools or functions) switches
  this model to ``prompted`` for good.

The parsed call goes through the same checks as a native one (``resilient._checked``): an
unknown tool or bad arguments are a malformed reply, retried and then answered offline.
With ``streaming=True`` every request is sent with ``stream: true`` and the SSE chunks are
joined into one message, so the graph meets the server's streaming wire format.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import re
from collections.abc import Iterator, Sequence
from typing import Any, Literal

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import (
    AIMessage,
    AIMessageChunk,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
)
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field

from pipeline.text.script import HAN_RE

log = logging.getLogger(__name__)

Mode = Literal["auto", "native", "prompted"]

_ACTION = re.compile(
    r"^\s*Action\s*[:：]\s*`?([A-Za-z_][\w.]*)`?\s*$", re.MULTILINE | re.IGNORECASE
)
_ACTION_INPUT = re.compile(r"^\s*Action\s+Input\s*[:：]\s*(.+)$", re.MULTILINE | re.IGNORECASE)
_NAME_KEYS = ("tool", "name", "function", "tool_name")
_ARG_KEYS = ("arguments", "args", "parameters", "input", "tool_input")
_REJECTING = (400, 404, 422, 501)

INSTRUCTIONS = {
    "en": (
        "Tools you can call (one per reply):\n{tools}\n"
        "To call a tool, reply with only this JSON object and nothing else:\n"
        '{{"tool": "<tool name>", "arguments": {{<arguments as JSON>}}}}\n'
        "The tool's result comes back in the next message. To answer, reply with the "
        "answer text and no JSON."
    ),
    "zh": (
        "可调用的工具（每次回复只调用一个）：\n{tools}\n"
        "调用工具时，只回复下面这个 JSON 对象，不要写其他内容：\n"
        '{{"tool": "<工具名>", "arguments": {{<JSON 格式的参数>}}}}\n'
        "工具的结果会在下一条消息中返回。作答时只写答案正文，不要写 JSON。"
    ),
}
RESULT = {"en": "Result of {name}:\n{content}", "zh": "{name} 的结果：\n{content}"}


class ToolFormat(BaseChatModel):
    """The configured chat model with tool calls in the format its endpoint understands."""

    inner: BaseChatModel
    mode: Mode = "auto"
    streaming: bool = False
    max_tokens: int | None = None
    """Sent as ``max_tokens`` in the body: llama.cpp's server ignores the
    ``max_completion_tokens`` that langchain-openai sends, so a chatty model runs on to the
    end of its context."""
    tools: list[dict[str, Any]] = Field(default_factory=list)
    """The bound tools as OpenAI function schemas."""
    switched: dict[str, bool] = Field(default_factory=dict)
    """Shared by every copy ``bind_tools`` makes: ``{"prompted": True}`` once the endpoint
    rejected native tools, so later calls do not try again."""

    @property
    def _llm_type(self) -> str:
        return f"tool-format-{self.mode}"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ToolFormat:
        schemas = [convert_to_openai_tool(t) for t in tools]
        return self.model_copy(update={"tools": schemas})

    @property
    def prompted(self) -> bool:
        return self.mode == "prompted" or self.switched.get("prompted", False)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=self._reply(messages))])

    def _reply(self, messages: list[BaseMessage]) -> AIMessage:
        native = [_with_text(m) for m in messages]
        if not self.tools:
            return self._send(self.inner, native if not self.prompted else _flat(messages))
        if not self.prompted:
            try:
                bound = self.inner.bind_tools(self.tools, tool_choice="auto")
                message = self._send(bound, native)
            except Exception as exc:
                if self.mode == "native" or not rejects_tools(exc):
                    raise
                log.warning("the endpoint rejects native tool calls (%s): prompting them", exc)
                self.switched["prompted"] = True
            else:
                return message if message.tool_calls else parse_tool_call(message, self.tools)
        reply = self._send(self.inner, prompted_messages(messages, self.tools))
        return parse_tool_call(reply, self.tools)

    def _send(self, model: Any, messages: list[BaseMessage]) -> AIMessage:
        extra = {"extra_body": {"max_tokens": self.max_tokens}} if self.max_tokens else {}
        if not self.streaming:
            out = model.invoke(messages, **extra)
            if not isinstance(out, AIMessage):
                raise TypeError(f"expected an AI message, got {type(out).__name__}")
            return out
        return joined(model.stream(messages, **extra))


def _with_text(message: BaseMessage) -> BaseMessage:
    """A tool-call message with a blank instead of no content: langchain-openai sends empty
    content as ``null``, which llama-cpp-python's server refuses (HTTP 500, "Input should be
    a valid string") on the round after every tool call."""
    if isinstance(message, AIMessage) and message.tool_calls and not message.content:
        return message.model_copy(update={"content": " "})
    return message


def joined(chunks: Iterator[BaseMessage]) -> AIMessage:
    """SSE chunks added up into one message (tool-call fragments join by index)."""
    total: AIMessageChunk | None = None
    for chunk in chunks:
        if not isinstance(chunk, AIMessageChunk):
            raise TypeError(f"expected AI message chunks, got {type(chunk).__name__}")
        total = chunk if total is None else total + chunk
    if total is None:
        raise ValueError("the endpoint streamed no chunks")
    return AIMessage(
        content=total.content,
        tool_calls=total.tool_calls,
        invalid_tool_calls=total.invalid_tool_calls,
        usage_metadata=total.usage_metadata,
        response_metadata=total.response_metadata,
        id=total.id,
    )


def rejects_tools(exc: Exception) -> bool:
    """An HTTP error that says the endpoint does not take ``tools``."""
    status = getattr(exc, "status_code", None)
    text = str(exc).lower()
    return status in _REJECTING and ("tool" in text or "function" in text)


def with_tool_format(
    model: BaseChatModel, mode: Mode, *, stream: bool = False, max_tokens: int | None = None
) -> BaseChatModel:
    """The model wrapped for its endpoint's tool-call format, reply cap and streaming."""
    return ToolFormat(inner=model, mode=mode, streaming=stream, max_tokens=max_tokens)


# --- the prompt ---------------------------------------------------------------------------
def prompted_messages(
    messages: Sequence[BaseMessage], tools: list[dict[str, Any]]
) -> list[BaseMessage]:
    """The conversation for an endpoint that knows no tools: instructions appended to the
    system prompt, earlier calls as their JSON, results as user messages."""
    lang = "zh" if any(HAN_RE.search(str(m.content)) for m in messages[:1]) else "en"
    listing = "\n".join(describe_tool(t) for t in tools)
    block = INSTRUCTIONS[lang].format(tools=listing) if tools else ""
    out: list[BaseMessage] = []
    for m in messages:
        if isinstance(m, SystemMessage):
            out.append(SystemMessage(f"{m.content}\n\n{block}" if block else m.content))
        elif isinstance(m, AIMessage) and m.tool_calls:
            calls = [{"tool": c["name"], "arguments": c["args"]} for c in m.tool_calls]
            out.append(AIMessage("\n".join(json.dumps(c, ensure_ascii=False) for c in calls)))
        elif isinstance(m, ToolMessage):
            name = m.name or "tool"
            out.append(HumanMessage(RESULT[lang].format(name=name, content=m.content)))
        else:
            out.append(m)
    if block and not any(isinstance(m, SystemMessage) for m in out):
        out.insert(0, SystemMessage(block))
    return out


def _flat(messages: Sequence[BaseMessage]) -> list[BaseMessage]:
    """Earlier calls and results as plain messages, for a last round offered no tools."""
    return prompted_messages(messages, []) if _has_tool_traffic(messages) else list(messages)


def _has_tool_traffic(messages: Sequence[BaseMessage]) -> bool:
    return any(isinstance(m, ToolMessage) for m in messages)


def describe_tool(tool: dict[str, Any]) -> str:
    fn = tool.get("function", tool)
    props = fn.get("parameters", {}).get("properties", {})
    required = set(fn.get("parameters", {}).get("required", []))
    args = ", ".join(
        f"{name}: {spec.get('type', 'any')}{'' if name in required else ' (optional)'}"
        for name, spec in props.items()
    )
    return f"- {fn['name']}({args}): {fn.get('description', '')}"


# --- the reply ----------------------------------------------------------------------------
def parse_tool_call(message: AIMessage, tools: list[dict[str, Any]]) -> AIMessage:
    """``message`` with the tool call its text holds as a real one; unchanged when none.

    Only a call of an offered tool counts, so an answer quoting some JSON stays an answer;
    arguments that are not a JSON object make an invalid call, which the usual checks
    reject (retry, then the offline answer)."""
    text = message.text if isinstance(message.content, list) else str(message.content)
    names = {t.get("function", t).get("name") for t in tools}
    found = _json_call(text, names) or _react_call(text, tools, names)
    if found is None:
        return message
    name, args = found
    key = json.dumps([name, args], sort_keys=True, ensure_ascii=False).encode()
    call_id = "call_" + hashlib.sha1(key).hexdigest()[:12]
    update: dict[str, Any] = {"content": ""}
    if isinstance(args, dict):
        update["tool_calls"] = [{"name": name, "args": args, "id": call_id, "type": "tool_call"}]
    else:
        bad = {
            "name": name,
            "args": str(args),
            "id": call_id,
            "error": "arguments are not a JSON object",
        }
        update["invalid_tool_calls"] = [{**bad, "type": "invalid_tool_call"}]
    return message.model_copy(update=update)


def _json_call(text: str, names: set[Any]) -> tuple[str, Any] | None:
    decoder = json.JSONDecoder()
    for at in (i for i, ch in enumerate(text) if ch == "{"):
        try:
            value, _ = decoder.raw_decode(text, at)
        except ValueError:
            continue
        call = _as_call(value)
        if call is not None and call[0] in names:
            return call
    return None


def _as_call(value: object) -> tuple[str, Any] | None:
    if not isinstance(value, dict):
        return None
    if isinstance(value.get("function"), dict):  # the OpenAI shape written out as text
        return _as_call(value["function"])
    name = next((value[k] for k in _NAME_KEYS if isinstance(value.get(k), str)), None)
    if name is None:
        return None
    args: Any = next((value[k] for k in _ARG_KEYS if k in value), {})
    if isinstance(args, str):
        with contextlib.suppress(ValueError):
            args = json.loads(args)
    return name.strip(), args


def _react_call(text: str, tools: list[dict[str, Any]], names: set[Any]) -> tuple[str, Any] | None:
    action = _ACTION.search(text)
    if action is None or action.group(1) not in names:
        return None
    name = action.group(1)
    given = _ACTION_INPUT.search(text, action.end())
    raw = given.group(1).strip() if given else ""
    try:
        args: Any = json.loads(raw) if raw else {}
    except ValueError:  # plain text: the tool's first required argument
        args = {_first_required(name, tools): raw.strip("\"'`")}
    return name, args


def _first_required(name: str, tools: list[dict[str, Any]]) -> str:
    for t in tools:
        fn = t.get("function", t)
        if fn.get("name") == name:
            required = fn.get("parameters", {}).get("required", [])
            props = list(fn.get("parameters", {}).get("properties", {}))
            return (required or props or ["input"])[0]
    return "input"
