"""Pages a damaged PDF lost: MuPDF repairs what it can, and says nothing about the rest.

A PDF cut short (an interrupted download or copy) or otherwise damaged is rebuilt by
MuPDF from the objects it still finds: it opens, with its pages, but the pages whose
content or fonts were in the lost part come out blank or as glyph codes (garbage that
would go to OCR and be stored as searchable nonsense). Many real PDFs only have a broken
cross-reference table: MuPDF repairs them silently and every page reads fine, so the
repair alone says nothing; what counts is whether each page still has what it draws.
Only a repaired document is checked, in the parent process before any page is extracted
or OCR'd: an intact one costs nothing.
"""

from __future__ import annotations

import logging
import re

import pymupdf

from pipeline.parse.quality import garbage_share
from pipeline.text.normalise import no_spaces

log = logging.getLogger(__name__)

# Operators that show text (Tj, TJ, ', ") and that paint an image or a form (Do).
_SHOWS_TEXT = re.compile(rb"(?:\bT[jJ]|['\"])\s")
_PAINTS = re.compile(rb"\bDo\b")
_SHOWN_RUNS = 3
_GARBAGE_SHARE = 0.3

UNREADABLE = "could not be read: this part of the file is damaged or missing"


def _present(doc: pymupdf.Document, xref: int) -> bool:
    if not 0 < xref < doc.xref_length():
        return False
    try:
        return doc.xref_object(xref, compressed=True) != "null"
    except Exception:  # "bad xref": not in the file
        return False


def _contents(doc: pymupdf.Document, page: pymupdf.Page) -> bytes | None:
    """The page's content streams, or None when one of them is missing from the file."""
    data = b""
    for xref in page.get_contents():
        if not _present(doc, xref) or not doc.xref_is_stream(xref):
            return None
        try:
            data += doc.xref_stream(xref) or b""
        except Exception:  # a stream cut off mid-way that cannot be decoded
            return None
    return data


def page_lost(doc: pymupdf.Document, page: pymupdf.Page) -> bool:
    """Whether a page of a repaired document lost what it draws (its content or its fonts)."""
    if not _present(doc, page.xref):  # the page object itself: MuPDF shows an empty page
        return True
    contents = _contents(doc, page)
    if contents is None:
        return True
    text = page.get_text()
    if not no_spaces(text):
        # Text shown but none read: its fonts are gone. A page of drawings only is fine, and
        # so is a blank page that shows a space or two.
        if len(_SHOWS_TEXT.findall(contents)) >= _SHOWN_RUNS:
            return True
        painted = _PAINTS.search(contents) is not None
        return painted and not page.get_image_info() and not page.get_drawings()
    # Text without any font left to draw it: MuPDF reads raw glyph codes.
    return not page.get_fonts() and garbage_share(text) > _GARBAGE_SHARE


def lost_pages(doc: pymupdf.Document) -> list[int]:
    """1-based numbers of the pages a repaired document lost; [] for an intact one."""
    if not doc.is_repaired:
        return []
    lost: list[int] = []
    for i in range(doc.page_count):
        try:
            gone = page_lost(doc, doc[i])
        except Exception as exc:  # a page MuPDF cannot even load is lost too
            log.info("page %d of a repaired PDF cannot be loaded: %s", i + 1, exc)
            gone = True
        if gone:
            lost.append(i + 1)
    return lost


def page_list(pages: list[int], limit: int = 20) -> str:
    """'3, 5, 7' (and '…' past ``limit``): the pages a note names."""
    shown = ", ".join(map(str, pages[:limit]))
    return shown + (", …" if len(pages) > limit else "")
