"""What every API endpoint shares: the caller's scope (workspace and services), the error
type whose message reaches the caller, and the mark that keeps an endpoint off MCP."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import gradio as gr

from pipeline.errors import CLIENT_ERRORS, FolioError, WorkspaceError
from pipeline.service import Folio
from pipeline.workspace import anonymous, new_token
from ui.services import Services
from ui.workspace import user_workspace

if TYPE_CHECKING:
    from agent.service import ChatService

log = logging.getLogger(__name__)

API_ONLY = "_folio_api_only"
F = TypeVar("F", bound=Callable[..., Any])


class ApiError(gr.Error):
    """A request the API cannot serve; the message tells the caller what to do.

    The caller's mistake, not ours: one line in the log, no traceback (Gradio prints one
    for every error unless told not to).
    """

    def __init__(self, message: str) -> None:
        super().__init__(message, print_exception=False)
        log.warning("API request refused: %s", message)


E = TypeVar("E", bound=ApiError)


def refusal(
    exc: FolioError,
    cls: type[E] = ApiError,
    expected: tuple[type[FolioError], ...] = (),
) -> E:
    """The API error for ``exc``; an error that is not the caller's (``CLIENT_ERRORS`` and
    ``expected``) keeps its traceback in the log."""
    if not isinstance(exc, (*CLIENT_ERRORS, *expected)):
        log.error("API request failed", exc_info=exc)
    return cls(str(exc))


def text_arg(value: object, name: str) -> str:
    """A text argument as the caller sent it ("" for none; a number as its digits). A list
    or an object is the caller's mistake, said as such, never a Python error from deeper in."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    raise ApiError(f"'{name}' must be text, not {_kind(value)}: send one value.")


def ids_arg(value: object, name: str = "doc_ids") -> list[str]:
    """A list of ids: one id sent alone counts as a list of one (never read letter by letter)."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value.strip() else []
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return list(value)
    raise ApiError(f"'{name}' must be a list of document ids (text), not {_kind(value)}.")


def count_arg(value: object, name: str, low: int, high: int) -> int:
    """A whole number within [low, high] (a number outside is brought within)."""
    try:
        n = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError) as exc:
        raise ApiError(f"'{name}' must be a whole number from {low} to {high}.") from exc
    return max(low, min(n, high))


def _kind(value: object) -> str:
    return {list: "a list", tuple: "a list", dict: "an object", bool: "true/false"}.get(
        type(value), type(value).__name__
    )


def not_an_mcp_tool(fn: F) -> F:
    """Serve ``fn`` to API clients only; ``ui.api.tune_mcp_server`` keeps it off MCP."""
    setattr(fn, API_ONLY, True)
    return fn


@dataclass(frozen=True)
class Scope:
    """Where a request acts: its workspace id (handed back to the caller) and its services."""

    workspace: str
    folio: Folio
    chat: Callable[[], ChatService]  # built on first use (slow imports)

    def names(self) -> dict[str, str]:
        return {d.doc_id: d.name for d in self.folio.documents()}


class ApiBase:
    """Scopes each call to one workspace; the endpoint groups build on it."""

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
                raise refusal(exc) from exc
        folio = self.s.root.scoped(ws)
        if workspace or user:  # a fresh workspace is recorded once it stores something
            folio.touch()
        return Scope(token, folio, lambda: self.s.chat_in(ws))

    def doc_scope(self, scope: Scope, doc_ids: Sequence[str] | None) -> list[str]:
        """The requested documents (each must exist here), or every searchable one."""
        docs = scope.folio.documents()
        doc_ids = ids_arg(doc_ids)
        if doc_ids:
            known = {d.doc_id for d in docs}
            for d in doc_ids:
                if d not in known:
                    raise ApiError(
                        f"No document with id '{d}' in this workspace: /documents lists them "
                        "(list_documents over MCP)."
                    )
            return list(dict.fromkeys(doc_ids))
        ready = [d.doc_id for d in docs if d.searchable]
        if not ready:
            # an MCP client cannot upload: it is told where files are added
            raise ApiError(
                "This workspace has no searchable document yet: add files with /ingest "
                "(the API) or in the web page's Library."
            )
        return ready
