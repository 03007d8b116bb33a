"""Files the first checks refuse get a stored ``failed`` row: listed, explained, deletable,
never in place of a real document of the same name."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pipeline.service import Folio
from settings import Settings
from tests.conftest import FakeEmbedder
from ui.library_view import status_table_html

PROSE = "The harbour master records the tides and the ships that enter the port each day.\n"


@pytest.fixture
def small_limit(tmp_path: Path) -> Iterator[Folio]:
    settings = Settings(data_dir=tmp_path / "data", workers=1, max_file_mb=1)
    f = Folio(settings, embedder=FakeEmbedder())
    yield f
    f.close()


def _refused_files(folder: Path) -> dict[str, Path]:
    folder.mkdir(exist_ok=True)
    files = {
        "empty.txt": b"",
        "program.exe": b"MZ\x90\x00" * 100,
        "huge.txt": PROSE.encode() * 20_000,  # ~1.6 MB, over the 1 MB limit
        "pdf-inside.docx": b"%PDF-1.7\n" + b"0" * 200,
    }
    out = {}
    for name, data in files.items():
        (folder / name).write_bytes(data)
        out[name] = folder / name
    return out


def test_a_refused_file_gets_a_failed_row_with_its_reason(
    small_limit: Folio, tmp_path: Path
) -> None:
    folio = small_limit
    for name, path in _refused_files(tmp_path / "in").items():
        (res,) = folio.ingest([path])
        assert res.outcome == "failed" and res.doc_id, name
        doc = folio.document(res.doc_id)
        parse = doc.status["parse"]
        assert doc.name == name and parse.state == "failed" and parse.reason == res.error
        assert doc.chunks == 0 and doc.content_hash == ""
    names = {d.name for d in folio.documents()}
    assert names == {"empty.txt", "program.exe", "huge.txt", "pdf-inside.docx"}
    assert next(d for d in folio.documents() if d.name == "program.exe").kind == "other"
    assert folio.store.usage() == (0, 0, 0)  # failed uploads take no room from the limits
    for doc in folio.documents():
        folio.delete(doc.doc_id)
    assert folio.documents() == []


def test_a_refused_file_never_replaces_a_document_of_the_same_name(
    small_limit: Folio, tmp_path: Path
) -> None:
    folio = small_limit
    good = tmp_path / "notes.txt"
    good.write_text(PROSE * 5, encoding="utf-8")
    doc_id = folio.ingest([good], wait=True)[0].doc_id or ""
    before = folio.document(doc_id).model_dump(exclude={"updated_at"})
    chunks = folio.store.chunks(doc_id)
    bad = tmp_path / "other" / "notes.txt"
    bad.parent.mkdir()
    bad.write_bytes(b"")
    (res,) = folio.ingest([bad])
    assert res.outcome == "failed" and "empty" in (res.error or "")
    assert folio.document(doc_id).model_dump(exclude={"updated_at"}) == before
    assert folio.store.chunks(doc_id) == chunks


def test_a_good_file_takes_the_place_of_a_refused_one(small_limit: Folio, tmp_path: Path) -> None:
    folio = small_limit
    path = tmp_path / "report.txt"
    path.write_bytes(b"")
    refused = folio.ingest([path])[0]
    again = folio.ingest([path])[0]  # the same refusal again: one row, still failed
    assert refused.doc_id == again.doc_id and len(folio.documents()) == 1
    path.write_text(PROSE * 5, encoding="utf-8")
    assert folio.conflict("report.txt", "any") is None  # nothing to ask: it held nothing
    res = folio.ingest([path], wait=True)[0]
    assert res.doc_id == refused.doc_id and res.error is None
    doc = folio.document(res.doc_id or "")
    assert doc.status["parse"].state == "ready" and doc.chunks > 0 and doc.kind == "txt"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_library_shows_a_refused_row_with_its_reason(
    small_limit: Folio, tmp_path: Path, lang: str
) -> None:
    files = _refused_files(tmp_path / "in")
    for path in files.values():
        small_limit.ingest([path])
    html = status_table_html(small_limit.documents(), lang)
    for name in files:
        assert name in html
    if lang == "en":
        assert "is empty (0 bytes)" in html and "over the 1 MB limit" in html
    else:  # every refusal reads in Chinese, none is left in English
        assert "是空文件" in html and "超过 1 MB 的上限" in html and "不支持" in html
        assert "其实是 PDF" in html
        assert "not what its name says" not in html and "is empty" not in html
