"""The durable job queue every process shares: one row per (document, component).

A process claims a queued job by writing its owner id and a lease expiry in one
``BEGIN IMMEDIATE`` transaction, so two processes (the web app, ``cli.py ingest
--wait``, a detached ``cli.py resume``) never run the same component of the same
document. The owner renews its leases while it works (a heartbeat thread); a
job whose owner stopped (lease expired, or its process is gone from this
machine) is put back in the queue by whoever looks next, and its component
status goes back from ``running`` to ``pending``.

Why a table and not a queue library: the job *is* a component status of a
document; keeping both in the same SQLite file lets a stage's result, its status
and the end of its job commit in one transaction, which no separate queue
(persist-queue, huey's SQLite backend) can offer. Finished rows stay (with their
number of attempts) until the component is queued again: they answer "who ran
this, how often, with which error".
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import time
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pipeline.models import Component
from pipeline.store.db import Database, register_migrations

Lane = Literal["parse", "knowledge", "embed"]
JobState = Literal["queued", "running", "done", "failed"]
LIVE: tuple[JobState, ...] = ("queued", "running")

JOBS_V1 = """
CREATE TABLE jobs (
    doc_id      TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    component   TEXT NOT NULL,
    lane        TEXT NOT NULL,
    state       TEXT NOT NULL,
    cost        REAL NOT NULL,
    seq         INTEGER NOT NULL DEFAULT 0,
    payload     TEXT NOT NULL DEFAULT '{}',
    owner       TEXT,
    lease_until REAL,
    heartbeat   REAL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    error       TEXT,
    created     REAL NOT NULL,
    finished    REAL,
    PRIMARY KEY (doc_id, component)
);
CREATE INDEX jobs_lane ON jobs(lane, state, cost);
"""

register_migrations("jobs", [JOBS_V1])

_HOST = socket.gethostname()
# Components a job writes besides its own (the parse job also does OCR and indexing).
FOLLOWERS: dict[str, tuple[str, ...]] = {"parse": ("ocr", "index")}


def new_owner() -> str:
    """A process-unique owner id; host and pid let this machine spot a dead owner at once."""
    return f"{_HOST}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def owner_gone(owner: str | None) -> bool:
    """True when the owner is a process of this machine that no longer exists."""
    if not owner:
        return True
    host, _, rest = owner.partition(":")
    pid_text = rest.partition(":")[0]
    if host != _HOST or not pid_text.isdigit():
        return False  # another machine: only its lease tells
    try:
        os.kill(int(pid_text), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


@dataclass(frozen=True)
class Job:
    doc_id: str
    component: Component
    lane: Lane
    state: JobState
    cost: float
    payload: dict[str, Any]
    owner: str | None
    attempts: int
    error: str | None

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Job:
        return cls(
            doc_id=row["doc_id"],
            component=row["component"],
            lane=row["lane"],
            state=row["state"],
            cost=row["cost"],
            payload=json.loads(row["payload"] or "{}"),
            owner=row["owner"],
            attempts=row["attempts"],
            error=row["error"],
        )


class LeaseLost(Exception):
    """This process no longer owns the job (it was presumed dead and the job moved on)."""


class JobQueue:
    def __init__(self, db: Database, *, lease_s: float = 60.0) -> None:
        self.db = db
        self.lease_s = lease_s
        self.owner = new_owner()

    # --- queueing ------------------------------------------------------------------------
    def enqueue(
        self,
        doc_id: str,
        component: Component,
        lane: Lane,
        *,
        cost: float,
        seq: int = 0,
        payload: dict[str, Any] | None = None,
        conn: sqlite3.Connection | None = None,
        restart: bool = False,
    ) -> bool:
        """Queue a job; a job already queued or running stays as it is (False) unless
        ``restart`` replaces a queued one's payload. Sets the component ``pending``."""
        conn = conn or self.db.connect()
        row = conn.execute(
            "SELECT state FROM jobs WHERE doc_id = ? AND component = ?", (doc_id, component)
        ).fetchone()
        if row is not None and row["state"] == "running":
            return False
        if row is not None and row["state"] == "queued" and not restart:
            return False
        conn.execute(
            "INSERT INTO jobs (doc_id, component, lane, state, cost, seq, payload, created) "
            "VALUES (?, ?, ?, 'queued', ?, ?, ?, ?) ON CONFLICT(doc_id, component) DO UPDATE SET "
            "lane = excluded.lane, state = 'queued', cost = excluded.cost, seq = excluded.seq, "
            "payload = excluded.payload, owner = NULL, lease_until = NULL, heartbeat = NULL, "
            "attempts = 0, error = NULL, created = excluded.created, finished = NULL",
            (doc_id, component, lane, cost, seq, json.dumps(payload or {}), time.time()),
        )
        _set_component(conn, doc_id, component, "pending", None)
        return True

    # --- claiming ------------------------------------------------------------------------
    def claim(self, lane: Lane, *, limit: int, doc_ids: Sequence[str] | None = None) -> Job | None:
        """The cheapest queued job of ``lane``, now owned by this process; None when the
        lane already runs ``limit`` jobs (in any process) or nothing is queued."""
        self.reap()
        now = time.time()
        with self.db.transaction() as conn:
            running = conn.execute(
                "SELECT COUNT(*) FROM jobs WHERE lane = ? AND state = 'running'", (lane,)
            ).fetchone()[0]
            if running >= limit:
                return None
            sql = "SELECT * FROM jobs WHERE lane = ? AND state = 'queued'"
            args: list[Any] = [lane]
            if doc_ids is not None:
                sql += f" AND doc_id IN ({','.join('?' * len(doc_ids))})"
                args += list(doc_ids)
            row = conn.execute(sql + " ORDER BY cost, created, seq LIMIT 1", args).fetchone()
            if row is None:
                return None
            conn.execute(
                "UPDATE jobs SET state = 'running', owner = ?, lease_until = ?, heartbeat = ?, "
                "attempts = attempts + 1 WHERE doc_id = ? AND component = ?",
                (self.owner, now + self.lease_s, now, row["doc_id"], row["component"]),
            )
            _set_component(conn, row["doc_id"], row["component"], "running", None)
            got = conn.execute(
                "SELECT * FROM jobs WHERE doc_id = ? AND component = ?",
                (row["doc_id"], row["component"]),
            ).fetchone()
        return Job.from_row(got)

    def heartbeat(self) -> int:
        """Renew the leases of every job this process runs; the number renewed."""
        now = time.time()
        with self.db.transaction() as conn:
            cur = conn.execute(
                "UPDATE jobs SET lease_until = ?, heartbeat = ? "
                "WHERE owner = ? AND state = 'running'",
                (now + self.lease_s, now, self.owner),
            )
            return cur.rowcount

    def check_owned(self, job: Job, conn: sqlite3.Connection | None = None) -> None:
        conn = conn or self.db.connect()
        row = conn.execute(
            "SELECT owner, state FROM jobs WHERE doc_id = ? AND component = ?",
            (job.doc_id, job.component),
        ).fetchone()
        if row is None or row["owner"] != self.owner or row["state"] != "running":
            raise LeaseLost(f"{job.component} of {job.doc_id} is no longer ours")

    def finish(
        self,
        job: Job,
        state: Literal["done", "failed"],
        *,
        error: str | None = None,
        conn: sqlite3.Connection,
    ) -> None:
        """End a job inside the caller's transaction (with the stage's own writes)."""
        self.check_owned(job, conn)
        conn.execute(
            "UPDATE jobs SET state = ?, error = ?, owner = NULL, lease_until = NULL, "
            "finished = ? WHERE doc_id = ? AND component = ?",
            (state, error, time.time(), job.doc_id, job.component),
        )

    def fail(self, job: Job, error: str) -> None:
        """End a job as failed on its own (the stage could not record it)."""
        with self.db.transaction() as conn:
            self.finish(job, "failed", error=error, conn=conn)
            _set_component(conn, job.doc_id, job.component, "failed", error)

    def release(self, job: Job, *, retry: bool = False) -> None:
        """Give a job back to the queue: this process is stopping (the run does not count
        as an attempt), or the job is to run again (``retry``: it counts)."""
        attempts = "attempts" if retry else "MAX(0, attempts - 1)"
        with self.db.transaction() as conn:
            cur = conn.execute(
                "UPDATE jobs SET state = 'queued', owner = NULL, lease_until = NULL, "
                f"attempts = {attempts} "
                "WHERE doc_id = ? AND component = ? AND owner = ? AND state = 'running'",
                (job.doc_id, job.component, self.owner),
            )
            if cur.rowcount:
                _set_component(conn, job.doc_id, job.component, "pending", None)

    # --- recovery ------------------------------------------------------------------------
    def reap(self) -> int:
        """Requeue running jobs whose owner is gone; the number requeued."""
        now = time.time()
        conn = self.db.connect()
        rows = conn.execute(
            "SELECT doc_id, component, owner, lease_until FROM jobs WHERE state = 'running'"
        ).fetchall()
        stale = [
            (r["doc_id"], r["component"], r["owner"])
            for r in rows
            if r["owner"] != self.owner
            and ((r["lease_until"] or 0) < now or owner_gone(r["owner"]))
        ]
        if not stale:
            return 0
        n = 0
        with self.db.transaction() as conn:
            for doc_id, comp, owner in stale:
                cur = conn.execute(
                    "UPDATE jobs SET state = 'queued', owner = NULL, lease_until = NULL "
                    "WHERE doc_id = ? AND component = ? AND owner IS ? AND state = 'running'",
                    (doc_id, comp, owner),
                )
                if cur.rowcount:
                    n += 1
                    note = "resumed: the process running it stopped"
                    _set_component(conn, doc_id, comp, "pending", note)
                    for other in FOLLOWERS.get(comp, ()):
                        conn.execute(
                            "UPDATE components SET state = 'pending', progress = 0 "
                            "WHERE doc_id = ? AND component = ? AND state = 'running'",
                            (doc_id, other),
                        )
        return n

    def orphan_statuses(self) -> list[tuple[str, str]]:
        """Components shown pending/running that no live job stands behind."""
        owner_of = {f: lead for lead, fs in FOLLOWERS.items() for f in fs}
        conn = self.db.connect()
        live = {
            (r[0], r[1])
            for r in conn.execute(
                "SELECT doc_id, component FROM jobs WHERE state IN ('queued', 'running')"
            )
        }
        rows = conn.execute(
            "SELECT doc_id, component FROM components WHERE state IN ('pending', 'running')"
        ).fetchall()
        return [(r[0], r[1]) for r in rows if (r[0], owner_of.get(r[1], r[1])) not in live]

    # --- reading -------------------------------------------------------------------------
    def get(self, doc_id: str, component: Component) -> Job | None:
        row = (
            self.db.connect()
            .execute("SELECT * FROM jobs WHERE doc_id = ? AND component = ?", (doc_id, component))
            .fetchone()
        )
        return Job.from_row(row) if row else None

    def jobs(self, doc_ids: Iterable[str] | None = None) -> list[Job]:
        sql, args = "SELECT * FROM jobs", []
        if doc_ids is not None:
            ids = list(doc_ids)
            sql += f" WHERE doc_id IN ({','.join('?' * len(ids))})"
            args = ids
        return [Job.from_row(r) for r in self.db.connect().execute(sql, args).fetchall()]

    def live(
        self, doc_ids: Iterable[str] | None = None, lanes: Iterable[Lane] | None = None
    ) -> int:
        """How many jobs of these documents (and lanes) are queued or running."""
        want_lanes = set(lanes) if lanes is not None else None
        return sum(
            1
            for j in self.jobs(doc_ids)
            if j.state in LIVE and (want_lanes is None or j.lane in want_lanes)
        )

    def staged_paths(self) -> set[str]:
        """Files that live jobs still need (a parse job's staged upload)."""
        rows = (
            self.db.connect()
            .execute("SELECT payload FROM jobs WHERE state IN ('queued', 'running')")
            .fetchall()
        )
        return {p for r in rows if (p := json.loads(r[0] or "{}").get("staged"))}


def _set_component(
    conn: sqlite3.Connection, doc_id: str, component: str, state: str, reason: str | None
) -> None:
    from pipeline.models import utcnow

    conn.execute(
        "INSERT INTO components (doc_id, component, state, reason, progress, updated_at) "
        "VALUES (?, ?, ?, ?, 0, ?) ON CONFLICT(doc_id, component) DO UPDATE SET "
        "state = excluded.state, reason = excluded.reason, progress = 0, note = NULL, "
        "updated_at = excluded.updated_at",
        (doc_id, component, state, reason, utcnow()),
    )
