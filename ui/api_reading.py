"""The reading endpoints: ``/search`` finds passages, ``/ask`` answers with citations
(streamed), ``/conversation`` lists conversations and their messages."""

# No ``from __future__ import annotations``: Gradio reads the hints below at run time.

from collections.abc import Iterator
from typing import TYPE_CHECKING

import gradio as gr

from agent.schemas import AnswerEvent, StatusEvent, TokenEvent
from pipeline.errors import FolioError
from ui.api_base import (
    ApiBase,
    ApiError,
    Scope,
    count_arg,
    ids_arg,
    not_an_mcp_tool,
    refusal,
    text_arg,
)
from ui.api_schema import (
    AskResult,
    Conversations,
    MessageInfo,
    SearchResults,
    answer_info,
    hit_info,
    pending_answer,
)
from ui.api_schema import ConversationInfo as ConversationRow
from ui.streaming import iterate_in_thread

if TYPE_CHECKING:
    from agent.service import ChatService

MAX_HITS = 50
SEARCH_DENSE = "keyword (BM25) and semantic (dense embedding) ranks fused"
SEARCH_KEYWORD = (
    "keyword (BM25) ranking only: this server runs no semantic model, so query with "
    "the words the documents use"
)


def search_description(dense: bool) -> str:
    """The /search endpoint's description, as API clients and MCP tools read it: what kind
    of search this server runs (the docstring cannot know; it depends on the settings)."""
    how = SEARCH_DENSE if dense else SEARCH_KEYWORD
    return (
        f"Search the documents for passages relevant to a query ({how}). Returns: passages "
        "with chunk_id, doc_id, doc_name, page, section, score and text, and the boxes of "
        "each passage's lines on its page."
    )


def _messages(scope: Scope, chat: "ChatService", conversation_id: str) -> list[MessageInfo]:
    """A conversation's messages, each answer with its citations resolved to document names."""
    names = scope.names()
    return [
        MessageInfo(
            role=m.role,
            content=m.content,
            created_at=m.created_at,
            answer=answer_info(m.answer, conversation_id, scope.workspace, names)
            if m.answer is not None
            else None,
        )
        for m in chat.history(conversation_id)
    ]


class ReadingEndpoints(ApiBase):
    def search_document(
        self,
        query: str,
        doc_ids: list[str] | None = None,
        k: int = 8,
        workspace: str | None = None,
        request: gr.Request | None = None,
    ) -> SearchResults:
        """Search the documents for passages relevant to a query.

        (Described to clients by :func:`search_description`, which says the kind of search.)

        Args:
            query: What to look for, in Chinese or English.
            doc_ids: Document ids (from list_documents) to search; empty for all.
            k: How many passages to return (1-50).
            workspace: Workspace id from an earlier response; omit it for a new private one.
        Returns:
            Passages with chunk_id, doc_id, doc_name, page, section, score and text
            the boxes of each passage's lines on its page
        """
        scope = self.scope(workspace, request)
        query = text_arg(query, "query")
        if not query.strip():
            raise ApiError("The query is empty: say what to look for.")
        ids = self.doc_scope(scope, doc_ids)
        try:
            hits = scope.folio.search(query, ids, k=count_arg(k, "k", 1, MAX_HITS))
        except FolioError as exc:
            raise refusal(exc) from exc
        names = scope.names()
        return SearchResults(
            workspace=scope.workspace,
            query=query,
            doc_ids=ids,
            hits=[hit_info(h, names) for h in hits],
        )

    def ask(
        self,
        question: str,
        doc_ids: list[str] | None = None,
        conversation_id: str | None = None,
        workspace: str | None = None,
        request: gr.Request | None = None,
    ) -> Iterator[AskResult]:
        """Answer a question from the documents, citing the exact passages it relies on.

        Args:
            question: The question, Chinese or English; follow-ups may refer to earlier turns.
            doc_ids: Document ids to answer from; empty for the conversation's, else all.
            conversation_id: Continue this conversation; omit it to start a new one.
            workspace: Workspace id from an earlier response; omit it for a new private one.
        Returns:
            The answer text with [n] markers
            its citations with doc_id, page, quote, boxes and score
            follow-up questions and whether it refused for lack of support
            where its time went: timing (search_ms, model_ms, tools_ms, reflection_ms, total_ms)
        """
        scope = self.scope(workspace, request)
        question = text_arg(question, "question")
        conversation_id = text_arg(conversation_id, "conversation_id") or None
        if not question.strip():
            raise ApiError("The question is empty: type something to ask.")
        doc_ids = ids_arg(doc_ids)
        ids = [] if conversation_id and not doc_ids else self.doc_scope(scope, doc_ids)
        chat = scope.chat()
        status, text = "", ""
        try:
            for event in iterate_in_thread(lambda: chat.stream(question, ids, conversation_id)):
                if isinstance(event, StatusEvent):
                    status = event.message
                elif isinstance(event, TokenEvent):
                    text += event.text
                elif isinstance(event, AnswerEvent):
                    names = scope.names()
                    yield answer_info(event.answer, event.conversation_id, scope.workspace, names)
                    return
                yield pending_answer(scope.workspace, status, text)
        except FolioError as exc:
            raise refusal(exc) from exc
        raise ApiError("The answer was interrupted; ask again.")

    @not_an_mcp_tool
    def conversation(
        self,
        conversation_id: str | None = None,
        workspace: str | None = None,
        request: gr.Request | None = None,
    ) -> Conversations:
        """The conversations of a workspace, and the messages of one of them.

        Args:
            conversation_id: The conversation whose messages to return; omit it to list.
            workspace: Workspace id from an earlier response; omit it for a new private one.
        Returns:
            Every conversation (id, title, documents)
            the messages of the one asked for, with structured answers
        """
        scope = self.scope(workspace, request)
        conversation_id = text_arg(conversation_id, "conversation_id") or None
        chat = scope.chat()
        rows = [
            ConversationRow(
                conversation_id=c.conversation_id,
                title=c.title,
                doc_ids=list(c.doc_ids),
                updated_at=c.updated_at,
            )
            for c in chat.conversations()
        ]
        messages: list[MessageInfo] = []
        if conversation_id:
            if conversation_id not in {r["conversation_id"] for r in rows}:
                raise ApiError(
                    f"No conversation with id '{conversation_id}' in this workspace: "
                    "call /conversation without an id to list them."
                )
            messages = _messages(scope, chat, conversation_id)
        return Conversations(
            workspace=scope.workspace,
            conversations=rows,
            conversation_id=conversation_id or None,
            messages=messages,
        )
