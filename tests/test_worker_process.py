"""The web app's jobs run in a background process at a lower OS priority (background.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pipeline.background import NICE
from pipeline.service import Folio
from settings import Settings

pytestmark = pytest.mark.slow  # starts a process that imports the whole pipeline


def test_every_job_runs_in_the_lower_priority_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FOLIO_EMBEDDING_MODEL", "none")  # the child reads the environment
    settings = Settings(data_dir=tmp_path / "data", embedding_model="none")
    note = tmp_path / "minutes.md"
    note.write_text("# Minutes\n\n" + "The board approved the harbour budget. " * 200)
    folio = Folio(settings)
    folio.work_elsewhere()
    folio.serve()
    try:
        (result,) = folio.ingest([note])  # returns once the other process has parsed it
        assert result.outcome == "added", result.error
        assert result.doc_id and folio.wait([result.doc_id], timeout=180)
        doc = folio.document(result.doc_id)
        assert {s.state for s in doc.status.values()} == {"ready"}, doc.status
        assert folio.search("harbour budget", [result.doc_id], k=1)
        assert not [t for t in folio.worker._threads if t.is_alive()]  # nothing ran here
        child = folio._elsewhere._proc if folio._elsewhere else None
        assert child is not None and child.poll() is None
        assert os.getpriority(os.PRIO_PROCESS, child.pid) == min(19, os.nice(0) + NICE)
    finally:
        folio.close()
    assert child.poll() is not None  # it ends with the app
