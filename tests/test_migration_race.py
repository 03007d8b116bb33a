"""Two processes migrating one database file: the app and its background worker both apply
a schema registered late (the knowledge tables) on first use. The one that waited for the
write lock must find the step done, not run it again ("table … already exists" had failed
the first document's terms in a fresh data directory)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from pipeline.store import db as dbmod
from pipeline.store.db import Database


def test_a_step_applied_while_waiting_for_the_lock_is_not_run_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "folio.db"
    first = Database(path)
    first.connect()  # every registered schema applied, as the other process did
    real = dbmod._version
    reads: dict[str, int] = {}

    def stale_first_read(conn: sqlite3.Connection, name: str) -> int:
        # The first read of each schema happens before the lock, while the other process
        # had not committed yet: it still says version 0.
        reads[name] = reads.get(name, 0) + 1
        return 0 if reads[name] == 1 else real(conn, name)

    monkeypatch.setattr(dbmod, "_version", stale_first_read)
    second = Database(path)
    conn = second.connect()  # raised "table … already exists" before
    assert reads and all(n >= 2 for n in reads.values())
    monkeypatch.setattr(dbmod, "_version", real)
    versions = dict(conn.execute("SELECT name, version FROM schema_versions").fetchall())
    assert versions == {n: len(steps) for n, steps in dbmod._registered(dbmod.MAIN)}


def test_a_schema_registered_while_another_thread_migrates_is_applied_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module imported by one thread registers its schema while another thread iterates
    the registry (the app's warm-up importing the agent during a first request): the
    migration failed with "dictionary changed size during iteration"."""
    monkeypatch.setattr(dbmod, "_MIGRATIONS", dict(dbmod._MIGRATIONS))

    def registers_another(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE first_feature (x INTEGER)")
        dbmod.register_migrations("late_feature", ["CREATE TABLE late_feature (y INTEGER)"])

    dbmod.register_migrations("first_feature", [registers_another])
    conn = Database(tmp_path / "folio.db").connect()
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"first_feature", "late_feature"} <= tables
