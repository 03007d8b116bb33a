"""The shared job queue: one run per component across processes, leases, crash recovery."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from pipeline.service import Folio
from pipeline.store.jobs import JobQueue
from settings import Settings
from testkit import pdfgen
from testkit.crashes import kill_during, long_text
from tests.conftest import FakeEmbedder


def _all_ready(folio: Folio, doc_id: str) -> None:
    states = {c: s.state for c, s in folio.document(doc_id).status.items()}
    assert set(states.values()) == {"ready"}, states


def test_two_processes_run_each_component_once(settings: Settings, tmp_path: Path) -> None:
    files = [long_text(tmp_path / f"doc{i}.md", 50 + i * 40) for i in range(3)]
    a = Folio(settings, embedder=FakeEmbedder())
    b = Folio(settings, embedder=FakeEmbedder())
    a.serve()  # like the web app
    results = b.ingest(files, wait=True)  # like `cli.py ingest --wait` on the same data dir
    assert all(r.outcome == "added" for r in results)
    assert a.wait(timeout=60)
    jobs = b.queue.jobs()
    assert len(jobs) == 3 * 7  # parse + 5 knowledge + embed per document
    assert {j.attempts for j in jobs} == {1} and {j.state for j in jobs} == {"done"}
    for r in results:
        _all_ready(b, r.doc_id or "")
    a.close()
    b.close()


def test_short_jobs_are_claimed_first(settings: Settings, tmp_path: Path) -> None:
    folio = Folio(settings, embedder=FakeEmbedder())
    big = folio.submit([long_text(tmp_path / "big.md", 3000)])[0]
    small = folio.submit([long_text(tmp_path / "small.md", 10)])[0]
    first = folio.queue.claim("parse", limit=2)
    assert first is not None and first.doc_id == small.doc_id
    second = folio.queue.claim("parse", limit=2)
    assert second is not None and second.doc_id == big.doc_id
    assert folio.queue.claim("parse", limit=2) is None  # lane full, nothing left anyway
    folio.close()


def test_a_lane_limit_holds_across_processes(settings: Settings, tmp_path: Path) -> None:
    a, b = Folio(settings, embedder=FakeEmbedder()), Folio(settings, embedder=FakeEmbedder())
    a.submit([long_text(tmp_path / "one.md"), long_text(tmp_path / "two.md")])
    assert a.queue.claim("parse", limit=1) is not None
    assert b.queue.claim("parse", limit=1) is None  # a's running job counts for b too
    a.close()
    b.close()


def test_a_dead_owners_job_is_requeued_and_finished(settings: Settings, tmp_path: Path) -> None:
    folio = Folio(settings, embedder=FakeEmbedder())
    (res,) = folio.submit([long_text(tmp_path / "lease.md")])
    conn = folio.db.connect()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], check=True,
                          capture_output=True, text=True).stdout.strip()  # fmt: skip
    host = folio.queue.owner.split(":")[0]
    conn.execute(
        "UPDATE jobs SET state = 'running', owner = ?, lease_until = ? WHERE doc_id = ?",
        (f"{host}:{dead}:gone", time.time() + 3600, res.doc_id),
    )
    conn.execute("UPDATE components SET state = 'running' WHERE doc_id = ?", (res.doc_id,))
    assert folio.recover() >= 1  # the pid is gone: no need to wait for the lease
    assert folio.store.status(res.doc_id or "", "parse").state == "pending"
    assert folio.wait([res.doc_id or ""], timeout=60)
    _all_ready(folio, res.doc_id or "")
    folio.close()


def test_another_machines_job_waits_for_its_lease(settings: Settings, tmp_path: Path) -> None:
    folio = Folio(settings, embedder=FakeEmbedder())
    (res,) = folio.submit([long_text(tmp_path / "remote.md")])
    conn = folio.db.connect()

    def owned_until(until: float) -> None:
        conn.execute(
            "UPDATE jobs SET state = 'running', owner = 'elsewhere:1:x', lease_until = ? "
            "WHERE doc_id = ?",
            (until, res.doc_id),
        )

    owned_until(time.time() + 3600)
    assert folio.queue.reap() == 0  # alive as far as we can tell
    owned_until(time.time() - 1)
    assert folio.queue.reap() == 1
    folio.close()


def test_a_lost_lease_stops_the_old_owner_from_committing(
    settings: Settings, tmp_path: Path
) -> None:
    from pipeline.store.jobs import LeaseLost

    folio = Folio(settings, embedder=FakeEmbedder())
    folio.submit([long_text(tmp_path / "stolen.md")])
    job = folio.queue.claim("parse", limit=1)
    assert job is not None
    other = JobQueue(folio.db)
    folio.db.connect().execute("UPDATE jobs SET lease_until = 0")
    assert other.reap() == 1 and other.claim("parse", limit=1) is not None
    with pytest.raises(LeaseLost):
        folio.ingestor.run_parse(job, lambda f, m: folio.queue.check_owned(job))
    folio.close()


def test_statuses_without_a_job_are_repaired(settings: Settings, tmp_path: Path) -> None:
    folio = Folio(settings, embedder=FakeEmbedder())
    doc_id = folio.ingest([long_text(tmp_path / "old.md")], wait=True)[0].doc_id or ""
    conn = folio.db.connect()
    conn.execute("DELETE FROM jobs")  # a data dir from before the queue, killed mid-way
    conn.execute("UPDATE components SET state = 'running' WHERE component IN ('ocr', 'embed')")
    folio.recover()
    assert folio.wait([doc_id], timeout=60)
    _all_ready(folio, doc_id)
    folio.close()


@pytest.mark.parametrize("point", ["parse", "ocr", "terms", "embed"])
def test_kill_9_at_any_point_recovers_without_user_action(
    point: str, settings: Settings, tmp_path: Path
) -> None:
    file = (
        pdfgen.headed_pdf(tmp_path / "report.pdf")
        if point in ("parse", "ocr")
        else long_text(tmp_path / "report.md", 120)
    )
    kill_during(point, file, settings.data_dir)
    folio = Folio(settings, embedder=FakeEmbedder())
    before = {c: s.state for c, s in folio.store.statuses(folio.documents()[0].doc_id).items()}
    assert "running" in before.values()  # as the killed process left it
    folio.resume()  # what the app does on start, and `cli.py resume`
    assert folio.wait(timeout=90)
    (doc,) = folio.documents()
    _all_ready(folio, doc.doc_id)
    assert folio.store.counts(doc.doc_id)["chunks"] == doc.chunks > 0
    assert not list(settings.files_dir.glob(".incoming-*"))
    assert (settings.data_dir / doc.stored_path).is_file()
    chunks = folio.store.chunks(doc.doc_id)
    again = folio.ingest([file], wait=True)[0]
    assert again.outcome == "unchanged" and folio.store.chunks(doc.doc_id) == chunks
    folio.close()
