"""Core schema: documents, component statuses, pages, blocks, chunks, lexical and dense index."""

from __future__ import annotations

import json
import re
import sqlite3

from pipeline.store.db import register_migrations

CORE_V1 = """
CREATE TABLE documents (
    doc_id        TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    kind          TEXT NOT NULL,
    size          INTEGER NOT NULL,
    content_hash  TEXT NOT NULL,
    stored_path   TEXT NOT NULL,
    title         TEXT NOT NULL DEFAULT '',
    pages         INTEGER NOT NULL DEFAULT 0,
    chunks        INTEGER NOT NULL DEFAULT 0,
    language      TEXT NOT NULL DEFAULT 'unknown',
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
);
CREATE TABLE components (
    doc_id     TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    component  TEXT NOT NULL,
    state      TEXT NOT NULL,
    reason     TEXT,
    progress   REAL NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (doc_id, component)
);
CREATE TABLE pages (
    doc_id         TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    page           INTEGER NOT NULL,
    width          REAL NOT NULL,
    height         REAL NOT NULL,
    rotation       INTEGER NOT NULL DEFAULT 0,
    source         TEXT NOT NULL,
    ocr_confidence REAL,
    failed         TEXT,
    needs_ocr      TEXT,
    PRIMARY KEY (doc_id, page)
);
CREATE TABLE blocks (
    doc_id    TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    n         INTEGER NOT NULL,
    page      INTEGER NOT NULL,
    kind      TEXT NOT NULL,
    level     INTEGER NOT NULL DEFAULT 0,
    text      TEXT NOT NULL,
    data      TEXT NOT NULL,
    PRIMARY KEY (doc_id, n)
);
CREATE INDEX blocks_page ON blocks(doc_id, page);
CREATE TABLE chunks (
    chunk_id     TEXT PRIMARY KEY,
    doc_id       TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    n            INTEGER NOT NULL,
    text         TEXT NOT NULL,
    kind         TEXT NOT NULL,
    section      TEXT NOT NULL,
    page_start   INTEGER NOT NULL,
    page_end     INTEGER NOT NULL,
    lines        TEXT NOT NULL,
    lang         TEXT NOT NULL,
    content_hash TEXT NOT NULL
);
CREATE INDEX chunks_doc ON chunks(doc_id, n);
CREATE VIRTUAL TABLE chunks_fts USING fts5(
    body, section, tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TABLE embeddings (
    chunk_id     TEXT PRIMARY KEY REFERENCES chunks(chunk_id) ON DELETE CASCADE,
    doc_id       TEXT NOT NULL,
    model        TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    vector       BLOB NOT NULL
);
CREATE INDEX embeddings_doc ON embeddings(doc_id);
"""

CORE_V2 = """
ALTER TABLE documents ADD COLUMN pipeline_version TEXT NOT NULL DEFAULT '';
"""


def _fts_with_doc_column(conn: sqlite3.Connection) -> None:
    """v3: the FTS table carries a per-document token, so scoping happens inside MATCH."""
    from pipeline.text.segment import segment_for_index

    conn.execute("DROP TABLE chunks_fts")
    conn.execute(
        "CREATE VIRTUAL TABLE chunks_fts USING fts5("
        "body, section, doc, tokenize = 'porter unicode61 remove_diacritics 2')"
    )
    rows = conn.execute("SELECT rowid, doc_id, text, section FROM chunks").fetchall()
    conn.executemany(
        "INSERT INTO chunks_fts (rowid, body, section, doc) VALUES (?, ?, ?, ?)",
        [
            (
                r[0],
                segment_for_index(r[2]),
                segment_for_index(" > ".join(json.loads(r[3]))),
                doc_token(r[1]),
            )
            for r in rows
        ],
    )


def doc_token(doc_id: str) -> str:
    """One FTS token per document id (ids contain '-', which the tokenizer splits on)."""
    return "d" + re.sub(r"[^0-9a-z]", "", doc_id.lower())


# v4: the same rebuild, for the segmenter change (jieba without HMM; "2022年" → 2022 年).
# v5: a covering index, so the vector cache's freshness check reads no vector pages.
CORE_V5 = """
CREATE INDEX embeddings_doc_model ON embeddings(doc_id, model);
"""

# v6: workspaces. Every document belongs to one; what existed before moves to 'local'
# (its ids stay the same, so nothing else has to change). ``last_seen`` drives the cleanup
# of idle anonymous workspaces.
CORE_V6 = """
ALTER TABLE documents ADD COLUMN workspace TEXT NOT NULL DEFAULT 'local';
CREATE INDEX documents_workspace ON documents(workspace, created_at);
CREATE UNIQUE INDEX documents_workspace_name ON documents(workspace, name);
CREATE TABLE workspaces (
    workspace  TEXT PRIMARY KEY,
    kind       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    last_seen  TEXT NOT NULL
);
INSERT INTO workspaces (workspace, kind, created_at, last_seen)
    SELECT 'local', 'local', COALESCE(MIN(created_at), strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now')),
           COALESCE(MAX(updated_at), strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now')) FROM documents;
"""

# What a running component is doing ("parsed 3/10 pages"), for the page of another
# process than the one running it (the app's background work runs in a child process).
CORE_V7 = "ALTER TABLE components ADD COLUMN note TEXT;"

register_migrations(
    "core",
    [
        CORE_V1,
        CORE_V2,
        _fts_with_doc_column,
        _fts_with_doc_column,
        CORE_V5,
        CORE_V6,
        CORE_V7,
        _fts_with_doc_column,  # v8: dotted acronyms joined ("U.S." also as "US")
    ],
)
