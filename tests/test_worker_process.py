"""The web app's jobs run in a background process at a lower OS priority (background.py,
worker_process.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pipeline.service import Folio
from pipeline.worker_process import NICE, ROOT
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


def test_the_background_process_ends_on_a_storm_of_sigterms(tmp_path: Path) -> None:
    """Its handler takes no lock: Event.set() there deadlocked when a second SIGTERM (the
    app's, then the kernel's on the app's death) arrived inside the first one's set()."""
    env = {**os.environ, "FOLIO_DATA_DIR": str(tmp_path / "data"), "FOLIO_EMBEDDING_MODEL": "none"}
    log = tmp_path / "bg.log"
    with log.open("wb") as out:
        child = subprocess.Popen(
            [sys.executable, "-m", "pipeline.background", "--parent", str(os.getpid())],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 60
        while b"migrating" not in log.read_bytes() and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(1.0)  # serving: in its wait loop
        for _ in range(20000):  # no pause: signals land inside the handler itself
            if child.poll() is not None:
                break
            child.send_signal(signal.SIGTERM)
        child.wait(timeout=20)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    # 0, or SIGTERM's own end when one arrives after Python restored the default handler
    # on its way out; a deadlocked child would have timed out above.
    assert child.returncode in (0, -signal.SIGTERM), log.read_text(errors="replace")[-1500:]
