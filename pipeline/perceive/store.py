"""Perception rows beside the blocks: one label per block, one row per reference.

Own numbered migrations ("perception"); rows cascade with their document. Written in the
same transaction as the blocks they describe, so they are regenerated with every parse.
"""

from __future__ import annotations

import sqlite3

from pipeline.perceive.models import Labelled, Perception, Reference
from pipeline.store.db import Database, register_migrations
from pipeline.store.documents import DocumentStore

PERCEPTION_V1 = """
CREATE TABLE block_labels (
    doc_id      TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    n           INTEGER NOT NULL,
    page        INTEGER NOT NULL,
    label       TEXT NOT NULL,
    credibility TEXT NOT NULL,
    cue         TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (doc_id, n)
);
CREATE TABLE block_refs (
    doc_id      TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    n           INTEGER NOT NULL,
    page        INTEGER NOT NULL,
    start       INTEGER NOT NULL,
    end_        INTEGER NOT NULL,
    text        TEXT NOT NULL,
    kind        TEXT NOT NULL,
    key         TEXT NOT NULL,
    target_n    INTEGER,
    target_page INTEGER,
    target_text TEXT NOT NULL DEFAULT ''
);
CREATE INDEX block_refs_doc ON block_refs(doc_id, n);
"""

register_migrations("perception", [PERCEPTION_V1])


def save_perception(doc_id: str, perception: Perception, *, conn: sqlite3.Connection) -> None:
    conn.execute("DELETE FROM block_labels WHERE doc_id = ?", (doc_id,))
    conn.execute("DELETE FROM block_refs WHERE doc_id = ?", (doc_id,))
    conn.executemany(
        "INSERT INTO block_labels (doc_id, n, page, label, credibility, cue) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(doc_id, x.n, x.page, x.label, x.credibility, x.cue) for x in perception.labels],
    )
    conn.executemany(
        "INSERT INTO block_refs (doc_id, n, page, start, end_, text, kind, key, target_n, "
        "target_page, target_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                doc_id,
                r.n,
                r.page,
                r.start,
                r.end,
                r.text,
                r.kind,
                r.key,
                r.target_n,
                r.target_page,
                r.target_text,
            )
            for r in perception.references
        ],
    )


def load_perception(db: Database, doc_id: str) -> Perception | None:
    """The stored perception of a document; None when it was parsed before perception."""
    conn = db.connect()
    labels = conn.execute(
        "SELECT * FROM block_labels WHERE doc_id = ? ORDER BY n", (doc_id,)
    ).fetchall()
    if not labels:
        return None
    refs = conn.execute(
        "SELECT * FROM block_refs WHERE doc_id = ? ORDER BY n, start", (doc_id,)
    ).fetchall()
    return Perception(
        labels=[
            Labelled(
                n=r["n"],
                page=r["page"],
                label=r["label"],
                credibility=r["credibility"],
                cue=r["cue"],
            )
            for r in labels
        ],
        references=[
            Reference(
                n=r["n"],
                page=r["page"],
                start=r["start"],
                end=r["end_"],
                text=r["text"],
                kind=r["kind"],
                key=r["key"],
                target_n=r["target_n"],
                target_page=r["target_page"],
                target_text=r["target_text"],
            )
            for r in refs
        ],
    )


def perception_for(store: DocumentStore, doc_id: str) -> Perception:
    """Stored perception of a document the store's workspace can read (NotFoundError
    otherwise), computed (and stored) from the blocks for older documents."""
    from pipeline.perceive import perceive

    store.require(doc_id)
    found = load_perception(store.db, doc_id)
    if found is not None:
        return found
    perception = perceive(store.blocks(doc_id))
    with store.db.transaction() as conn:
        save_perception(doc_id, perception, conn=conn)
    return perception
