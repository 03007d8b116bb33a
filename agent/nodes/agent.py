"""The agent node: the chat model with the tools bound decides what to search, or answers."""

from __future__ import annotations

import re
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langgraph.runtime import Runtime

from agent import prompts
from agent.context import ChatContext
from agent.evidence import FEEDBACK_NAME, turn_messages
from agent.models.resilient import call_model
from agent.state import State
from agent.toolset import make_tools

_MARKERS = re.compile(r"\s?\[\d+\]")


def lang_of(state: State) -> prompts.Lang:
    return "zh" if state.reply_language == "zh" else "en"


def agent(state: State, runtime: Runtime[ChatContext]) -> dict[str, Any]:
    ctx = runtime.context
    lang = lang_of(state)
    can_search = state.rounds < ctx.settings.max_rounds
    # The review's atomic tools are offered to a real chat model when switched on (the
    # offline planner does not use them); the tool node can always run them.
    atomic = ctx.settings.chat_atomic_tools and not state.offline
    tools = make_tools(lang, atomic=atomic) if can_search else []
    prompt = build_prompt(state, ctx, lang, can_search)
    reply = call_model(ctx.models, prompt, tools, offline=state.offline, deadline=ctx.deadline)
    ctx.clock.add("model", reply.seconds)
    message = reply.message
    if message.tool_calls and not can_search:  # the cap holds whatever the model asks for
        message = AIMessage(content=str(message.content) or prompts.REFUSAL[lang], id=message.id)
    usage: dict[str, Any] = dict(message.usage_metadata or {})
    updates: dict[str, Any] = {
        "messages": [message],
        "model": state.model if state.offline else reply.model,
        "input_tokens": state.input_tokens + int(usage.get("input_tokens", 0)),
        "output_tokens": state.output_tokens + int(usage.get("output_tokens", 0)),
    }
    if reply.error is not None:
        runtime.stream_writer({"status": prompts.STATUS[lang]["fallback"]})
        updates |= {
            "offline": True,
            "model": reply.model,
            "notice": prompts.NOTICE_FALLBACK[lang].format(error=reply.error),
        }
    if message.tool_calls:
        updates["rounds"] = state.rounds + 1
    return updates


def build_prompt(
    state: State, ctx: ChatContext, lang: prompts.Lang, can_search: bool
) -> list[BaseMessage]:
    """System prompt, the last turns of the conversation, then this turn's messages."""
    names = [ctx.corpus.document(d).name for d in ctx.doc_ids]
    system = prompts.SYSTEM[lang].format(
        documents=prompts.documents_line(names, lang), max_rounds=ctx.settings.max_rounds
    )
    out: list[BaseMessage] = [SystemMessage(system)]
    keep = ctx.settings.chat_history_turns
    for t in state.turns[-keep:] if keep else []:
        out.append(HumanMessage(t.get("question", "")))
        out.append(AIMessage(_MARKERS.sub("", t.get("answer", ""))))
    for i, m in enumerate(turn_messages(state.messages)):
        if i == 0 and isinstance(m, HumanMessage):
            text = prompts.question_block(str(m.content), state.question, lang)
            out.append(HumanMessage(text, id=m.id))
        else:
            out.append(m)
    if not can_search:
        out.append(HumanMessage(prompts.LAST_ROUND[lang], name=FEEDBACK_NAME))
    return out
