"""The answerability gate judges a real model's answer too: a scripted model (standing in
for an endpoint) that answers a general-knowledge question from what it knows, citing a
passage that only shares a word with it, gets the refusal quoting the nearest passage;
its answer to a question the passage answers stands. Invented documents only."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage

from agent.models import ChatModels
from agent.models.fake import FakeChatModel, tool_call
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import REPORT_MD, ingest_text


def _citing(template: str, needle: str) -> Callable[[list[BaseMessage]], AIMessage]:
    def step(messages: list[BaseMessage]) -> AIMessage:
        for m in messages:
            if isinstance(m, ToolMessage) and isinstance(m.artifact, dict):
                for p in m.artifact["passages"]:
                    if needle in p["text"]:
                        return AIMessage(template.format(id=p["chunk_id"]))
        raise AssertionError(f"no passage with {needle!r} was returned")

    return step


def _chat(folio: Folio, *script: object) -> ChatService:
    model = FakeChatModel(script=list(script))
    return ChatService(folio, models=ChatModels(primary=model, name="fake-model", retries=1))


@pytest.fixture
def doc(folio: Folio, tmp_path: Path) -> str:
    return ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)


def test_an_answer_citing_a_passage_without_the_questions_focus_is_refused(
    folio: Folio, doc: str
) -> None:
    chat = _chat(
        folio,
        tool_call("search_document", query="world economy growth", top_k=3),
        # true of the passage, and supported by it, but not what was asked
        _citing("Revenue growth of 5 percent is expected in fiscal 2024 [{id}].", "5 percent"),
    )
    a = chat.ask("How fast is the world economy growing?", [doc]).answer
    assert a.refused, a.answer
    assert a.answer.startswith("The documents do not say"), a.answer
    nearest = a.answer.split("The closest they come:\n- ", 1)[1]
    assert "5 percent" in nearest and a.citations and a.citations[0].doc_id == doc


def test_an_answer_citing_what_the_question_asks_stands(folio: Folio, doc: str) -> None:
    chat = _chat(
        folio,
        tool_call("search_document", query="revenue growth fiscal 2024", top_k=3),
        _citing("Revenue growth of 5 percent is expected in fiscal 2024 [{id}].", "5 percent"),
    )
    a = chat.ask("What revenue growth does management expect for fiscal 2024?", [doc]).answer
    assert not a.refused and "5 percent" in a.answer, a.answer
