"""Start of a turn: detect the language, then route (small talk, not ready, question)."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import HumanMessage, RemoveMessage
from langgraph.runtime import Runtime

from agent import prompts
from agent.context import ChatContext
from agent.language import detect_language as detect
from agent.language import reply_language
from agent.question.relative_years import dated_relative
from agent.question.shorthand import spelled_in_scope
from agent.question.verbs import noun_worded
from agent.rewrite import resolve_followup, small_talk
from agent.schemas import Answer
from agent.state import State


def user_text(state: State) -> str:
    for m in reversed(state.messages):
        if isinstance(m, HumanMessage):
            return str(m.content)
    return ""


def detect_language(state: State) -> dict[str, Any]:
    """Detect the language and reset the per-turn fields (the checkpoint holds the last turn)."""
    text = user_text(state)
    lang = detect(text)
    old = [RemoveMessage(id=m.id) for m in state.messages[:-1] if m.id]
    return {
        "messages": old,
        "language": lang,
        "reply_language": reply_language(lang, text),
        "question": text,
        "route": "question",
        "rounds": 0,
        "reflections": 0,
        "offline": False,
        "notice": None,
        "model": "",
        "input_tokens": 0,
        "output_tokens": 0,
        "verdict": None,
        "answer": None,
    }


def route(state: State, runtime: Runtime[ChatContext]) -> dict[str, Any]:
    text = user_text(state)
    if small_talk(text):
        return {"route": "small_talk"}
    corpus = runtime.context.corpus
    if not any(corpus.document(d).searchable for d in runtime.context.doc_ids):
        return {"route": "unavailable"}
    previous = [t.get("standalone") or t.get("question", "") for t in state.turns]
    # an item asked by its verb ("how much did X sell") is read by its noun (``verbs``);
    # shorthand ("PFE's LTD", "CFO in 1H23") in the scope's own words (``shorthand``);
    # "the prior year" of an annual report as the year it is (``relative_years``)
    asked = noun_worded(resolve_followup(text, previous))
    stats = runtime.context.scope_stats()
    spelled = spelled_in_scope(asked, stats)
    return {"route": "question", "question": dated_relative(spelled, stats.covers)}


def respond_directly(state: State, runtime: Runtime[ChatContext]) -> dict[str, Any]:
    """Small talk and "still processing": answered without searching, with no citations."""
    lang: prompts.Lang = "zh" if state.reply_language == "zh" else "en"
    text = user_text(state)
    if state.route == "small_talk":
        reply = prompts.SMALL_TALK[lang][small_talk(text) or "greeting"]
        answer = Answer(answer=reply, language=_language(state), model=runtime.context.models.name)
    else:
        reply = prompts.UNAVAILABLE[lang]
        answer = Answer(answer=reply, language=_language(state), refused=True, notice=reply)
    turn = {"question": text, "standalone": text, "answer": reply, "language": lang}
    return {"answer": answer.model_dump(mode="json"), "turns": [turn]}


def _language(state: State) -> Any:
    return state.language if state.language in ("zh", "en", "mixed") else "en"
