"""The workspaces table: who exists, of which kind, and when each was last used."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta

from pipeline.models import utcnow
from pipeline.store import schema as _schema  # noqa: F401  (registers the core migrations)
from pipeline.store.db import Database
from pipeline.workspace import kind_of

# Activity is written at most this often per workspace: a page polling every second
# must not turn into a write every second.
_TOUCH_EVERY_S = 60.0


class WorkspaceRegistry:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._touched: dict[str, float] = {}
        self._lock = threading.Lock()

    def touch(self, workspace: str) -> None:
        """Record that ``workspace`` is in use now (creating it on first use)."""
        now = time.monotonic()
        with self._lock:
            if now - self._touched.get(workspace, -_TOUCH_EVERY_S) < _TOUCH_EVERY_S:
                return
            self._touched[workspace] = now
        stamp = utcnow()
        with self.db.transaction() as conn:
            conn.execute(
                "INSERT INTO workspaces (workspace, kind, created_at, last_seen) "
                "VALUES (?, ?, ?, ?) ON CONFLICT(workspace) DO UPDATE SET last_seen = ?",
                (workspace, kind_of(workspace), stamp, stamp, stamp),
            )

    def last_seen(self, workspace: str) -> str | None:
        row = (
            self.db.connect()
            .execute("SELECT last_seen FROM workspaces WHERE workspace = ?", (workspace,))
            .fetchone()
        )
        return str(row[0]) if row else None

    def set_last_seen(self, workspace: str, when: datetime) -> None:
        """Backdate a workspace (tests and maintenance)."""
        self.touch(workspace)
        with self.db.transaction() as conn:
            conn.execute(
                "UPDATE workspaces SET last_seen = ? WHERE workspace = ?",
                (when.isoformat(timespec="seconds"), workspace),
            )

    def expired(self, ttl_days: float, *, now: datetime | None = None) -> list[str]:
        """Anonymous workspaces idle longer than ``ttl_days``."""
        cutoff = (now or datetime.now(UTC)) - timedelta(days=ttl_days)
        rows = (
            self.db.connect()
            .execute(
                "SELECT workspace FROM workspaces WHERE kind = 'anonymous' AND last_seen < ?",
                (cutoff.isoformat(timespec="seconds"),),
            )
            .fetchall()
        )
        return [str(r[0]) for r in rows]

    def forget(self, workspace: str) -> None:
        with self.db.transaction() as conn:
            conn.execute("DELETE FROM workspaces WHERE workspace = ?", (workspace,))
        with self._lock:
            self._touched.pop(workspace, None)
