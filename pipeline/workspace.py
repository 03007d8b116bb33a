"""Workspaces: who owns a document or a conversation.

Every stored row belongs to one workspace. The command line works in ``local`` (or the name
given with ``--workspace``); each web visitor gets a private anonymous workspace from an
unguessable token their browser keeps; a signed-in user owns ``user-<name>`` (``FOLIO_AUTH``)
or ``hf-<name>`` (Hugging Face OAuth). ``shared`` holds the optional read-only library that
every workspace can read and nobody can delete.

A browser's token never reaches the database or the logs: the workspace is named after a
hash of it, so reading the database does not let anyone act as that visitor.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import Literal

from pipeline.errors import WorkspaceError

LOCAL = "local"
SHARED = "shared"

WorkspaceKind = Literal["local", "anonymous", "user", "shared"]

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$")
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{32,128}$")


def check_name(name: str) -> str:
    """A workspace name given on the command line: letters, digits, '_', '.', '@', '-'."""
    name = name.strip()
    if not _NAME.match(name) or name == SHARED:
        raise WorkspaceError(
            f"'{name}' cannot be a workspace name: use up to 64 letters, digits, '_', '.', '@' "
            f"or '-' (and not '{SHARED}', the read-only library)."
        )
    return name


def new_token() -> str:
    """A fresh unguessable workspace token (192 random bits)."""
    return secrets.token_urlsafe(24)


def valid_token(token: object) -> bool:
    return isinstance(token, str) and bool(_TOKEN.match(token))


def anonymous(token: str) -> str:
    """The workspace of a browser or API caller holding ``token``."""
    if not valid_token(token):
        raise WorkspaceError("That workspace token is not valid; omit it to get a new workspace.")
    return "anon-" + hashlib.sha256(f"folio-workspace:{token}".encode()).hexdigest()[:32]


def for_user(username: str, *, provider: Literal["password", "hf"] = "password") -> str:
    """The workspace of a signed-in user (the same on every device)."""
    slug = re.sub(r"[^a-z0-9_.@-]+", "-", username.strip().lower()).strip("-")[:48]
    digest = hashlib.sha256(username.strip().encode()).hexdigest()[:8]
    prefix = "hf" if provider == "hf" else "user"
    return f"{prefix}-{slug}-{digest}" if slug else f"{prefix}-{digest}"


def kind_of(workspace: str) -> WorkspaceKind:
    if workspace == SHARED:
        return "shared"
    if workspace.startswith("anon-"):
        return "anonymous"
    if workspace.startswith(("user-", "hf-")):
        return "user"
    return "local"


def visible(workspace: str) -> tuple[str, ...]:
    """Workspaces whose documents ``workspace`` may read: its own and the shared library."""
    return (workspace,) if workspace == SHARED else (workspace, SHARED)


def thread_id(workspace: str, conversation_id: str) -> str:
    """The graph memory's key of a conversation: only its own workspace reaches it."""
    return f"{workspace}/{conversation_id}"
