"""A file without words is refused with advice that fits what was tried: after OCR read its
pages, the advice is not to go and enable OCR (found trying the app: a drawing uploaded to
the demo, OCR on, was told to check FOLIO_OCR_ENGINE)."""

from __future__ import annotations

import pytest

from pipeline.errors import EmptyFileError
from pipeline.ingest_checks import require_text
from pipeline.models import Block, Page, ParsedDocument
from ui.reasons import localise_reason


def _drawing(**page: object) -> ParsedDocument:
    marks = Block(page=1, text=".. ,i 4 %Z. —.")  # a drawing's stray marks, no words
    return ParsedDocument(kind="pdf", pages=[Page(page=1, blocks=[marks], **page)])


def _refusal(parsed: ParsedDocument) -> str:
    with pytest.raises(EmptyFileError) as e:
        require_text(parsed, "grid.pdf")
    return str(e.value)


def test_pages_ocr_read_are_not_advised_to_enable_ocr() -> None:
    said = _refusal(_drawing(source="ocr", needs_ocr="no text layer"))
    assert "OCR read 1 page(s) and found no words" in said
    assert "FOLIO_OCR_ENGINE" not in said
    zh = localise_reason(said, "zh")
    assert "OCR 已识别 1 页" in zh and "FOLIO_OCR_ENGINE" not in zh and "grid.pdf" in zh


def test_pages_ocr_did_not_read_are_advised_to_enable_it() -> None:
    said = _refusal(_drawing(source="none", needs_ocr="no text layer"))
    assert "check that OCR is enabled" in said
    assert "启用 OCR" in localise_reason(said, "zh")


def test_a_text_layer_without_words_is_told_there_is_nothing_to_search() -> None:
    said = _refusal(_drawing())
    assert "OCR" not in said and "Check that it is the file you meant" in said
    zh = localise_reason(said, "zh")
    assert "OCR" not in zh and "请确认上传的是正确的文件" in zh
