"""The review's memory, per workspace: rules learnt from failed checks, failure rates.

A rule is pattern → action: when ``pattern`` (a regex) occurs in a document, the plan
``run``s or ``avoid``s a kind of sub-goal. A rule counts its hits, expires after
``EXPIRY_DAYS`` without one, is checked for conflicts before it is stored, and the store
keeps at most ``MAX_RULES`` (the least-hit, longest-unused go first).
"""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime, timedelta
from typing import Literal

from pydantic import BaseModel

from pipeline.errors import RuleConflict, WorkspaceError
from pipeline.store.db import Database, register_migrations

EXPIRY_DAYS = 7
MAX_RULES = 200
MAX_LOADED = 10
Verb = Literal["run", "avoid"]

REVIEW_V1 = """
CREATE TABLE review_rules (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    pattern      TEXT NOT NULL,
    action       TEXT NOT NULL,
    sample       TEXT NOT NULL DEFAULT '',
    reason       TEXT NOT NULL DEFAULT '',
    hits         INTEGER NOT NULL DEFAULT 0,
    enabled      INTEGER NOT NULL DEFAULT 1,
    created_at   TEXT NOT NULL,
    last_used_at TEXT NOT NULL
);
CREATE TABLE review_stats (
    kind     TEXT PRIMARY KEY,
    runs     INTEGER NOT NULL DEFAULT 0,
    failures INTEGER NOT NULL DEFAULT 0
);
"""
# v2: rules belong to a workspace, like documents and conversations: one visitor's learnt
# rules never steer, list or change under another's reviews. Existing rules go to 'local'.
REVIEW_V2 = """
ALTER TABLE review_rules ADD COLUMN workspace TEXT NOT NULL DEFAULT 'local';
CREATE INDEX review_rules_workspace ON review_rules(workspace);
"""
# v3: failure rates too: they steer the next plan (risk), so one visitor's failed reviews
# must not make another's plans avoid a sub-goal. Existing counts go to 'local'.
REVIEW_V3 = """
CREATE TABLE review_stats_v3 (
    workspace TEXT NOT NULL DEFAULT 'local',
    kind      TEXT NOT NULL,
    runs      INTEGER NOT NULL DEFAULT 0,
    failures  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (workspace, kind)
);
INSERT INTO review_stats_v3 (workspace, kind, runs, failures)
    SELECT 'local', kind, runs, failures FROM review_stats;
DROP TABLE review_stats;
ALTER TABLE review_stats_v3 RENAME TO review_stats
"""
register_migrations("review", [REVIEW_V1, REVIEW_V2, REVIEW_V3])


class Rule(BaseModel):
    id: int
    workspace: str = "local"
    pattern: str
    action: str
    sample: str = ""
    reason: str = ""
    hits: int = 0
    enabled: bool = True
    created_at: str
    last_used_at: str

    @property
    def verb(self) -> Verb:
        return "avoid" if self.action.startswith("avoid:") else "run"

    @property
    def kind(self) -> str:
        return self.action.split(":", 1)[1]

    def matches(self, text: str) -> bool:
        try:
            return re.search(self.pattern, text, re.I) is not None
        except re.error:
            return False


def _now() -> datetime:
    return datetime.now(UTC)


def _iso(t: datetime) -> str:
    return t.isoformat(timespec="seconds")


def _overlap(a: str, a_sample: str, b: str, b_sample: str) -> bool:
    """Do two patterns fire on the same text: equal, or each matches the other's sample?"""
    if a == b:
        return True
    try:
        return bool(
            (b_sample and re.search(a, b_sample, re.I))
            or (a_sample and re.search(b, a_sample, re.I))
        )
    except re.error:
        return False


