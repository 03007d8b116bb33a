"""Same-name uploads wait for "Replace" or "Keep both" instead of silently replacing."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from pipeline.service import Folio
from ui import library_names
from ui.library import LibraryHandlers
from ui.services import Services
from ui.upload_conflicts import resolve, split_uploads

FIRST = "Garden notes\n\nTomatoes need sun and water every morning in the summer months.\n"
SECOND = "Garden notes\n\nBeans climb the fence and want shade in the afternoon.\n"


@pytest.fixture
def services(folio: Folio) -> Iterator[Services]:
    s = Services(folio)
    yield s
    s.jobs.shutdown()


def _file(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (path := folder / name).write_text(text, encoding="utf-8")
    return path


def _settle(services: Services, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while services.jobs.busy():
        assert time.monotonic() < deadline, "ingestion did not finish"
        time.sleep(0.1)


def test_only_a_different_file_under_a_taken_name_waits(folio: Folio, tmp_path: Path) -> None:
    folio.ingest([_file(tmp_path / "a", "notes.txt", FIRST)], wait=True)
    same = _file(tmp_path / "b", "notes.txt", FIRST)
    other = _file(tmp_path / "c", "notes.txt", SECOND)
    new = _file(tmp_path / "d", "plan.txt", SECOND)
    split = split_uploads(folio, [(same, "notes.txt"), (other, "notes.txt"), (new, "plan.txt")])
    assert split.ready == [(same, "notes.txt"), (new, "plan.txt")]
    assert split.pending == [(str(other), "notes.txt")]
    # Another workspace has no such name: nothing waits there.
    assert split_uploads(folio.scoped("bob"), [(other, "notes.txt")]).pending == []


def test_resolve_replaces_under_the_name_or_keeps_both_under_a_free_one(
    folio: Folio, tmp_path: Path
) -> None:
    folio.ingest([_file(tmp_path / "a", "notes.txt", FIRST)], wait=True)
    pending = [(str(tmp_path / "x.txt"), "notes.txt"), (str(tmp_path / "y.txt"), "notes.txt")]
    (path, name), rest = resolve(folio, pending, "replace")
    assert (path, name) == (tmp_path / "x.txt", "notes.txt") and rest == pending[1:]
    (path, name), rest = resolve(folio, pending, "keep_both")
    assert name == "notes (2).txt" and rest == pending[1:]


def test_library_asks_then_keeps_both_documents(services: Services, tmp_path: Path) -> None:
    h = LibraryHandlers(None, services)  # type: ignore[arg-type]
    h.upload([str(_file(tmp_path / "a", "notes.txt", FIRST))], "en")
    _settle(services)
    out = h.upload([str(_file(tmp_path / "b", "notes.txt", SECOND))], "zh")
    row, text, pending = out[-3:]
    assert row["visible"] is True and "notes.txt" in text and "notes (2).txt" in text
    assert "文档库中已有" in text
    assert [d.name for d in services.folio.documents()] == ["notes.txt"]  # not replaced yet
    row, _, rest = library_names.choose(services, "keep_both", pending, "en")
    assert row["visible"] is False and rest == []
    _settle(services)
    services.folio.wait(timeout=60)
    docs = {d.name: d for d in services.folio.documents()}
    assert set(docs) == {"notes.txt", "notes (2).txt"}
    assert docs["notes.txt"].content_hash != docs["notes (2).txt"].content_hash


def test_library_replace_answers_one_file_at_a_time(services: Services, tmp_path: Path) -> None:
    h = LibraryHandlers(None, services)  # type: ignore[arg-type]
    h.upload([str(_file(tmp_path / "a", n, FIRST)) for n in ("notes.txt", "plan.txt")], "en")
    _settle(services)
    both = [str(_file(tmp_path / "b", n, SECOND)) for n in ("notes.txt", "plan.txt")]
    _, text, pending = h.upload(both, "en")[-3:]
    assert "notes.txt" in text and len(pending) == 2
    row, text, pending = library_names.choose(services, "replace", pending, "en")
    assert row["visible"] is True and "plan.txt" in text and len(pending) == 1
    row, _, pending = library_names.choose(services, "replace", pending, "en")
    assert row["visible"] is False and pending == []
    _settle(services)
    services.folio.wait(timeout=60)
    assert sorted(d.name for d in services.folio.documents()) == ["notes.txt", "plan.txt"]
    for doc in services.folio.documents():
        assert any("Beans" in c.text for c in services.folio.store.chunks(doc.doc_id))


def test_cancel_skips_the_file_and_changes_nothing_stored(
    services: Services, tmp_path: Path
) -> None:
    h = LibraryHandlers(None, services)  # type: ignore[arg-type]
    h.upload([str(_file(tmp_path / "a", n, FIRST)) for n in ("notes.txt", "plan.txt")], "en")
    _settle(services)
    services.folio.wait(timeout=60)
    before = {d.doc_id: d.content_hash for d in services.folio.documents()}
    both = [str(_file(tmp_path / "b", n, SECOND)) for n in ("notes.txt", "plan.txt")]
    _, _, pending = h.upload(both, "en")[-3:]
    row, text, pending = library_names.cancel(services, pending, "en")
    assert row["visible"] is True and "plan.txt" in text and len(pending) == 1  # the next one
    row, _, pending = library_names.cancel(services, pending, "zh")
    assert row["visible"] is False and pending == []
    _settle(services)
    services.folio.wait(timeout=60)
    assert {d.doc_id: d.content_hash for d in services.folio.documents()} == before
    for doc in services.folio.documents():
        assert not any("Beans" in c.text for c in services.folio.store.chunks(doc.doc_id))
