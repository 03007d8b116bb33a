"""Ingestion: idempotence, replacement without zombies, bad input that changes nothing else."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from pipeline.service import Folio
from settings import Settings
from testkit import damage, pdfgen
from tests.conftest import FIXTURES, FakeEmbedder
from ui.reasons import localise_reason


def snapshot(folio: Folio) -> dict[str, list[tuple]]:
    conn = folio.db.connect()
    tables = ["documents", "components", "pages", "blocks", "chunks", "embeddings"]
    out = {}
    for t in tables:
        rows = conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall()
        out[t] = [tuple(r) for r in rows]
    out["fts"] = [tuple(r) for r in conn.execute("SELECT rowid, body FROM chunks_fts ORDER BY 1")]
    return out


def without_times(snap: dict[str, list[tuple]]) -> dict[str, list[tuple]]:
    """Timestamps and row ids aside, is anything different?"""
    return {
        t: [
            tuple(v for v in row if not (isinstance(v, str) and v[:2] == "20" and "T" in v))
            for row in rows
        ]
        for t, rows in snap.items()
        if t != "fts"
    }


def test_reingest_same_file_changes_nothing(folio: Folio, tmp_path: Path) -> None:
    pdf = pdfgen.headed_pdf(tmp_path / "report.pdf")
    first = folio.ingest([pdf], wait=True)[0]
    assert first.outcome == "added" and first.doc_id
    before = snapshot(folio)
    again = folio.ingest([pdf], wait=True)[0]
    assert again.outcome == "unchanged" and again.doc_id == first.doc_id
    assert snapshot(folio) == before


def test_changed_file_replaces_chunks_without_zombies(folio: Folio, tmp_path: Path) -> None:
    pdf = pdfgen.headed_pdf(tmp_path / "report.pdf", pages=4)
    doc_id = folio.ingest([pdf], wait=True)[0].doc_id
    assert doc_id
    old_chunks = folio.store.chunks(doc_id)
    pdfgen.headed_pdf(tmp_path / "report.pdf", pages=2)  # shorter: fewer chunks
    res = folio.ingest([pdf], wait=True)[0]
    assert res.outcome == "replaced" and res.doc_id == doc_id
    assert res.previous_pages == 4 and res.document and res.document.pages == 2
    new_chunks = folio.store.chunks(doc_id)
    assert 0 < len(new_chunks) < len(old_chunks)
    conn = folio.db.connect()
    ids = {r[0] for r in conn.execute("SELECT chunk_id FROM chunks WHERE doc_id = ?", (doc_id,))}
    assert ids == {f"{doc_id}#{i}" for i in range(len(new_chunks))}
    fts = conn.execute("SELECT COUNT(*) FROM chunks_fts").fetchone()[0]
    assert fts == len(new_chunks)
    assert not folio.search("Chapter Title 4", [doc_id], k=10) or all(
        "4" not in h.section for h in folio.search("Chapter Title 4", [doc_id], k=10)
    )
    emb = conn.execute("SELECT COUNT(*) FROM embeddings WHERE doc_id = ?", (doc_id,)).fetchone()[0]
    assert emb == len(new_chunks)


def test_unchanged_chunks_are_not_re_embedded(settings: Settings, tmp_path: Path) -> None:
    fake = FakeEmbedder()
    folio = Folio(settings, embedder=fake)
    pdf = pdfgen.headed_pdf(tmp_path / "r.pdf", pages=3)
    folio.ingest([pdf], wait=True)
    first = fake.passages
    pdfgen.headed_pdf(tmp_path / "r.pdf", pages=4)  # pages 1-3 unchanged
    folio.ingest([pdf], wait=True)
    assert 0 < fake.passages - first < first
    folio.close()


def test_stable_ids_across_data_dirs(tmp_path: Path) -> None:
    pdf = pdfgen.headed_pdf(tmp_path / "r.pdf")
    ids = []
    for sub in ("a", "b"):
        f = Folio(Settings(data_dir=tmp_path / sub), embedder=FakeEmbedder())
        res = f.ingest([pdf], wait=True)[0]
        ids.append((res.doc_id, [c.chunk_id for c in f.store.chunks(res.doc_id or "")]))
        f.close()
    assert ids[0] == ids[1]


@pytest.mark.parametrize(
    ("name", "make", "message"),
    [
        ("notes.xyz", lambda p: p.write_text("hello"), "not supported"),
        ("empty.pdf", lambda p: p.write_bytes(b""), "empty"),
        ("invalid.pdf", lambda p: shutil.copy(FIXTURES / "invalid.pdf", p), "not a readable PDF"),
        ("locked.pdf", lambda p: shutil.copy(FIXTURES / "r6-user-password.pdf", p), "password"),
        (
            "latin1.txt",
            lambda p: p.write_bytes("café \x80\x81".encode("latin-1") + b"\xff\xfe\xfd"),
            "UTF-8",
        ),
        ("grid.pdf", lambda p: shutil.copy(FIXTURES / "issue-301.pdf", p), "No readable text"),
    ],
)
def test_bad_input_fails_clearly_and_changes_nothing_else(
    folio: Folio, tmp_path: Path, name: str, make, message: str
) -> None:
    good = folio.ingest([pdfgen.headed_pdf(tmp_path / "good.pdf")], wait=True)[0]
    before = without_times(snapshot(folio))
    bad = tmp_path / name
    make(bad)
    res = folio.ingest([bad], wait=True)[0]
    assert res.outcome == "failed"
    assert res.error and message in res.error
    after = without_times(snapshot(folio))
    # The good document is untouched; at most a failed row for the new name appears.
    for table in ("pages", "blocks", "chunks", "embeddings"):
        assert after[table] == before[table]
    docs = folio.documents()
    assert any(d.doc_id == good.doc_id and d.status["index"].state == "ready" for d in docs)
    failed = [d for d in docs if d.doc_id != good.doc_id]
    for d in failed:
        assert d.status["parse"].state == "failed" and message in (d.status["parse"].reason or "")


def test_file_over_size_limit_is_refused(tmp_path: Path) -> None:
    folio = Folio(Settings(data_dir=tmp_path / "d", max_file_mb=0.001), embedder=FakeEmbedder())
    big = tmp_path / "big.txt"
    big.write_text("word " * 2000)
    res = folio.ingest([big])[0]
    assert res.outcome == "failed" and res.error and "limit" in res.error
    (row,) = folio.documents()  # only a failed row: nothing was stored or parsed
    assert row.status["parse"].reason == res.error and row.chunks == 0
    assert not (tmp_path / "d" / row.stored_path).exists()
    folio.close()


def test_worker_deadline_kills_a_stuck_parse() -> None:
    import time

    from pipeline.errors import ParseTimeoutError
    from pipeline.parse.workers import run_batches
    from tests.helpers import sleep_for

    start = time.monotonic()
    with pytest.raises(ParseTimeoutError, match="did not finish within"):
        run_batches(sleep_for, [(30.0,)], workers=1, timeout_s=0.5)
    assert time.monotonic() - start < 5


def test_steady_slow_batches_are_no_stall_but_the_whole_run_is_capped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import time

    from pipeline.errors import ParseTimeoutError
    from pipeline.parse import workers
    from tests.helpers import sleep_for

    # Four batches of 0.5 s each on one worker: 2 s in all, over the 1.2 s budget, but no
    # batch stalls for the budget (a busy machine, not a stuck file).
    done = workers.run_batches(sleep_for, [(0.5,)] * 4, workers=1, timeout_s=1.2)
    assert done == [0.5] * 4
    monkeypatch.setattr(workers, "STALL_CAP", 2)
    start = time.monotonic()
    with pytest.raises(ParseTimeoutError, match="did not finish within 2 s"):
        workers.run_batches(sleep_for, [(0.6,)] * 8, workers=1, timeout_s=1.0)
    assert time.monotonic() - start < 6


def test_parse_timeout_ends_as_failed_with_reason(
    folio: Folio, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pipeline import ingest
    from pipeline.errors import ParseTimeoutError

    def stuck(*args, **kwargs):
        raise ParseTimeoutError("Parsing 'slow.pdf' did not finish within 1 s")

    monkeypatch.setattr(ingest, "parse_file", stuck)
    res = folio.ingest([pdfgen.headed_pdf(tmp_path / "slow.pdf")])[0]
    assert res.outcome == "failed" and "did not finish within" in (res.error or "")
    assert folio.document(res.doc_id or "").status["parse"].state == "failed"


def test_changed_bad_version_keeps_the_good_one(folio: Folio, tmp_path: Path) -> None:
    pdf = pdfgen.headed_pdf(tmp_path / "report.pdf")
    doc_id = folio.ingest([pdf], wait=True)[0].doc_id or ""
    chunks = folio.store.chunks(doc_id)
    shutil.copy(FIXTURES / "invalid.pdf", pdf)
    res = folio.ingest([pdf], wait=True)[0]
    assert res.outcome == "failed"
    assert folio.store.chunks(doc_id) == chunks
    assert folio.document(doc_id).status["parse"].state == "ready"
    assert (folio.settings.data_dir / folio.document(doc_id).stored_path).read_bytes()[
        :4
    ] == b"%PDF"


def test_wal_mode_and_schema_version(folio: Folio) -> None:
    conn: sqlite3.Connection = folio.db.connect()
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert folio.db.schema_version("core") >= 1


def test_bad_file_uploaded_twice_stays_failed(folio: Folio, tmp_path: Path) -> None:
    bad = Path(shutil.copy(FIXTURES / "invalid.pdf", tmp_path / "broken.pdf"))
    first = folio.ingest([bad])[0]
    again = folio.ingest([bad])[0]
    assert first.outcome == again.outcome == "failed"
    assert again.doc_id is not None
    # Nothing earlier was ever readable, so there is no good version to fall back to.
    assert folio.store.status(again.doc_id, "parse").state == "failed"


def test_a_short_note_is_readable_and_a_blank_one_is_not(folio: Folio, tmp_path: Path) -> None:
    note = tmp_path / "note.txt"
    note.write_text("Lamps cost 12 euros.", encoding="utf-8")  # three words, no newline
    ok = folio.ingest([note], wait=True)[0]
    assert ok.error is None and ok.outcome == "added"
    assert folio.search("lamps", doc_ids=[ok.doc_id or ""])
    blank = tmp_path / "blank.txt"
    blank.write_text("12 — 34\n", encoding="utf-8")  # figures only: no word to search
    bad = folio.ingest([blank], wait=True)[0]
    assert bad.error and "No readable text" in bad.error


def test_a_damaged_copy_under_a_stored_name_is_refused_and_the_stored_one_kept(
    folio: Folio, tmp_path: Path
) -> None:
    pdf = pdfgen.dense_pdf(tmp_path / "filing.pdf", pages=12, paragraphs=3)
    good = pdf.read_bytes()
    doc_id = folio.ingest([pdf], wait=True)[0].doc_id or ""
    before = without_times(snapshot(folio))
    damage.cut_short(tmp_path / "filing.pdf", tmp_path / "cut.pdf", 1 / 3)
    shutil.copy(tmp_path / "cut.pdf", pdf)  # the same name, a third of the bytes
    res = folio.ingest([pdf], wait=True)[0]
    assert res.outcome == "failed"
    assert (res.error or "").startswith("'filing.pdf' is damaged: 8 of 12 pages could not be read")
    assert without_times(snapshot(folio)) == before
    stored = folio.document(doc_id)
    assert (folio.settings.data_dir / stored.stored_path).read_bytes() == good


def test_a_damaged_new_upload_is_refused_with_what_to_do(folio: Folio, tmp_path: Path) -> None:
    whole = pdfgen.dense_pdf(tmp_path / "whole.pdf", pages=12, paragraphs=3)
    cut = damage.cut_short(whole, tmp_path / "annual.pdf", 1 / 3)
    res = folio.ingest([cut], wait=True)[0]
    assert res.outcome == "failed" and "Download or export it again" in (res.error or "")
    parse = folio.store.status(res.doc_id or "", "parse")
    assert parse.state == "failed" and "is damaged: 8 of 12 pages" in (parse.reason or "")
    zh = localise_reason(parse.reason or "", "zh")
    assert zh.startswith("“annual.pdf”已损坏：12 页中有 8 页")


def test_a_pdf_missing_some_pages_is_added_with_a_note_naming_them(
    folio: Folio, tmp_path: Path
) -> None:
    whole = pdfgen.dense_pdf(tmp_path / "whole.pdf", pages=12, paragraphs=3)
    cut = damage.cut_short(whole, tmp_path / "report.pdf", 0.75)
    res = folio.ingest([cut], wait=True)[0]
    assert res.outcome == "added" and res.document and res.document.pages == 12
    note = folio.store.status(res.doc_id or "", "parse").reason or ""
    assert note.startswith("2 of 12 pages could not be read") and note.endswith(
        ": 11, 12. Upload a complete copy to read them."
    )
    assert "第 11, 12 页" in localise_reason(note, "zh")
    assert folio.store.status(res.doc_id or "", "ocr").reason == "no pages need OCR"


def test_a_failed_upload_keeps_the_stored_documents_note_on_its_lost_pages(
    folio: Folio, tmp_path: Path
) -> None:
    whole = pdfgen.dense_pdf(tmp_path / "whole.pdf", pages=12, paragraphs=3)
    pdf = damage.cut_short(whole, tmp_path / "report.pdf", 0.75)
    doc_id = folio.ingest([pdf], wait=True)[0].doc_id or ""
    note = folio.store.status(doc_id, "parse").reason
    assert note and note.startswith("2 of 12 pages could not be read")
    damage.cut_short(whole, pdf, 1 / 3)  # a worse copy under the same name
    assert folio.ingest([pdf], wait=True)[0].outcome == "failed"
    assert folio.store.status(doc_id, "parse").state == "ready"
    assert folio.store.status(doc_id, "parse").reason == note


@pytest.mark.parametrize(
    ("fixture", "message"),
    [("invalid.pdf", "not a readable PDF"), ("r6-user-password.pdf", "password")],
)
def test_a_pdf_that_does_not_open_is_refused_as_it_is_uploaded(
    folio: Folio, tmp_path: Path, fixture: str, message: str
) -> None:
    """Found walking the app: a second visitor's 24-byte "garbage.pdf" sat "queued" behind
    the first visitor's 75-page filing before being refused. A PDF MuPDF cannot open is
    refused by the upload itself, under the user's name for it, with no job queued."""
    bad = tmp_path / "upload-7f3a.pdf"
    shutil.copy(FIXTURES / fixture, bad)
    res = folio.ingestor.prepare(bad, name="board minutes.pdf")
    assert res.outcome == "failed" and res.error and message in res.error, res
    assert "'board minutes.pdf'" in res.error and "upload-7f3a" not in res.error
    conn = folio.db.connect()
    assert conn.execute("SELECT COUNT(*) FROM jobs").fetchone()[0] == 0
