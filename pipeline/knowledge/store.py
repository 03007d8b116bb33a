"""Reading and writing knowledge results (SQLite, one transaction per write)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pipeline.knowledge.models import Refinement, Term
from pipeline.knowledge.schema import ensure_schema
from pipeline.knowledge.terms import norm_key
from pipeline.models import utcnow
from pipeline.store.db import Database


@dataclass
class StoredView:
    component: str
    markdown: str
    svg: str | None
    data: dict[str, Any]
    refinement: Refinement
    created_at: str


def save_terms(db: Database, doc_id: str, terms: Sequence[Term]) -> None:
    ensure_schema(db)
    # Rows are built before the write lock is taken (see save_view).
    rows = [
        (doc_id, i, t.term, t.definition, t.chunk_id, t.page, t.score, t.model_dump_json())
        for i, t in enumerate(terms)
    ]
    keys: dict[tuple[str, int], str] = {}
    for i, t in enumerate(terms):
        keys.setdefault((norm_key(t.term), i), "term")
        for a in t.aliases:
            keys.setdefault((norm_key(a), i), "alias")
    key_rows = [(doc_id, k, i, kind) for (k, i), kind in keys.items() if k]
    with db.transaction() as conn:
        if conn.execute("SELECT 1 FROM documents WHERE doc_id = ?", (doc_id,)).fetchone() is None:
            return  # deleted while we worked
        conn.execute("DELETE FROM knowledge_terms WHERE doc_id = ?", (doc_id,))
        conn.execute("DELETE FROM knowledge_term_keys WHERE doc_id = ?", (doc_id,))
        conn.executemany(
            "INSERT INTO knowledge_terms (doc_id, rank, term, definition, chunk_id, page, score, "
            "data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        conn.executemany(
            "INSERT INTO knowledge_term_keys (doc_id, key, rank, kind) VALUES (?, ?, ?, ?)",
            key_rows,
        )


def load_terms(db: Database, doc_id: str) -> list[Term]:
    ensure_schema(db)
    rows = (
        db.connect()
        .execute("SELECT data FROM knowledge_terms WHERE doc_id = ? ORDER BY rank", (doc_id,))
        .fetchall()
    )
    return [Term.model_validate_json(r["data"]) for r in rows]


def find_terms(db: Database, doc_ids: Sequence[str], key: str) -> list[tuple[str, Term, str]]:
    """(doc_id, term, 'term' | 'alias') for every exact key match in these documents."""
    ensure_schema(db)
    if not doc_ids:
        return []
    marks = ",".join("?" * len(doc_ids))
    rows = (
        db.connect()
        .execute(
            "SELECT k.doc_id, k.kind, t.data FROM knowledge_term_keys k JOIN knowledge_terms t "
            "ON t.doc_id = k.doc_id AND t.rank = k.rank "
            f"WHERE k.key = ? AND k.doc_id IN ({marks}) ORDER BY k.kind DESC, t.rank",
            [key, *doc_ids],
        )
        .fetchall()
    )
    return [(r["doc_id"], Term.model_validate_json(r["data"]), r["kind"]) for r in rows]


def save_view(
    db: Database,
    doc_id: str,
    component: str,
    *,
    markdown: str,
    data: dict[str, Any],
    svg: str | None = None,
    refinement: Refinement | None = None,
) -> None:
    ensure_schema(db)
    ref = refinement or Refinement()
    # The row is serialised before the write lock is taken: a large graph's JSON took
    # seconds on a loaded machine, and every other writer waited for it.
    row = (
        doc_id,
        component,
        markdown,
        svg,
        json.dumps(data, ensure_ascii=False),
        ref.model_dump_json(),
        utcnow(),
    )
    with db.transaction() as conn:
        if conn.execute("SELECT 1 FROM documents WHERE doc_id = ?", (doc_id,)).fetchone() is None:
            return  # deleted while we worked
        conn.execute(
            "INSERT OR REPLACE INTO knowledge_views (doc_id, component, markdown, svg, data, "
            "refinement, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            row,
        )


def load_stored_view(db: Database, doc_id: str, component: str) -> StoredView | None:
    ensure_schema(db)
    row = (
        db.connect()
        .execute(
            "SELECT * FROM knowledge_views WHERE doc_id = ? AND component = ?",
            (doc_id, component),
        )
        .fetchone()
    )
    if row is None:
        return None
    return StoredView(
        component=row["component"],
        markdown=row["markdown"],
        svg=row["svg"],
        data=json.loads(row["data"]),
        refinement=Refinement.model_validate_json(row["refinement"]),
        created_at=row["created_at"],
    )
