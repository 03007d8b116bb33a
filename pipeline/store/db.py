"""SQLite connection handling and versioned schema migrations.

Each feature owns a numbered list of migrations under its own name ("core",
"knowledge", "chat", ...), so features evolve their tables independently. The
applied version of each is kept in ``schema_versions``. A feature belongs to one file:
``main`` (``folio.db``) unless registered for another (``memory``: the graph's
checkpoints, kept apart so a long answer never holds a lock that ingestion waits on).
"""

from __future__ import annotations

import logging
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from pipeline.errors import StoreError

log = logging.getLogger(__name__)

Migration = str | Callable[[sqlite3.Connection], None]
MAIN = "main"
_MIGRATIONS: dict[str, Sequence[Migration]] = {}
_FILES: dict[str, str] = {}  # feature → the file it belongs to (absent: main)
# Modules register on import, and a thread may import one (the app's warm-up) while another
# migrates: iterating the registry itself then failed ("dictionary changed size").
_REGISTRY_LOCK = threading.Lock()


def register_migrations(name: str, migrations: Sequence[Migration], *, file: str = MAIN) -> None:
    """Declare the ordered migrations of one feature; version N = first N applied."""
    with _REGISTRY_LOCK:
        _MIGRATIONS[name] = migrations
        _FILES[name] = file


def _registered(file: str = MAIN) -> list[tuple[str, Sequence[Migration]]]:
    with _REGISTRY_LOCK:
        return [(n, steps) for n, steps in _MIGRATIONS.items() if _FILES.get(n, MAIN) == file]


class Database:
    """Thread-safe access to one SQLite file: a connection per thread, WAL mode.

    ``file`` names which features' migrations it gets (``main``: Folio's database)."""

    def __init__(self, path: Path, *, file: str = MAIN) -> None:
        self.path = path
        self.file = file
        self._local = threading.local()
        self._migrated = False
        self._lock = threading.Lock()

    def connect(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                conn = sqlite3.connect(
                    self.path, timeout=30.0, isolation_level=None, check_same_thread=False
                )
            except (sqlite3.Error, OSError) as exc:
                raise StoreError(
                    f"Cannot open the database at {self.path}: {exc}. "
                    "Check that FOLIO_DATA_DIR points to a writable directory."
                ) from exc
            conn.row_factory = sqlite3.Row
            enable_wal(conn)
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("PRAGMA busy_timeout=30000")
            self._local.conn = conn
        if not self._migrated:
            self.migrate(conn)
        return conn

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE … COMMIT; everything inside lands together or not at all."""
        conn = self.connect()
        asked = time.monotonic()
        conn.execute("BEGIN IMMEDIATE")
        held = time.monotonic()
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        else:
            conn.execute("COMMIT")
        finally:
            _note_slow(asked, held, sys._getframe(2))

    def migrate(self, conn: sqlite3.Connection) -> None:
        with self._lock:
            if self._migrated:
                return
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_versions "
                "(name TEXT PRIMARY KEY, version INTEGER)"
            )
            done: set[str] = set()
            while todo := [(n, s) for n, s in _registered(self.file) if n not in done]:
                done.update(n for n, _ in todo)  # a module imported meanwhile: once more
                for name, steps in todo:
                    self._apply(conn, name, steps)
            self._migrated = True

    def _apply(self, conn: sqlite3.Connection, name: str, steps: Sequence[Migration]) -> None:
        """Apply one feature's steps that this file has not had yet."""
        current = _version(conn, name)
        for version, step in enumerate(steps[current:], start=current + 1):
            conn.execute("BEGIN IMMEDIATE")
            # Another process (the app and its background worker open the same
            # file) may have applied this step while we waited for the lock.
            if _version(conn, name) >= version:
                conn.execute("ROLLBACK")
                continue
            log.info("migrating %s schema to version %d", name, version)
            try:
                if isinstance(step, str):
                    for stmt in _split_sql(step):
                        conn.execute(stmt)
                else:
                    step(conn)
                conn.execute(
                    "INSERT OR REPLACE INTO schema_versions (name, version) VALUES (?, ?)",
                    (name, version),
                )
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def ensure_migrated(self) -> None:
        """Apply migrations registered after this database was first opened."""
        with self._lock:
            self._migrated = False
        self.migrate(self.connect())

    def schema_version(self, name: str) -> int:
        return _version(self.connect(), name)

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None


OPEN_WAIT_S = 30.0  # as long as any other write waits for the lock (the busy timeout)


def enable_wal(conn: sqlite3.Connection, wait_s: float = OPEN_WAIT_S) -> None:
    """Switch the file to WAL, waiting for the lock like every other write.

    Switching a file still in rollback mode is a write that first reads the header: when
    another opener is switching it at that moment, SQLite reports "database is locked" at
    once instead of calling the busy handler (it would deadlock), so we retry here.
    """
    deadline = time.monotonic() + wait_s
    pause = 0.01
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL").fetchone()
            return
        except sqlite3.OperationalError as exc:
            if not _is_busy(exc) or time.monotonic() + pause > deadline:
                raise StoreError(
                    f"The database {_db_name(conn)} stayed locked for {wait_s:.0f} s: {exc}. "
                    "Another Folio process holds it; try again, or stop the other process."
                ) from exc
            time.sleep(pause)
            pause = min(pause * 2, 0.5)


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _db_name(conn: sqlite3.Connection) -> str:
    row = conn.execute("PRAGMA database_list").fetchone()
    return str(row[2]) if row and row[2] else "(in memory)"


def _split_sql(script: str) -> list[str]:
    return [s.strip() for s in script.split(";\n") if s.strip()]


SLOW_WRITE_S = 2.0  # every other writer waits this long: worth a line in the log


def _note_slow(asked: float, held: float, caller: object) -> None:
    """Log a write transaction that waited for, or kept, the lock long enough to be felt by
    the other processes (they give up after the 30 s busy timeout)."""
    now = time.monotonic()
    if now - asked < SLOW_WRITE_S:
        return
    code = getattr(caller, "f_code", None)
    where = f"{code.co_filename}:{code.co_name}" if code is not None else "?"
    log.warning(
        "write transaction in %s waited %.1f s for the lock and held it %.1f s",
        where,
        held - asked,
        now - held,
    )


def _version(conn: sqlite3.Connection, name: str) -> int:
    """The schema version of ``name`` recorded in the database (0 before its first step)."""
    row = conn.execute("SELECT version FROM schema_versions WHERE name = ?", (name,)).fetchone()
    return int(row[0]) if row else 0
