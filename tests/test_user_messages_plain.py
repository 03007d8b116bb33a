"""Messages a user reads say what the user can do, never the server's setting names
(found trying the app: a too-long text file was told about FOLIO_MAX_TEXT_MB)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pipeline.errors import FileTooLargeError
from pipeline.parse import check_file
from ui.reasons import localise_reason

SETTING = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b")  # FOLIO_MAX_TEXT_MB, OCR_ENGINE=…


def _said(path: Path, **limits: float) -> str:
    with pytest.raises(FileTooLargeError) as e:
        check_file(path, **limits)  # type: ignore[arg-type]
    return str(e.value)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_size_refusals_name_no_setting_and_say_what_to_do(tmp_path: Path, lang: str) -> None:
    big = tmp_path / "notes.txt"
    big.write_bytes(b"word " * 300_000)  # 1.5 MB
    for said in (_said(big, max_mb=1), _said(big, max_mb=50, max_text_mb=1)):
        shown = localise_reason(said, lang)
        assert shown != said or lang == "en"  # a Chinese pattern knows it
        assert not SETTING.search(shown), shown
        assert ("Split" in shown) if lang == "en" else ("拆分" in shown)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_status_notes_of_switched_off_parts_name_no_setting(lang: str) -> None:
    from pipeline.errors import EmptyFileError
    from pipeline.ingest_checks import require_text
    from pipeline.models import Block, Page, ParsedDocument

    marks = Block(page=1, text=".. ,i 4 %Z. —.")
    parsed = ParsedDocument(
        kind="pdf", pages=[Page(page=1, blocks=[marks], source="none", needs_ocr="no text")]
    )
    with pytest.raises(EmptyFileError) as e:
        require_text(parsed, "scan.pdf")
    for said in (str(e.value), "semantic search is off on this server; keyword search works"):
        shown = localise_reason(said, lang)
        assert not SETTING.search(shown), shown
    assert localise_reason(
        "semantic search is off on this server; keyword search works", "zh"
    ).startswith("本服务器")
