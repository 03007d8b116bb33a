"""Which workspaces a store sees: the SQL condition every query carries, so a document of
another workspace is indistinguishable from one that does not exist."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from pipeline.store.db import Database
from pipeline.workspace import visible


def scope_clause(workspaces: Sequence[str] | None, column: str) -> tuple[str, list[str]]:
    """`` AND <column> IN (…)`` restricting a query to these workspaces (None: no limit)."""
    if workspaces is None:
        return "", []
    return f" AND {column} IN ({','.join('?' * len(workspaces))})", list(workspaces)


def visible_doc_ids(
    conn: sqlite3.Connection, doc_ids: Sequence[str], workspaces: Sequence[str] | None
) -> list[str]:
    """The ids among ``doc_ids`` that exist in these workspaces, in the order given."""
    if workspaces is None or not doc_ids:
        return list(doc_ids)
    ids = list(dict.fromkeys(doc_ids))
    found: set[str] = set()
    clause, args = scope_clause(workspaces, "workspace")
    for i in range(0, len(ids), 500):
        part = ids[i : i + 500]
        marks = ",".join("?" * len(part))
        found.update(
            r[0]
            for r in conn.execute(
                f"SELECT doc_id FROM documents WHERE doc_id IN ({marks}){clause}", [*part, *args]
            )
        )
    return [d for d in ids if d in found]


class ScopedStore:
    """The workspace a store reads (its own plus the shared library) and writes (its own).

    ``workspace=None`` is the system view used by the background runner and the cleanup:
    it sees every workspace.
    """

    def __init__(self, db: Database, workspace: str | None) -> None:
        self.db = db
        self.workspace = workspace
        self.readable: tuple[str, ...] | None = None if workspace is None else visible(workspace)

    def _scope(self, column: str = "workspace") -> tuple[str, list[str]]:
        return scope_clause(self.readable, column)

    def _own(self, column: str = "workspace") -> tuple[str, list[str]]:
        """Writes are limited to the workspace itself (never the shared library)."""
        return scope_clause(None if self.workspace is None else (self.workspace,), column)

    def owns(self, doc_id: str, *, conn: sqlite3.Connection | None = None) -> bool:
        """True when the document exists and belongs to this workspace itself (may be written)."""
        clause, args = self._own()
        row = (
            (conn or self.db.connect())
            .execute(f"SELECT 1 FROM documents WHERE doc_id = ?{clause}", (doc_id, *args))
            .fetchone()
        )
        return row is not None
