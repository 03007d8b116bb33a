"""Core schema: documents, component statuses, pages, blocks, chunks, lexical and dense index."""

from __future__ import annotations

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

register_migrations("core", [CORE_V1, CORE_V2])
