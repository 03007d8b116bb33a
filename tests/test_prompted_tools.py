"""Tool calls for endpoints without native tool calling (agent/models/prompted.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from langchain_core.messages import (
    AIMessage,
    AIMessageChunk,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
)
from langchain_core.tools import tool

from agent.models import ChatModels
from agent.models.fake import FakeChatModel, tool_call
from agent.models.prompted import ToolFormat, joined, parse_tool_call, with_tool_format
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import REPORT_MD, ingest_text
from tests.chatstub import Stub, completion, stub

__all__ = ["stub"]  # the fixture, imported for pytest


@tool
def find_text(query: str, top_k: int = 3) -> str:
    """Find passages about the query."""
    return query


TOOLS = [ToolFormat(inner=FakeChatModel()).bind_tools([find_text]).tools[0]]


class Rejected(Exception):
    status_code = 400


def test_a_json_reply_becomes_a_tool_call() -> None:
    reply = AIMessage(
        'Sure.\n```json\n{"tool": "find_text", "arguments": {"query": "stores"}}\n```'
    )
    out = parse_tool_call(reply, TOOLS)
    assert out.content == ""
    assert [(c["name"], c["args"]) for c in out.tool_calls] == [("find_text", {"query": "stores"})]
    assert out.tool_calls[0]["id"] == parse_tool_call(reply, TOOLS).tool_calls[0]["id"]


def test_openai_shaped_and_react_replies_become_tool_calls() -> None:
    shaped = AIMessage('{"function": {"name": "find_text", "arguments": "{\\"query\\": \\"x\\"}"}}')
    assert parse_tool_call(shaped, TOOLS).tool_calls[0]["args"] == {"query": "x"}
    react = AIMessage("Thought: I need the figure.\nAction: find_text\nAction Input: store count")
    assert parse_tool_call(react, TOOLS).tool_calls[0]["args"] == {"query": "store count"}


def test_an_answer_quoting_json_stays_an_answer() -> None:
    reply = AIMessage('The file says {"name": "Ada", "arguments": {"x": 1}} verbatim.')
    assert parse_tool_call(reply, TOOLS) is reply
    assert parse_tool_call(AIMessage("No tools here."), TOOLS).tool_calls == []


def test_arguments_that_are_not_an_object_make_an_invalid_call() -> None:
    out = parse_tool_call(AIMessage('{"tool": "find_text", "arguments": "stores"}'), TOOLS)
    assert out.tool_calls == [] and out.invalid_tool_calls[0]["name"] == "find_text"


def test_prompted_mode_describes_tools_and_replays_calls_as_text() -> None:
    inner = FakeChatModel(script=[AIMessage('{"tool": "find_text", "arguments": {"query": "q"}}')])
    model = ToolFormat(inner=inner, mode="prompted").bind_tools([find_text])
    history: list[BaseMessage] = [
        SystemMessage("Answer from the documents."),
        HumanMessage("How many stores?"),
        tool_call("find_text", query="stores"),
        ToolMessage("[doc#1] 318 stores", tool_call_id="call_1", name="find_text"),
    ]
    out = model.invoke(history)
    assert out.tool_calls[0]["args"] == {"query": "q"}
    assert inner.bound == []  # no native tools were sent
    sent = inner.calls[0]
    assert "find_text(query: string, top_k: integer (optional))" in str(sent[0].content)
    assert '{"tool": "<tool name>"' in str(sent[0].content)
    assert json.loads(str(sent[2].content)) == {
        "tool": "find_text",
        "arguments": {"query": "stores"},
    }
    assert isinstance(sent[3], HumanMessage) and "[doc#1] 318 stores" in str(sent[3].content)
    assert not any(isinstance(m, ToolMessage) for m in sent)


def test_auto_switches_to_prompted_when_the_endpoint_rejects_tools() -> None:
    inner = FakeChatModel(
        script=[
            Rejected("Error code: 400 - tools are not supported by this model"),
            AIMessage('{"tool": "find_text", "arguments": {"query": "a"}}'),
            AIMessage('{"tool": "find_text", "arguments": {"query": "b"}}'),
        ]
    )
    base = ToolFormat(inner=inner)
    first = base.bind_tools([find_text]).invoke([HumanMessage("q")])
    second = base.bind_tools([find_text]).invoke([HumanMessage("q")])
    assert [m.tool_calls[0]["args"]["query"] for m in (first, second)] == ["a", "b"]
    assert len(inner.bound) == 1  # native tried once, then prompted for good


def test_auto_keeps_other_errors_and_native_calls() -> None:
    inner = FakeChatModel(script=[tool_call("find_text", query="n"), RuntimeError("HTTP 500 down")])
    model = ToolFormat(inner=inner).bind_tools([find_text])
    assert model.invoke([HumanMessage("q")]).tool_calls[0]["args"] == {"query": "n"}
    try:
        model.invoke([HumanMessage("q")])
    except RuntimeError as exc:
        assert "500" in str(exc)
    else:
        raise AssertionError("a server error must reach the retries, not switch formats")


def test_streamed_chunks_join_into_one_tool_call() -> None:
    parts = [
        AIMessageChunk(
            content="",
            tool_call_chunks=[{"name": "find_text", "args": '{"que', "id": "c1", "index": 0}],
        ),
        AIMessageChunk(
            content="",
            tool_call_chunks=[{"name": None, "args": 'ry": "z"}', "id": None, "index": 0}],
        ),
    ]
    out = joined(iter(parts))
    assert out.tool_calls[0]["name"] == "find_text" and out.tool_calls[0]["args"] == {"query": "z"}


def test_native_tool_calls_say_tool_choice_auto(stub: Stub) -> None:
    """llama-cpp-python's server drops the tools of a request that names no tool_choice."""
    from langchain_openai import ChatOpenAI

    call = {"id": "c1", "type": "function", "function": {"name": "find_text", "arguments": "{}"}}
    stub.replies.append(lambda body: (200, completion({"role": "assistant", "tool_calls": [call]})))
    inner = ChatOpenAI(model="m", api_key="k", base_url=stub.url, max_retries=0)
    model = with_tool_format(inner, "native").bind_tools([find_text])
    assert model.invoke([HumanMessage("hi")]).tool_calls[0]["name"] == "find_text"
    assert stub.requests[0]["tool_choice"] == "auto"
    assert [t["function"]["name"] for t in stub.requests[0]["tools"]] == ["find_text"]


