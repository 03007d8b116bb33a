"""A write transaction that keeps other processes waiting says so in the log."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest

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
