"""Concurrent questions through the app's API while uploads ingest (small version of the
bench/reliability.py load run): no errors, every citation inside its question's scope."""

from __future__ import annotations

from pathlib import Path

import pytest

from testkit import loadkit
from testkit.appserver import serve
from tests.conftest import ROOT
from tests.test_api import greenhouse_pdf

pytestmark = pytest.mark.slow

ANSWER_BUDGET_S = 90  # a hang guard on a loaded machine; bench/reliability.py measures speed


def test_concurrent_questions_while_uploads_ingest(tmp_path: Path) -> None:
    logs = ROOT / "artifacts" / "api"
    logs.mkdir(parents=True, exist_ok=True)
    with serve(tmp_path / "data", logs / "load.log") as url:
        workspace, ids = loadkit.prepare(url, tmp_path / "docs")
        upload = tmp_path / "uploads" / "greenhouse.pdf"
        upload.parent.mkdir()
        big = tmp_path / "uploads" / "minutes.md"
        big.write_text("# Minutes\n\n" + "The board met and approved the plan. " * 3000)
        report = loadkit.run(url, workspace, ids, [greenhouse_pdf(upload), big], questions=6)
    assert report.errors == []
    assert report.out_of_scope == []
    assert report.uncited == 0  # an answer that is not a refusal cites its source
    assert report.uploads == ["added", "added"]
    assert len(report.latencies) == 6
    assert max(report.latencies) < ANSWER_BUDGET_S
