"""Small files uploaded with a big one are ready first, in real Chromium (issue 14).

A whole 10-K (156 pages) and two short notes are dropped on the Library at once. The
queue runs short jobs first and parses documents in parallel, so both notes are
searchable while the 10-K is still being parsed, and the 10-K then finishes too.
Each step waits on the document's row (its status chips), not on a progress card,
which can come and go between refreshes. Screenshots: ``artifacts/browser/queue-*.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browserkit import App, Session, serve
from tests.conftest import SAMPLES

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from playwright.sync_api import Browser, Locator, expect  # noqa: E402

TENK = SAMPLES / "financebench" / "pdfs" / "AMCOR_2023_10K.pdf"
BIG_BUDGET_MS = 900_000  # a hang guard for a 156-page parse on a loaded machine


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    with serve(tmp_path_factory.mktemp("queue-data"), "queue-app.log") as running:
        yield running


def _note(folder: Path, name: str, topic: str) -> Path:
    path = folder / name
    body = f"The {topic} committee met on Monday and approved the plan for the spring. " * 30
    path.write_text(f"# {topic.title()} minutes\n\n{body}\n", encoding="utf-8")
    return path


def test_small_files_do_not_wait_behind_a_big_one(
    browser: Browser, app: App, tmp_path: Path
) -> None:
    if not TENK.exists():
        pytest.skip(f"needs the sample 10-K {TENK}")
    notes = [
        _note(tmp_path, "garden-notes.md", "garden"),
        _note(tmp_path, "budget-notes.md", "budget"),
    ]
    s = Session(browser, app.url, "en-US")
    try:
        s.upload(TENK, *notes)

        def row(name: str) -> Locator:
            return s.page.locator("#lib-table tr[data-doc]", has_text=name)

        for note in notes:
            expect(row(note.name).locator("[data-comp=index]")).to_have_attribute(
                "data-state", "ready", timeout=180_000
            )
        s.shot("queue-01-small-ready")
        big = row(TENK.name).locator("[data-comp=index]")
        assert big.get_attribute("data-state") != "ready", "the notes waited for the 10-K"
        expect(big).to_have_attribute("data-state", "ready", timeout=BIG_BUDGET_MS)
        s.shot("queue-02-all-ready")
        assert app.tracebacks() == 0
        assert not s.external
    finally:
        s.close()
