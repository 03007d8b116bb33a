"""ChatService: the agent's entry point for the CLI and the UI.

Contract (issue 4 implements, issue 6 consumes): ``stream`` yields StatusEvent,
TokenEvent… and finally one AnswerEvent; conversations persist in SQLite.
PLACEHOLDER implementation: quotes the best search hit, no LangGraph yet.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from agent.schemas import Answer, AnswerEvent, ChatEvent, Citation, StatusEvent, TokenEvent
from pipeline.service import Folio


@dataclass
class ConversationInfo:
    conversation_id: str
    title: str
    doc_ids: list[str]
    updated_at: str = ""


@dataclass
class Message:
    role: str  # "user" | "assistant"
    content: str
    answer: Answer | None = None


@dataclass
class ChatService:
    folio: Folio
    _conversations: dict[str, ConversationInfo] = field(default_factory=dict)
    _messages: dict[str, list[Message]] = field(default_factory=dict)

    def create(self, doc_ids: list[str], title: str | None = None) -> str:
        cid = uuid.uuid4().hex[:12]
        self._conversations[cid] = ConversationInfo(cid, title or "New conversation", doc_ids)
        self._messages[cid] = []
        return cid

    def conversations(self) -> list[ConversationInfo]:
        return list(self._conversations.values())

    def history(self, conversation_id: str) -> list[Message]:
        return list(self._messages.get(conversation_id, []))

    def rename(self, conversation_id: str, title: str) -> None:
        self._conversations[conversation_id].title = title

    def delete(self, conversation_id: str) -> None:
        self._conversations.pop(conversation_id, None)
        self._messages.pop(conversation_id, None)

    async def stream(
        self, question: str, doc_ids: list[str], conversation_id: str | None = None
    ) -> AsyncIterator[ChatEvent]:
        cid = conversation_id or self.create(doc_ids, question[:40])
        yield StatusEvent(message=f"searching: {question}")
        hits = self.folio.search(question, doc_ids, k=1)
        if hits:
            h = hits[0]
            quote = h.text.split("\n")[0][:200]
            text = f"{quote} [1]"
            cites = [
                Citation(
                    marker=1,
                    chunk_id=h.chunk_id,
                    doc_id=h.doc_id,
                    page=h.page,
                    section=h.section,
                    quote=quote,
                    boxes=h.boxes[:1],
                    score=h.score,
                )
            ]
            answer = Answer(answer=text, citations=cites, retrieval_rounds=1)
        else:
            answer = Answer(answer="The documents do not say.", refused=True, retrieval_rounds=1)
        for word in answer.answer.split(" "):
            yield TokenEvent(text=word + " ")
        self._messages.setdefault(cid, []).extend(
            [Message("user", question), Message("assistant", answer.answer, answer)]
        )
        yield AnswerEvent(answer=answer, conversation_id=cid)
