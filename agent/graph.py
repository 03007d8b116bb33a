"""The chat agent as a LangGraph graph.

    detect_language → route ─┬─ small talk / not ready ──────────→ respond ──→ END
                             └─ question → agent ⇄ tools
                                             └─ draft → reflect ─┬─ feedback → agent
                                                                 └─ finalize ──→ END

The run scope (document ids, services) is the graph's runtime context (``ChatContext``);
the state is checkpointed per conversation (thread id = conversation id).
"""

from __future__ import annotations

from typing import Literal

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.prebuilt import ToolNode

from agent.context import ChatContext
from agent.nodes.agent import agent
from agent.nodes.finalize import finalize
from agent.nodes.reflect import after_reflect, reflect
from agent.nodes.understand import detect_language, respond_directly, route
from agent.state import InputState, State
from agent.toolset import make_tools
from agent.toolspec import REGISTRY


def after_route(state: State) -> Literal["agent", "respond"]:
    return "agent" if state.route == "question" else "respond"


def after_agent(state: State) -> Literal["tools", "reflect"]:
    last = state.messages[-1] if state.messages else None
    return "tools" if getattr(last, "tool_calls", None) else "reflect"


def tools_version() -> int:
    """Changes when a tool is registered or removed: a graph built before must be built
    again, or the model would be offered a tool its tool node cannot run."""
    return REGISTRY.version


def build_graph(
    checkpointer: BaseCheckpointSaver[str] | None = None,
) -> CompiledStateGraph[State, ChatContext, InputState, State]:
    builder = StateGraph(State, context_schema=ChatContext, input_schema=InputState)
    builder.add_node("detect_language", detect_language)
    builder.add_node("route", route)
    builder.add_node("respond", respond_directly)
    builder.add_node("agent", agent)
    # Descriptions are language-specific for the model; execution is the same in both.
    builder.add_node("tools", ToolNode(make_tools("en", atomic=True)))
    builder.add_node("reflect", reflect)
    builder.add_node("finalize", finalize)

    builder.add_edge(START, "detect_language")
    builder.add_edge("detect_language", "route")
    builder.add_conditional_edges("route", after_route)
    builder.add_conditional_edges("agent", after_agent)
    builder.add_edge("tools", "agent")
    builder.add_conditional_edges("reflect", after_reflect)
    builder.add_edge("respond", END)
    builder.add_edge("finalize", END)
    return builder.compile(checkpointer=checkpointer, name="folio-chat")
