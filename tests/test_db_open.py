"""Opening a database waits for the lock like every other write (issue 30).

A file still in rollback mode is switched to WAL by its first openers; while one of them
holds the write lock, SQLite refused another opener at once ("database is locked" at
``PRAGMA journal_mode=WAL``) instead of waiting as a write does.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

from pipeline.store.checkpoints import open_checkpointer
from pipeline.store.db import Database


def _writer_holding_the_lock(path: Path, seconds: float) -> threading.Thread:
    """A connection in rollback mode that writes and keeps the lock for ``seconds``."""
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("CREATE TABLE IF NOT EXISTS other (x INTEGER)")
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("INSERT INTO other VALUES (1)")

    def release() -> None:
        time.sleep(seconds)
        holder.execute("COMMIT")
        holder.close()

    t = threading.Thread(target=release)
    t.start()
    return t


def test_opening_waits_for_a_writer_instead_of_failing(tmp_path: Path) -> None:
    path = tmp_path / "folio.db"
    releaser = _writer_holding_the_lock(path, 0.5)
    started = time.monotonic()
    conn = Database(path).connect()  # raised "database is locked" at once before
    releaser.join()
    assert time.monotonic() - started >= 0.4  # it waited for the writer, then went on
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("SELECT COUNT(*) FROM other").fetchone()[0] == 1


def test_conversation_memory_waits_for_a_writer_too(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    releaser = _writer_holding_the_lock(path, 0.5)
    saver = open_checkpointer(path)
    releaser.join()
    assert saver.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_many_openers_of_a_new_file_at_once_all_succeed(tmp_path: Path) -> None:
    path = tmp_path / "folio.db"
    openers = 8
    gate = threading.Barrier(openers)
    errors: list[BaseException] = []

    def open_one() -> None:
        db = Database(path)
        gate.wait()
        try:
            db.connect().execute("SELECT COUNT(*) FROM schema_versions").fetchone()
        except BaseException as exc:  # collected and asserted below
            errors.append(exc)
        finally:
            db.close()

    threads = [threading.Thread(target=open_one) for _ in range(openers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
