"""Counts read right in both languages: "OCR of 1 page", never "OCR of 1 pages" (issue 30)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.ingest_checks import ocr_status
from pipeline.models import Page, ParsedDocument
from pipeline.progress import counted, of_total
from pipeline.service import Folio
from ui.i18n import t
from ui.reasons import localise_reason


def test_a_count_agrees_with_its_noun() -> None:
    assert [counted(n, "page") for n in (0, 1, 2)] == ["0 pages", "1 page", "2 pages"]
    assert of_total(1, 1, "page") == "1/1 page" and of_total(1, 3, "chunk") == "1/3 chunks"


def test_a_one_page_scan_that_failed_reads_as_one_page_in_both_languages() -> None:
    parsed = ParsedDocument(
        kind="pdf", pages=[Page(page=1, needs_ocr="scan", failed="unreadable image")]
    )
    _, reason = ocr_status(parsed, None)
    assert reason == "1 of 1 page failed: 1"
    assert localise_reason(reason, "zh") == "1 页中有 1 页识别失败：第 1 页"
    assert t("lib.ocr_partial", "en", failed=1, total=1) == "OCR failed on 1 of 1 page"
    assert t("lib.ocr_partial", "en", failed=1, total=2) == "OCR failed on 1 of 2 pages"


@pytest.mark.slow  # real OCR of a page
def test_ocr_progress_of_one_page_says_one_page(folio: Folio, tmp_path: Path) -> None:
    from tests.scangen import ScanPage, scanned_pdf

    notes: list[str] = []
    folio.events.listeners.append(lambda _d, comp, _s, _p, msg="": notes.append(msg))
    pdf = tmp_path / "one.pdf"
    scanned_pdf(pdf, [ScanPage(lines=["The harvest was stored in May"])])
    folio.ingest([pdf], wait=True)
    ocr = [n for n in notes if n.startswith("OCR")]
    assert "OCR of 1 page" in ocr and not any("1 pages" in n for n in notes), notes
