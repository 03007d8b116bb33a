"""Reflection: check the draft's citations and support in code before anything is shown.

Cited ids must be ids the tools returned in this turn; each factual sentence must be
supported by the text it cites. Problems send the agent back for another round with
feedback while rounds remain; otherwise ``finalize`` drops what is unsupported. A real
model's answer whose citations do not hold the question's focus becomes the refusal
quoting the nearest of them (``models/endpoint_gate.py``).
"""

from __future__ import annotations

from typing import Any, Literal

from langchain_core.messages import AIMessage, HumanMessage
from langgraph.runtime import Runtime

from agent import citations, prompts
from agent.context import ChatContext
from agent.evidence import FEEDBACK_NAME, passages_by_id, turn_evidence, turn_messages
from agent.models.endpoint_gate import judged
from agent.nodes.agent import lang_of
from agent.state import State

MAX_REFLECTIONS = 2


def draft_of(state: State) -> str:
    for m in reversed(turn_messages(state.messages)):
        if isinstance(m, AIMessage) and not m.tool_calls:
            return str(m.content)
    return ""


def reflect(state: State, runtime: Runtime[ChatContext]) -> dict[str, Any]:
    lang = lang_of(state)
    runtime.stream_writer({"status": prompts.STATUS[lang]["reflect"]})
    passages = passages_by_id(turn_evidence(state.messages))
    verdict = citations.reflect(draft_of(state), passages)
    retry = (
        bool(verdict.problems)
        and state.rounds < runtime.context.settings.max_rounds
        and state.reflections < MAX_REFLECTIONS
    )
    if retry:
        runtime.stream_writer({"status": prompts.STATUS[lang]["retry"]})
        note = HumanMessage(citations.feedback(verdict, lang), name=FEEDBACK_NAME)
        return {"messages": [note], "reflections": state.reflections + 1, "verdict": None}
    if not (state.offline or runtime.context.models.is_offline):
        # a real model's answer: does what it cites hold what is asked? (the offline
        # answerer asked the gate before composing)
        evidence = turn_evidence(state.messages)
        refused = judged(state.question, verdict, evidence, passages, lang)
        if refused is not None:
            verdict = citations.reflect(refused, passages)
    return {"verdict": verdict.model_dump()}


def after_reflect(state: State) -> Literal["agent", "finalize"]:
    return "agent" if state.verdict is None else "finalize"