def cite_stores(messages: list[BaseMessage]) -> AIMessage:
    """The answer citing the id the search result (sent back as text) gave the stores."""
    result = next(str(m.content) for m in messages if "Result of search_document" in str(m.content))
    cid = next(m.group(1) for m in re.finditer(r"\[([^\]]+#\d+)\][^\[]*318 stores", result))
    return AIMessage(f"Northwind operated 318 stores at the end of fiscal 2023 [{cid}].")


def test_the_graph_answers_with_prompted_tool_calls(folio: Folio, tmp_path: Path) -> None:
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    inner = FakeChatModel(
        script=[
            AIMessage('{"tool": "search_document", "arguments": {"query": "Northwind stores"}}'),
            cite_stores,
        ]
    )
    models = ChatModels(
        primary=ToolFormat(inner=inner, mode="prompted"), name="prompted", backoff_s=0
    )
    a = ChatService(folio, models=models).ask("How many stores?", [doc]).answer
    assert a.model == "prompted" and a.notice is None and a.retrieval_rounds == 1
    assert a.answer == "Northwind operated 318 stores at the end of fiscal 2023 [1]."
    assert a.citations[0].doc_id == doc and "318 stores" in a.citations[0].quote
    assert "search_document(query: string" in str(inner.calls[0][0].content)


def test_the_reply_cap_travels_as_max_tokens(stub: Stub) -> None:
    from langchain_openai import ChatOpenAI

    stub.replies.append(lambda body: (200, completion({"role": "assistant", "content": "ok"})))
    inner = ChatOpenAI(model="m", api_key="k", base_url=stub.url, max_retries=0)
    model = with_tool_format(inner, "native", max_tokens=77)
    assert model.invoke([HumanMessage("hi")]).content == "ok"
    assert stub.requests[0]["max_tokens"] == 77 and "max_completion_tokens" not in stub.requests[0]


def test_a_tool_call_message_is_sent_with_text(stub: Stub) -> None:
    """llama-cpp-python's server refuses an assistant message whose content is null."""
    from langchain_openai import ChatOpenAI

    stub.replies.append(lambda body: (200, completion({"role": "assistant", "content": "done"})))
    inner = ChatOpenAI(model="m", api_key="k", base_url=stub.url, max_retries=0)
    history = [
        HumanMessage("q"),
        tool_call("find_text", query="x"),
        ToolMessage("[d#1] text", tool_call_id="call_1", name="find_text"),
    ]
    stub.replies.append(lambda body: (200, completion({"role": "assistant", "content": "last"})))
    model = with_tool_format(inner, "native")
    assert model.bind_tools([find_text]).invoke(history).content == "done"
    assert model.invoke(history).content == "last"  # the last round offers no tools
    for request in stub.requests:
        sent = request["messages"][1]
        assert sent["role"] == "assistant" and sent["tool_calls"]
        assert isinstance(sent["content"], str)
