"""Folio's API for programs: six named endpoints for ``gradio_client``, three of them MCP tools.

``/ingest``, ``/documents``, ``/search``, ``/ask`` (streamed), ``/conversation`` and
``/delete`` take and return JSON (shapes in :mod:`ui.api_schema`); the interface's own
events are hidden from the API (``ui.shell.hide_ui_events``). With ``launch(mcp_server=True)``
Gradio serves public endpoints as MCP tools named after their functions; only
``search_document``, ``ask`` and ``list_documents`` are kept there (:func:`tune_mcp_server`),
because an assistant needs to read documents, not to upload or delete them.

Every endpoint takes an optional ``workspace`` and acts only there, like the interface does.
"""

# No ``from __future__ import annotations``: Gradio reads the hints below at run time.

import json
import logging
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import gradio as gr
from gradio.data_classes import FileData
from gradio.utils import get_upload_folder, is_in_or_equal
from gradio_client.utils import is_file_obj_with_meta

from agent.schemas import AnswerEvent, StatusEvent, TokenEvent
from pipeline.errors import FolioError, WorkspaceError
from pipeline.ids import file_hash
from pipeline.service import Folio
from pipeline.workspace import anonymous, new_token
from ui.api_schema import (
    AskResult,
    Conversations,
    Deleted,
    Documents,
    Ingested,
    IngestedFile,
    MessageInfo,
    SearchResults,
    answer_info,
    document_info,
    hit_info,
    pending_answer,
)
from ui.api_schema import ConversationInfo as ConversationRow
from ui.services import Services
from ui.streaming import iterate_in_thread
from ui.workspace import user_workspace

if TYPE_CHECKING:
    from agent.service import ChatService

log = logging.getLogger(__name__)

MAX_HITS = 50
API_ONLY = "_folio_api_only"
F = TypeVar("F", bound=Callable[..., Any])


def _kept_name(folio: Folio, path: Path, name: str) -> str:
    """``name``, or a free 'name (2).pdf' when a different file already has it."""
    if folio.conflict(name, file_hash(path.read_bytes())) is None:
        return name
    return folio.free_name(name)


class ApiError(gr.Error):
    """A request the API cannot serve; the message tells the caller what to do."""


def not_an_mcp_tool(fn: F) -> F:
    """Serve ``fn`` to API clients only; :func:`tune_mcp_server` keeps it off the MCP server."""
    setattr(fn, API_ONLY, True)
    return fn


@dataclass(frozen=True)
class Scope:
    """Where a request acts: its workspace id (handed back to the caller) and its services."""

    workspace: str
    folio: Folio
    chat: Callable[[], "ChatService"]  # built on first use (slow imports)

    def names(self) -> dict[str, str]:
        return {d.doc_id: d.name for d in self.folio.documents()}


def uploaded_path(item: FileData | dict[str, Any] | str) -> tuple[Path, str]:
    """(path, original name) of a file uploaded through Gradio; nothing else on disk."""
    path = item.get("path") if isinstance(item, dict) else getattr(item, "path", item)
    if not isinstance(path, str) or not is_in_or_equal(path, get_upload_folder()):
        raise ApiError(
            "Send files as uploads: gradio_client.handle_file('report.pdf') "
            "(paths on the server are not accepted)."
        )
    orig = item.get("orig_name") if isinstance(item, dict) else getattr(item, "orig_name", None)
    return Path(path), str(orig or Path(path).name)