class RuleStore:
    """Rules and failure rates of one workspace (it has no default, as conversations)."""

    def __init__(self, db: Database, workspace: str, *, now: datetime | None = None) -> None:
        if not workspace:
            raise WorkspaceError("A review rule store needs the workspace it acts in.")
        self.db = db
        self.workspace = workspace
        self._now = now  # tests pin the clock
        self.db.ensure_migrated()

    def now(self) -> datetime:
        return self._now or _now()

    # --- rules ------------------------------------------------------------------------------
    def all(self) -> list[Rule]:
        rows = self.db.connect().execute(
            "SELECT * FROM review_rules WHERE workspace = ? ORDER BY hits DESC, id",
            (self.workspace,),
        )
        return [Rule(**dict(r)) for r in rows]

    def get(self, rule_id: int) -> Rule | None:
        row = self.db.connect().execute(
            "SELECT * FROM review_rules WHERE id = ? AND workspace = ?", (rule_id, self.workspace)
        )
        found = row.fetchone()
        return Rule(**dict(found)) if found else None

    def add(self, pattern: str, action: str, *, sample: str = "", reason: str = "") -> Rule:
        """Store a rule (or count a hit on the same one). Raises RuleConflict when a stored
        rule fires on the same text with the opposite action for the same sub-goal."""
        re.compile(pattern)  # a broken pattern never reaches the store
        self.purge_expired()
        verb, kind = action.split(":", 1)
        for old in self.all():
            if old.kind != kind or not _overlap(pattern, sample, old.pattern, old.sample):
                continue
            if old.verb != verb:
                raise RuleConflict(
                    f"Rule '{pattern} → {action}' contradicts stored rule #{old.id} "
                    f"'{old.pattern} → {old.action}'; it was not stored. Disable or delete "
                    f"#{old.id} first if the new rule is right."
                )
            if old.pattern == pattern:
                self._touch(old.id)
                return self.get(old.id) or old
        now = _iso(self.now())
        with self.db.transaction() as conn:
            cur = conn.execute(
                "INSERT INTO review_rules (workspace, pattern, action, sample, reason, "
                "created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (self.workspace, pattern, action, sample[:200], reason[:300], now, now),
            )
            new_id = int(cur.lastrowid or 0)
            self._evict(conn)
        rule = self.get(new_id)
        assert rule is not None
        return rule

    def _evict(self, conn: sqlite3.Connection) -> None:
        count = "SELECT COUNT(*) FROM review_rules WHERE workspace = ?"
        over = conn.execute(count, (self.workspace,)).fetchone()[0] - MAX_RULES
        if over > 0:
            conn.execute(
                "DELETE FROM review_rules WHERE id IN (SELECT id FROM review_rules "
                "WHERE workspace = ? ORDER BY hits ASC, last_used_at ASC, id ASC LIMIT ?)",
                (self.workspace, over),
            )

    def _touch(self, rule_id: int) -> None:
        with self.db.transaction() as conn:
            conn.execute(
                "UPDATE review_rules SET hits = hits + 1, last_used_at = ? "
                "WHERE id = ? AND workspace = ?",
                (_iso(self.now()), rule_id, self.workspace),
            )

    def purge_expired(self) -> int:
        cutoff = _iso(self.now() - timedelta(days=EXPIRY_DAYS))
        with self.db.transaction() as conn:
            cur = conn.execute("DELETE FROM review_rules WHERE last_used_at < ?", (cutoff,))
        return cur.rowcount

    def matching(self, text: str) -> list[Rule]:
        """The most-hit enabled rules whose pattern occurs in ``text``; each gets a hit."""
        self.purge_expired()
        found = [r for r in self.all() if r.enabled and r.matches(text)][:MAX_LOADED]
        for r in found:
            self._touch(r.id)
        return found

    def set_enabled(self, rule_id: int, enabled: bool) -> Rule:
        with self.db.transaction() as conn:
            conn.execute(
                "UPDATE review_rules SET enabled = ? WHERE id = ? AND workspace = ?",
                (int(enabled), rule_id, self.workspace),
            )
        rule = self.get(rule_id)
        if rule is None:
            raise KeyError(rule_id)
        return rule

    def delete(self, rule_id: int) -> bool:
        with self.db.transaction() as conn:
            cur = conn.execute(
                "DELETE FROM review_rules WHERE id = ? AND workspace = ?",
                (rule_id, self.workspace),
            )
        return cur.rowcount > 0

    def clear(self) -> int:
        """Forget every rule and failure count of this workspace (it is being deleted);
        returns the number of rules removed."""
        with self.db.transaction() as conn:
            cur = conn.execute("DELETE FROM review_rules WHERE workspace = ?", (self.workspace,))
            conn.execute("DELETE FROM review_stats WHERE workspace = ?", (self.workspace,))
        return cur.rowcount

    # --- failure rates ------------------------------------------------------------------------
    def record(self, kind: str, *, failed: bool) -> None:
        with self.db.transaction() as conn:
            conn.execute(
                "INSERT INTO review_stats (workspace, kind, runs, failures) VALUES (?, ?, 1, ?) "
                "ON CONFLICT(workspace, kind) DO UPDATE SET runs = runs + 1, "
                "failures = failures + ?",
                (self.workspace, kind, int(failed), int(failed)),
            )

    def failure_rate(self, kind: str) -> float:
        """Failures over runs, smoothed towards 0.1 so one bad run does not condemn a kind."""
        row = (
            self.db.connect()
            .execute(
                "SELECT runs, failures FROM review_stats WHERE workspace = ? AND kind = ?",
                (self.workspace, kind),
            )
            .fetchone()
        )
        runs, failures = (row[0], row[1]) if row else (0, 0)
        return (failures + 0.2) / (runs + 2)
