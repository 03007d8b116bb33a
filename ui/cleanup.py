"""Periodic cleanup: anonymous workspaces idle longer than FOLIO_WORKSPACE_TTL_DAYS are
deleted with everything in them (files, rows, vectors, components, conversations, memory).

Signed-in users' workspaces, the operator's and the shared library are never touched.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from pipeline.service import Folio

if TYPE_CHECKING:  # the agent's imports are slow; the app loads it in the background
    from agent.service import ChatService

log = logging.getLogger(__name__)

CLEANUP_EVERY_S = 3600.0


@dataclass
class Removed:
    workspace: str
    documents: int
    conversations: int


def remove_expired(
    folio: Folio, chat: ChatService, *, now: datetime | None = None
) -> list[Removed]:
    """Delete every expired anonymous workspace; log (hash names only) what went."""
    removed = []
    for ws in folio.workspaces.expired(folio.settings.workspace_ttl_days, now=now):
        conversations = chat.scoped(ws).delete_workspace()
        docs = folio.scoped(ws).delete_workspace()
        removed.append(Removed(ws, len(docs), conversations))
        log.info(
            "removed idle workspace %s…: %d documents, %d conversations",
            ws[:13],
            len(docs),
            conversations,
        )
    return removed


def start_cleanup(folio: Folio, chat: ChatService, stop: threading.Event) -> threading.Thread:
    """Run :func:`remove_expired` now and then every hour until ``stop`` is set."""

    def loop() -> None:
        while not stop.is_set():
            try:
                remove_expired(folio, chat)
            except Exception:  # a failed round must not end the loop
                log.exception("workspace cleanup failed")
            stop.wait(CLEANUP_EVERY_S)

    thread = threading.Thread(target=loop, name="folio-cleanup", daemon=True)
    thread.start()
    return thread
