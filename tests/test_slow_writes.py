"""A write transaction that keeps other processes waiting says so in the log."""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

import pytest

from pipeline.service import Folio
from pipeline.store import db as dbmod
from pipeline.store.db import Database


def _write(db: Database, pause: float) -> None:
    with db.transaction() as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS t (x INTEGER)")
        conn.execute("INSERT INTO t VALUES (1)")
        time.sleep(pause)


def test_a_long_write_transaction_is_logged_with_its_caller(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dbmod, "SLOW_WRITE_S", 0.2)
    db = Database(tmp_path / "t.db")
    with caplog.at_level(logging.WARNING, logger="pipeline.store.db"):
        _write(db, 0.0)
        assert not caplog.records  # a quick one is not
        _write(db, 0.3)
    (record,) = caplog.records
    assert "_write" in record.getMessage() and "test_slow_writes.py" in record.getMessage()
    assert "held it 0." in record.getMessage()


def test_a_commit_does_no_segmenting_or_encoding_while_it_holds_the_lock(
    folio: Folio, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CPU work inside the commit stretches with the machine's load, and every other
    writer waits for it: the rows are made before the transaction begins."""
    from pipeline.models import Block
    from pipeline.store import rows

    locked: list[bool] = []

    def holding_lock() -> bool:
        conn = getattr(folio.store.db._local, "conn", None)
        return conn is not None and conn.in_transaction

    def segment(text: str) -> str:
        locked.append(holding_lock())
        return real_segment(text)

    def dump(self: Block, **kw: Any) -> str:
        locked.append(holding_lock())
        return real_dump(self, **kw)

    real_segment, real_dump = rows.segment_for_index, Block.model_dump_json
    monkeypatch.setattr(rows, "segment_for_index", segment)
    monkeypatch.setattr(Block, "model_dump_json", dump)
    doc = tmp_path / "minutes.md"
    doc.write_text("".join(f"# Part {i}\n\n" + "The board met. " * 80 + "\n\n" for i in range(30)))
    (res,) = folio.ingest([doc])  # returns once the commit made it searchable
    assert res.document and res.document.chunks >= 30
    assert len(locked) > 60 and not any(locked)
    hits = folio.search("board met", [res.doc_id or ""], k=3)
    assert hits and hits[0].doc_id == res.doc_id  # and the rows made outside are searchable


def test_replacing_a_document_keeps_one_vector_per_chunk_in_rows_linear_in_its_size(
    folio: Folio,
) -> None:
    """Re-indexing keeps the vectors of unchanged texts; a text repeated by many chunks
    (boilerplate, a repetitive file) must not multiply the rows written under the lock."""
    import numpy as np

    from pipeline.models import Document
    from tests.test_scoped_bm25 import _chunks

    texts = ["The same boilerplate sentence."] * 300 + [f"Line {i} alone." for i in range(20)]
    with folio.db.transaction() as tx:
        doc = Document(doc_id="rep", name="rep.txt", kind="txt", size=1, content_hash="rep")
        folio.store.upsert(doc, conn=tx)
        folio.index.replace_document("rep", _chunks("rep", texts), conn=tx)
    vectors = {f"rep#{i}": np.ones(4, np.float32) for i in range(len(texts))}
    folio.index.set_vectors("rep", "m", vectors)
    with folio.db.transaction() as tx:
        before = tx.total_changes
        folio.index.replace_document("rep", _chunks("rep", texts[:-1]), conn=tx)
        changes = tx.total_changes - before
    assert changes < 20 * len(texts)  # ~10 a chunk (FTS5 counts its own rows), not n²
    assert not folio.index.chunks_without_vectors("rep", "m")  # every kept text kept its vector


def test_knowledge_rows_are_serialised_before_the_write_lock(
    folio: Folio, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A view's JSON (a large graph) and the terms' rows are made before the transaction:
    at load 25 ``save_view`` held the lock 5.9 s while it encoded."""
    from pipeline.knowledge import store as kstore
    from pipeline.knowledge.models import Term

    note = tmp_path / "note.md"
    note.write_text("# Note\n\nThe board met twice.\n")
    (res,) = folio.ingest([note])
    d1, db = res.doc_id or "", folio.store.db
    locked: list[bool] = []

    def holding_lock() -> bool:
        conn = getattr(db._local, "conn", None)
        return conn is not None and conn.in_transaction

    real_dumps, real_term_dump = kstore.json.dumps, Term.model_dump_json

    def dumps(obj: Any, **kw: Any) -> str:
        locked.append(holding_lock())
        return real_dumps(obj, **kw)

    def term_dump(self: Term, **kw: Any) -> str:
        locked.append(holding_lock())
        return real_term_dump(self, **kw)

    monkeypatch.setattr(kstore.json, "dumps", dumps)
    monkeypatch.setattr(Term, "model_dump_json", term_dump)
    kstore.save_view(db, d1, "graph", markdown="# g", data={"nodes": list(range(50))})
    terms = [Term(term=f"term {i}", definition="d", chunk_id="c", page=1) for i in range(5)]
    kstore.save_terms(db, d1, terms)
    assert len(locked) >= 6 and not any(locked)
    assert kstore.load_stored_view(db, d1, "graph") is not None
    assert [t.term for t in kstore.load_terms(db, d1)] == [f"term {i}" for i in range(5)]