class FolioApi:
    """The endpoints: thin functions over the services, scoped to one workspace per call."""

    def __init__(self, services: Services) -> None:
        self.s = services

    def scope(self, workspace: str | None, request: gr.Request | None = None) -> Scope:
        """The caller's workspace: a signed-in user's own, else the one ``workspace`` names.

        ``workspace`` is the unguessable token an earlier response returned; without it the
        caller gets a fresh private workspace (its token comes back in the response).
        """
        user = user_workspace(request)
        if user:  # FOLIO_AUTH or Hugging Face sign-in: the same workspace on every device
            ws = token = user
        else:
            token = workspace or new_token()
            try:
                ws = anonymous(token)
            except WorkspaceError as exc:
                raise ApiError(str(exc)) from exc
        folio = self.s.root.scoped(ws)
        if workspace or user:  # a fresh workspace is recorded once it stores something
            folio.touch()
        return Scope(token, folio, lambda: self.s.chat_in(ws))

    def doc_scope(self, scope: Scope, doc_ids: Sequence[str] | None) -> list[str]:
        """The requested documents (each must exist here), or every searchable one."""
        docs = scope.folio.documents()
        if doc_ids:
            known = {d.doc_id for d in docs}
            for d in doc_ids:
                if d not in known:
                    raise ApiError(
                        f"No document with id '{d}' in this workspace: /documents lists them."
                    )
            return list(dict.fromkeys(doc_ids))
        ready = [d.doc_id for d in docs if d.searchable]
        if not ready:
            raise ApiError("This workspace has no searchable document yet: add files with /ingest.")
        return ready

    # --- endpoints (docstrings are the API and MCP descriptions) ----------------------------
    def list_documents(
        self, workspace: str | None = None, request: gr.Request | None = None
    ) -> Documents:
        """List the documents in a workspace with the status of each processing stage.

        Args:
            workspace: Workspace id from an earlier response; omit it for a new private one.
        Returns:
            The workspace id
            its documents with doc_id, name, pages, searchable and status per stage
        """
        scope = self.scope(workspace, request)
        docs = [document_info(d) for d in scope.folio.documents()]
        return Documents(workspace=scope.workspace, documents=docs)

    def search_document(
        self,
        query: str,
        doc_ids: list[str] | None = None,
        k: int = 8,
        workspace: str | None = None,
        request: gr.Request | None = None,
    ) -> SearchResults:
        """Search the documents for passages relevant to a query (hybrid keyword + semantic).

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
        if not (query or "").strip():
            raise ApiError("The query is empty: say what to look for.")
        ids = self.doc_scope(scope, doc_ids)
        try:
            hits = scope.folio.search(query, ids, k=max(1, min(int(k), MAX_HITS)))
        except FolioError as exc:
            raise ApiError(str(exc)) from exc
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
        """
        scope = self.scope(workspace, request)
        if not (question or "").strip():
            raise ApiError("The question is empty: type something to ask.")
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
            raise ApiError(str(exc)) from exc
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
            names = scope.names()
            messages = [
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
        return Conversations(
            workspace=scope.workspace,
            conversations=rows,
            conversation_id=conversation_id or None,
            messages=messages,
        )

    @not_an_mcp_tool
    def ingest(
        self,
        files: list[FileData],
        workspace: str | None = None,
        if_name_taken: str = "replace",
        request: gr.Request | None = None,
    ) -> Ingested:
        """Add files (PDF, scanned PDF, DOCX, Markdown, text) to a workspace.

        Returns when each file is searchable or has failed; mind maps, terms and embeddings
        continue in the background (their status is in /documents).

        Args:
            files: The files, uploaded with gradio_client.handle_file(path).
            workspace: Workspace id from an earlier response; omit it for a new private one.
            if_name_taken: When a different file already has the name: "replace" it (the
                outcome says "replaced") or "keep_both" (the new one becomes "name (2).pdf").
        Returns:
            Per file its doc_id, outcome (added, updated, replaced, unchanged, failed) and
            error, the document with its stage statuses
        """
        if if_name_taken not in ("replace", "keep_both"):
            raise ApiError('if_name_taken must be "replace" or "keep_both".')
        scope = self.scope(workspace, request)
        if not files:
            raise ApiError("No files: pass one or more gradio_client.handle_file(path).")
        uploads = [uploaded_path(f) for f in files]
        if if_name_taken == "keep_both":
            uploads = [(path, _kept_name(scope.folio, path, name)) for path, name in uploads]
        scope.folio.touch()
        out: list[IngestedFile] = []
        for path, name in uploads:
            (result,) = scope.folio.ingest([path], names=[name])
            doc = scope.folio.store.get(result.doc_id) if result.doc_id else None
            out.append(
                IngestedFile(
                    name=name,
                    doc_id=result.doc_id,
                    outcome="failed" if result.error else result.outcome,
                    error=result.error,
                    document=document_info(doc) if doc is not None else None,
                )
            )
        return Ingested(workspace=scope.workspace, files=out)

    @not_an_mcp_tool
    def delete(
        self, doc_id: str, workspace: str | None = None, request: gr.Request | None = None
    ) -> Deleted:
        """Delete a document with its file, passages, embeddings and derived components.

        Args:
            doc_id: The document to delete (an id from /documents).
            workspace: Workspace id from an earlier response; omit it for a new private one.
        Returns:
            The workspace id and the deleted document's id and name.
        """
        scope = self.scope(workspace, request)
        if doc_id not in {d.doc_id for d in scope.folio.documents()}:
            raise ApiError(
                f"No document with id '{doc_id}' in this workspace: /documents lists them."
            )
        try:
            doc = scope.folio.delete(doc_id)
        except FolioError as exc:
            raise ApiError(str(exc)) from exc
        return Deleted(workspace=scope.workspace, doc_id=doc.doc_id, name=doc.name)


def register(demo: gr.Blocks, services: Services) -> set[int]:
    """Add the endpoints to ``demo`` (being built); returns their function ids."""
    api = FolioApi(services)
    before = set(demo.fns)
    gr.api(api.ingest, api_name="ingest", concurrency_limit=1)
    gr.api(api.list_documents, api_name="documents")
    gr.api(api.search_document, api_name="search")
    gr.api(api.ask, api_name="ask", concurrency_limit=4)
    gr.api(api.conversation, api_name="conversation")
    gr.api(api.delete, api_name="delete", concurrency_limit=1)
    from ui import review_api  # beside the others; imported here (it imports this module)

    review_api.register(api)
    return set(demo.fns) - before


def tune_mcp_server(demo: gr.Blocks) -> None:
    """Shape the running app's MCP server: read tools only, results as JSON text.

    Gradio serves every public endpoint as a tool; those marked :func:`not_an_mcp_tool` are
    removed from its tool table, so they are neither listed, described nor callable there.
    Gradio also turns each output into text with ``str()``, which for a dict is Python's repr
    (single quotes, ``None``); MCP clients, and the models behind them, read JSON.
    """
    server = demo.mcp_server_obj
    if server is None:
        return
    server.tool_to_endpoint = {
        tool: endpoint
        for tool, endpoint in server.tool_to_endpoint.items()
        if not getattr(
            getattr(server.get_block_fn_from_endpoint_name(endpoint), "fn", None), API_ONLY, False
        )
    }
    render = server.postprocess_output_data

    def as_json(data: list[Any], root_url: str) -> list[Any]:
        return render(
            [
                json.dumps(d, ensure_ascii=False)
                if isinstance(d, dict | list) and not is_file_obj_with_meta(d)
                else d
                for d in data
            ],
            root_url,
        )

    setattr(server, "postprocess_output_data", as_json)  # noqa: B010  (one instance's method)
