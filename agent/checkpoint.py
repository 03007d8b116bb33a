"""The LangGraph checkpointer, persisted in SQLite beside the main database.

Kept in its own file so a long answer never holds a write lock that ingestion waits on.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from langgraph.checkpoint.sqlite import SqliteSaver

from pipeline.errors import StoreError


def sqlite_checkpointer(path: Path) -> SqliteSaver:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, check_same_thread=False, timeout=30.0)
        conn.execute("PRAGMA journal_mode=WAL")
        saver = SqliteSaver(conn)
        saver.setup()
    except (sqlite3.Error, OSError) as exc:
        raise StoreError(
            f"Cannot open the conversation memory at {path}: {exc}. "
            "Check that FOLIO_DATA_DIR points to a writable directory."
        ) from exc
    return saver
