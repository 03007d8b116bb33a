"""Component statuses of documents (parse, OCR, chunks, embeddings, knowledge)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from pipeline.models import Component, ComponentState, ComponentStatus, all_components, utcnow
from pipeline.store.scope import ScopedStore


class StatusRows(ScopedStore):
    """Reads and writes of the ``components`` table, limited to the store's workspace."""

    def set_status(
        self,
        doc_id: str,
        component: Component,
        state: ComponentState,
        *,
        reason: str | None = None,
        progress: float | None = None,
        note: str | None = None,
        conn: sqlite3.Connection | None = None,
    ) -> None:
        if progress is None:
            progress = 1.0 if state == "ready" else 0.0
        conn = conn or self.db.connect()
        clause, args = self._own()
        conn.execute(
            "INSERT INTO components "
            "(doc_id, component, state, reason, progress, note, updated_at) "
            "SELECT ?, ?, ?, ?, ?, ?, ? WHERE EXISTS "
            f"(SELECT 1 FROM documents WHERE doc_id = ?{clause}) "
            "ON CONFLICT(doc_id, component) DO UPDATE SET "
            "state = excluded.state, reason = excluded.reason, progress = excluded.progress, "
            "note = excluded.note, updated_at = excluded.updated_at",
            (
                doc_id,
                component,
                state,
                reason,
                min(1.0, max(0.0, progress)),
                note if state == "running" else None,
                utcnow(),
                doc_id,
                *args,
            ),
        )

    def status(self, doc_id: str, component: Component) -> ComponentStatus:
        return self.statuses(doc_id).get(component, ComponentStatus(component=component))

    def statuses(self, doc_id: str) -> dict[str, ComponentStatus]:
        return self._statuses(self.db.connect(), [doc_id]).get(doc_id, {})

    def _statuses(
        self, conn: sqlite3.Connection, doc_ids: Sequence[str]
    ) -> dict[str, dict[str, ComponentStatus]]:
        out: dict[str, dict[str, ComponentStatus]] = {d: {} for d in doc_ids}
        if not doc_ids:
            return out
        marks = ",".join("?" * len(doc_ids))
        rows = conn.execute(
            f"SELECT * FROM components WHERE doc_id IN ({marks})", list(doc_ids)
        ).fetchall()
        for r in rows:
            out[r["doc_id"]][r["component"]] = ComponentStatus(
                component=r["component"],
                state=r["state"],
                reason=r["reason"],
                progress=r["progress"],
                note=r["note"],
                updated_at=r["updated_at"],
            )
        known = all_components()
        for comps in out.values():  # a fixed order reads better everywhere
            ordered: dict[str, ComponentStatus] = {c: comps[c] for c in known if c in comps}
            comps.clear()
            comps.update(ordered)
        return out
