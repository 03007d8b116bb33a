"""The LangGraph checkpointer (the chat graph's memory), persisted in SQLite beside the
main database, in a file of its own (``chat_memory.db``; migrations of file ``memory``).

Kept in its own file so a long answer never holds a write lock that ingestion waits on.
Memory belongs to a workspace: a conversation's thread id is ``<workspace>/<conversation>``
(``pipeline.workspace.thread_id``), so memory can only be reached through the workspace's
own conversation. LangGraph owns its tables (``SqliteSaver.setup``); the migrations here
are Folio's use of them.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.errors import StoreError
from pipeline.store.db import Database, enable_wal, register_migrations
from pipeline.workspace import LOCAL

if TYPE_CHECKING:
    from langgraph.checkpoint.sqlite import SqliteSaver

MEMORY = "memory"  # the file's name in the migration registry


def _threads_into_workspaces(conn: sqlite3.Connection) -> None:
    """v1: threads from before workspaces belong to the local workspace.

    Memory files written before this scheme counted their own version in
    ``folio_memory_version``; one that already had this step is left as it is."""
    legacy = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'folio_memory_version'"
    ).fetchone()
    if legacy and conn.execute("SELECT MAX(version) FROM folio_memory_version").fetchone()[0]:
        return
    for table in ("checkpoints", "writes"):
        conn.execute(
            f"UPDATE {table} SET thread_id = '{LOCAL}/' || thread_id "
            "WHERE instr(thread_id, '/') = 0"
        )


register_migrations("memory", [_threads_into_workspaces], file=MEMORY)


def open_checkpointer(path: Path) -> SqliteSaver:
    """The graph's memory in the file at ``path``, with LangGraph's tables and ours current."""
    from langgraph.checkpoint.sqlite import SqliteSaver

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, check_same_thread=False, timeout=30.0)
        enable_wal(conn)
        saver = SqliteSaver(conn)
        saver.setup()
        migrations = Database(path, file=MEMORY)
        migrations.connect()  # applies the steps this file has not had
        migrations.close()
    except (sqlite3.Error, OSError) as exc:
        raise StoreError(
            f"Cannot open the conversation memory at {path}: {exc}. "
            "Check that FOLIO_DATA_DIR points to a writable directory."
        ) from exc
    return saver
