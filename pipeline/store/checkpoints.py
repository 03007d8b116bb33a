"""The LangGraph checkpointer (agent memory), persisted in SQLite beside the main database.

Kept in its own file so a long answer never holds a write lock that ingestion waits on.
Memory belongs to a workspace: a conversation's thread id is ``<workspace>/<conversation>``,
so memory can only be reached through the workspace's own conversation (see ``thread_id``).
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from langgraph.checkpoint.sqlite import SqliteSaver

from pipeline.errors import StoreError
from pipeline.store.db import enable_wal
from pipeline.workspace import LOCAL

log = logging.getLogger(__name__)

# Numbered migrations of Folio's use of the memory file (LangGraph owns its tables).
_MEMORY_MIGRATIONS = [
    # v1: threads from before workspaces belong to the local workspace.
    "UPDATE checkpoints SET thread_id = '" + LOCAL + "/' || thread_id "
    "WHERE instr(thread_id, '/') = 0;\n"
    "UPDATE writes SET thread_id = '" + LOCAL + "/' || thread_id WHERE instr(thread_id, '/') = 0",
]


def thread_id(workspace: str, conversation_id: str) -> str:
    return f"{workspace}/{conversation_id}"


def sqlite_checkpointer(path: Path) -> SqliteSaver:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, check_same_thread=False, timeout=30.0)
        enable_wal(conn)
        saver = SqliteSaver(conn)
        saver.setup()
        _migrate(conn)
    except (sqlite3.Error, OSError) as exc:
        raise StoreError(
            f"Cannot open the conversation memory at {path}: {exc}. "
            "Check that FOLIO_DATA_DIR points to a writable directory."
        ) from exc
    return saver


def _migrate(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE TABLE IF NOT EXISTS folio_memory_version (version INTEGER NOT NULL)")
    row = conn.execute("SELECT MAX(version) FROM folio_memory_version").fetchone()
    current = int(row[0] or 0)
    for version, script in enumerate(_MEMORY_MIGRATIONS[current:], start=current + 1):
        log.info("migrating conversation memory to version %d", version)
        with conn:
            for stmt in script.split(";\n"):
                conn.execute(stmt)
            conn.execute("INSERT INTO folio_memory_version (version) VALUES (?)", (version,))
