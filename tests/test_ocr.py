"""OCR end to end: scans become located, searchable text; bad pages fail alone.

The scans are generated (tests/scangen.py) so every word's true position is
known; RapidOCR's bundled models do the reading, as in production.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

import cli
from pipeline.models import Box, ParsedDocument
from pipeline.ocr import ocr_document
from pipeline.ocr.engines import choose_engine
from pipeline.parse.pdf import parse_pdf
from pipeline.parse.quality import GARBAGE, NO_TEXT
from pipeline.service import Folio
from settings import Settings
from tests.conftest import FakeEmbedder
from tests.scangen import ScanPage, overlap, scanned_pdf

pytestmark = pytest.mark.slow

PAGE1 = ["Invoice number 4711 from Lindqvist", "Payment due within thirty days"]
PAGE2 = ["Harbour crane maintenance schedule", "Replace the hydraulic seals yearly"]


def ocr(path: Path, settings: Settings) -> ParsedDocument:
    parsed = parse_pdf(path, workers=2, timeout_s=60)
    ocr_document(path, parsed, settings)
    return parsed


def line_box(parsed: ParsedDocument, page: int, word: str) -> Box:
    for b in parsed.pages[page - 1].blocks:
        for ln in b.lines:
            if word in ln.text and ln.box is not None:
                return ln.box
    raise AssertionError(f"{word!r} not found on page {page}")


def test_scan_is_searchable_with_cli_and_hits_point_at_the_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = tmp_path / "scan.pdf"
    truth = scanned_pdf(pdf, [ScanPage(lines=PAGE1), ScanPage(lines=PAGE2)])
    monkeypatch.setenv("FOLIO_EMBEDDING_MODEL", "none")
    assert cli.main(["ingest", str(pdf), "--wait", "--json"]) == 0
    doc_id = json.loads(capsys.readouterr().out)[0]["doc_id"]
    assert cli.main(["search", "hydraulic seals", "--doc", doc_id, "--json"]) == 0
    hits = json.loads(capsys.readouterr().out)
    assert hits and "hydraulic seals" in hits[0]["text"]
    # Small pages share one chunk; the lines of page 2 carry page 2 and real positions.
    boxes = [tuple(b) for p, b in hits[0]["boxes"] if p == 2]
    want = truth[1]["hydraulic"]
    assert any(overlap(b, want) > 0.8 for b in boxes), (boxes, want)


def test_ocr_pages_record_source_and_confidence(folio: Folio, tmp_path: Path) -> None:
    pdf = tmp_path / "scan.pdf"
    scanned_pdf(pdf, [ScanPage(lines=PAGE1)])
    res = folio.ingest([pdf], wait=True)[0]
    assert res.outcome == "added" and res.doc_id
    page = folio.store.pages(res.doc_id)[0]
    assert page.source == "ocr" and page.needs_ocr == NO_TEXT and page.failed is None
    assert page.ocr_confidence is not None and page.ocr_confidence > 0.8
    lines = [ln for b in folio.store.blocks(res.doc_id) for ln in b.lines]
    assert lines and all(ln.conf is not None and 0 < ln.conf <= 1 for ln in lines)
    assert folio.store.get(res.doc_id).status["ocr"].state == "ready"  # type: ignore[union-attr]
    hits = folio.search("Lindqvist invoice", [res.doc_id])
    assert hits and hits[0].page == 1


def test_rotated_and_cropped_pages_boxes_land_on_the_text(
    tmp_path: Path, settings: Settings
) -> None:
    pdf = tmp_path / "rot.pdf"
    crop = (15, 25, 405, 575)
    specs = [ScanPage(lines=PAGE2, rotation=r, crop=crop) for r in (90, 270)]
    truth = scanned_pdf(pdf, specs)
    parsed = ocr(pdf, settings)
    for page in (1, 2):
        assert parsed.pages[page - 1].rotation in (90, 270)
        text = " ".join(b.text for b in parsed.pages[page - 1].blocks)
        assert "Harbour crane maintenance schedule" in text
        for word in ("Harbour", "hydraulic"):
            box, want = line_box(parsed, page, word), truth[page - 1][word]
            assert overlap(box, want) > 0.8, (page, word, box, want)


def test_sideways_and_upside_down_scans_are_read_upright(
    tmp_path: Path, settings: Settings
) -> None:
    pdf = tmp_path / "turned.pdf"
    truth = scanned_pdf(pdf, [ScanPage(lines=PAGE1 + PAGE2, turned=k) for k in (1, 2, 3)])
    parsed = ocr(pdf, settings)
    for page in (1, 2, 3):
        text = " ".join(b.text for b in parsed.pages[page - 1].blocks)
        assert "Invoice number 4711 from Lindqvist" in text, (page, text)
        assert text.index("Invoice") < text.index("hydraulic")
        box, want = line_box(parsed, page, "Lindqvist"), truth[page - 1]["Lindqvist"]
        assert overlap(box, want) > 0.8, (page, box, want)


def test_skewed_two_column_scan_reads_column_by_column(tmp_path: Path, settings: Settings) -> None:
    left = [f"Left column line {w}" for w in ("one", "two", "three", "four", "five")]
    right = [f"Right column line {w}" for w in ("six", "seven", "eight", "nine", "ten")]
    pdf = tmp_path / "skew.pdf"
    truth = scanned_pdf(pdf, [ScanPage(lines=left + right, columns=2, skew=2.0)])[0]
    parsed = ocr(pdf, settings)
    text = " ".join(" ".join(b.text for b in parsed.blocks()).split())
    order = [text.find(line) for line in left + right]
    assert all(i >= 0 for i in order), text
    assert order == sorted(order), text
    # Boxes are the hull of the turned line: they still cover the word's centre.
    box = line_box(parsed, 1, "seven")
    wx = (truth["seven"][0] + truth["seven"][2]) / 2
    wy = (truth["seven"][1] + truth["seven"][3]) / 2
    assert box[0] <= wx <= box[2] and box[1] - 8 <= wy <= box[3] + 8


def test_garbage_layer_is_replaced_by_ocr_and_never_indexed(folio: Folio, tmp_path: Path) -> None:
    pdf = tmp_path / "garbage.pdf"
    # 'Multicolor Black Pure Magenta' as UTF-16 read byte-swapped (as in cmyk.pdf)
    mojibake = "䴀甀氀琀椀挀漀氀漀爀 䈀氀愀挀欀 倀甀爀攀 䴀愀最攀渀琀愀"
    scanned_pdf(pdf, [ScanPage(lines=PAGE1, text_layer=mojibake)])
    parsed = parse_pdf(pdf, workers=1, timeout_s=60)
    assert parsed.pages[0].needs_ocr == GARBAGE
    res = folio.ingest([pdf], wait=True)[0]
    assert res.doc_id
    page = folio.store.pages(res.doc_id)[0]
    assert page.source == "ocr" and page.needs_ocr == GARBAGE
    stored = " ".join(b.text for b in folio.store.blocks(res.doc_id))
    assert "Lindqvist" in stored and "䴀" not in stored


def test_unreadable_image_page_fails_alone(folio: Folio, tmp_path: Path) -> None:
    pdf = tmp_path / "mixed.pdf"
    scanned_pdf(pdf, [ScanPage(lines=PAGE1), ScanPage(lines=PAGE2, broken=True)])
    res = folio.ingest([pdf], wait=True)[0]
    assert res.outcome == "added" and res.doc_id
    p1, p2 = folio.store.pages(res.doc_id)
    assert p1.source == "ocr" and p1.failed is None
    assert p2.failed and "damaged" in p2.failed and p2.source == "none"
    assert not [b for b in folio.store.blocks(res.doc_id) if b.page == 2]
    status = folio.store.get(res.doc_id).status["ocr"]  # type: ignore[union-attr]
    assert status.state == "ready" and status.reason and "1 of 2 pages failed: 2" in status.reason
    assert folio.search("Lindqvist", [res.doc_id])[0].page == 1


def test_requested_paddleocr_missing_falls_back_and_says_so(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        choice = choose_engine("paddleocr")
    assert choice.name == "rapidocr"
    assert choice.note and "paddleocr" in choice.note and "using rapidocr" in choice.note
    assert any("paddleocr" in r.getMessage() for r in caplog.records)
    settings = Settings(data_dir=tmp_path / "data", workers=2, ocr_engine="paddleocr")
    pdf = tmp_path / "scan.pdf"
    scanned_pdf(pdf, [ScanPage(lines=PAGE1)])
    folio = Folio(settings, embedder=FakeEmbedder())
    try:
        res = folio.ingest([pdf], wait=True)[0]
        assert res.doc_id
        status = folio.store.get(res.doc_id).status["ocr"]  # type: ignore[union-attr]
        assert status.state == "ready" and "using rapidocr" in (status.reason or "")
        assert folio.search("Lindqvist", [res.doc_id])
    finally:
        folio.close()


def test_ocr_switched_off_marks_pages_failed_with_the_reason(
    tmp_path: Path,
) -> None:
    pdf = tmp_path / "scan.pdf"
    scanned_pdf(pdf, [ScanPage(lines=PAGE1)])
    parsed = ocr(pdf, Settings(data_dir=tmp_path / "d", ocr_engine="none"))
    page = parsed.pages[0]
    assert (
        page.failed
        and "OCR is switched off" in page.failed
        and "FOLIO_" not in page.failed
        and not page.blocks
    )


def test_ocr_words_carry_boxes_that_narrow_a_quote(tmp_path: Path, settings: Settings) -> None:
    from agent.highlight import quote_boxes
    from pipeline.chunk import chunk_document

    pdf = tmp_path / "words.pdf"
    truth = scanned_pdf(pdf, [ScanPage(lines=PAGE1), ScanPage(lines=PAGE1 + PAGE2, turned=1)])
    parsed = ocr(pdf, settings)

    def word_box(page: int, word: str) -> Box:
        blocks = parsed.pages[page - 1].blocks
        return next(w.box for b in blocks for ln in b.lines for w in ln.words if w.text == word)

    assert overlap(word_box(1, "Lindqvist"), truth[0]["Lindqvist"]) > 0.6
    assert overlap(word_box(2, "hydraulic"), truth[1]["hydraulic"]) > 0.6  # a turned page
    chunk = next(c for c in chunk_document("d", parsed) if "Lindqvist" in c.text)
    at = chunk.text.index("Lindqvist")
    [(page, box)] = quote_boxes(chunk, at, at + len("Lindqvist"))
    line = line_box(parsed, 1, "Lindqvist")
    assert page == 1 and overlap(box, truth[0]["Lindqvist"]) > 0.6
    assert box[2] - box[0] < 0.5 * (line[2] - line[0])  # the word, not its line
