"""Same-name uploads wait for "Replace" or "Keep both" instead of silently replacing."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import gradio as gr
import pytest

from pipeline.service import Folio
from ui import library_names
from ui.library import LibraryHandlers
from ui.services import Services
from ui.upload_conflicts import PendingUploads, resolve, split_uploads

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


def test_a_second_upload_while_a_question_waits_keeps_the_waiting_file(
    services: Services, tmp_path: Path
) -> None:
    """Two quick drops: the first waits for "Replace" or "Keep both" when the second lands.
    The second upload's reply once wrote its own list (empty, or only its file) over the
    page's, and the first file vanished without being asked about or added."""
    h = LibraryHandlers(None, services)  # type: ignore[arg-type]
    h.upload([str(_file(tmp_path / "a", n, FIRST)) for n in ("notes.txt", "plan.txt")], "en")
    _settle(services)
    waiting = str(_file(tmp_path / "b", "notes.txt", SECOND))
    _, text, pending = h.upload([waiting], "en")[-3:]
    assert pending == [(waiting, "notes.txt")]
    row, text, pending = h.upload([str(_file(tmp_path / "c", "diary.txt", SECOND))], "en")[-3:]
    assert row["visible"] is True and "notes.txt" in text, "the waiting file was dropped"
    assert pending == [(waiting, "notes.txt")]
    later = str(_file(tmp_path / "d", "plan.txt", SECOND))
    _, text, pending = h.upload([later], "en")[-3:]
    assert "notes.txt" in text and pending == [(waiting, "notes.txt"), (later, "plan.txt")]
    row, text, pending = library_names.choose(services, "keep_both", pending, "en")
    assert row["visible"] is True and "plan.txt" in text and pending == [(later, "plan.txt")]
    row, _, pending = library_names.choose(services, "keep_both", pending, "en")
    assert row["visible"] is False and pending == []
    _settle(services)
    services.folio.wait(timeout=60)
    names = sorted(d.name for d in services.folio.documents())
    assert names == ["diary.txt", "notes (2).txt", "notes.txt", "plan (2).txt", "plan.txt"]


def test_an_answer_given_twice_or_from_a_stale_page_adds_the_file_once(
    services: Services, tmp_path: Path
) -> None:
    """Two clicks on "Keep both" (the page had not redrawn yet) each carry the list the page
    drew: the second must not add the file again under yet another name."""
    h = LibraryHandlers(None, services)  # type: ignore[arg-type]
    h.upload([str(_file(tmp_path / "a", "notes.txt", FIRST))], "en")
    _settle(services)
    drawn = h.upload([str(_file(tmp_path / "b", "notes.txt", SECOND))], "en")[-1]
    library_names.choose(services, "keep_both", drawn, "en")
    row, _, pending = library_names.choose(services, "keep_both", drawn, "en")
    assert row["visible"] is False and pending == []
    _settle(services)
    services.folio.wait(timeout=60)
    assert sorted(d.name for d in services.folio.documents()) == ["notes (2).txt", "notes.txt"]


def test_the_timer_redraws_a_question_an_older_reply_hid(
    services: Services, tmp_path: Path
) -> None:
    """Events of one page run at once and each draws the list it saw: a reply written last
    but computed first can hide a question still waiting; the next tick shows it again."""
    h = LibraryHandlers(None, services)  # type: ignore[arg-type]
    h.upload([str(_file(tmp_path / "a", "notes.txt", FIRST))], "en")
    _settle(services)
    h.upload([str(_file(tmp_path / "b", "notes.txt", SECOND))], "en")
    row, text, pending = library_names.redraw(services, [], "en")  # the page shows none
    assert row["visible"] is True and "notes.txt" in text and len(pending) == 1
    assert library_names.redraw(services, pending, "en") == [gr.skip()] * 3


def test_pending_uploads_are_kept_per_page() -> None:
    waiting = PendingUploads(max_pages=2)
    assert waiting.add("p1", [("/t/a.txt", "a.txt")]) == [("/t/a.txt", "a.txt")]
    waiting.add("p2", [("/t/b.txt", "b.txt")])
    assert waiting.add("p1", [("/t/a.txt", "a.txt")]) == [("/t/a.txt", "a.txt")]  # once
    assert not waiting.take("p2", ["/t/a.txt", "a.txt"])  # another page's file
    assert waiting.take("p1", ["/t/a.txt", "a.txt"]) and waiting.waiting("p1") == []
    assert not waiting.take("p1", ["/t/a.txt", "a.txt"])  # answered already
    waiting.add("p3", [("/t/c.txt", "c.txt")])
    waiting.add("p4", [("/t/d.txt", "d.txt")])  # past the bound the oldest page goes
    assert waiting.waiting("p2") == [] and waiting.waiting("p4") == [("/t/d.txt", "d.txt")]
