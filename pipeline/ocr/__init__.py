"""OCR of image-only pages and broken text layers (see issue 3)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pipeline.models import ParsedDocument
from settings import Settings


def pages_needing_ocr(parsed: ParsedDocument) -> list[int]:
    return [p.page for p in parsed.pages if p.needs_ocr and not p.failed]


def ocr_document(
    path: Path,
    parsed: ParsedDocument,
    settings: Settings,
    *,
    on_page: Callable[[int, int], None] | None = None,
) -> None:
    """Replace the blocks of every page that needs OCR with recognised text, in place.

    Placeholder until the OCR engine lands: such pages are marked failed, alone.
    """
    for p in parsed.pages:
        if p.needs_ocr and not p.failed:
            p.failed = f"OCR needed ({p.needs_ocr}) but no OCR engine is available"
