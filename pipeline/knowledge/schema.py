"""Knowledge tables: the term base (with lookup keys) and one stored view per component.

Rows hang off ``documents`` with ON DELETE CASCADE, so deleting a document removes
its knowledge too.
"""

from __future__ import annotations

import threading
import weakref

from pipeline.store.db import Database, register_migrations

KNOWLEDGE_V1 = """
CREATE TABLE knowledge_terms (
    doc_id     TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    rank       INTEGER NOT NULL,
    term       TEXT NOT NULL,
    definition TEXT NOT NULL,
    chunk_id   TEXT NOT NULL,
    page       INTEGER NOT NULL,
    score      REAL NOT NULL,
    data       TEXT NOT NULL,
    PRIMARY KEY (doc_id, rank)
);
CREATE TABLE knowledge_term_keys (
    doc_id TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    key    TEXT NOT NULL,
    rank   INTEGER NOT NULL,
    kind   TEXT NOT NULL,
    PRIMARY KEY (doc_id, key, rank)
);
CREATE INDEX knowledge_term_keys_key ON knowledge_term_keys(key);
CREATE TABLE knowledge_views (
    doc_id     TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    component  TEXT NOT NULL,
    markdown   TEXT NOT NULL,
    svg        TEXT,
    data       TEXT NOT NULL,
    refinement TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (doc_id, component)
);
"""

MIGRATIONS = [KNOWLEDGE_V1]
register_migrations("knowledge", MIGRATIONS)

_ready: weakref.WeakSet[Database] = weakref.WeakSet()
_lock = threading.Lock()


def ensure_schema(db: Database) -> None:
    """Create the knowledge tables even if this database was opened before this module
    was imported (the core migrations run on first connect)."""
    if db in _ready:
        return
    with _lock:
        if db.schema_version("knowledge") < len(MIGRATIONS):
            db.ensure_migrated()
        _ready.add(db)
