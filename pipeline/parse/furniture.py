"""Running headers, footers and page numbers: recognised so they stay out of chunks."""

from __future__ import annotations

import re
from collections import Counter

from pipeline.models import Block, Page

_PAGE_NO = re.compile(
    r"^(?:page\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?(?:\s*(?:of|/)\s*\d{1,4})?$"
    r"|^[ivxlcdm]{1,6}$"
    r"|^第\s*[0-9一二三四五六七八九十百]+\s*页(?:\s*[,，/]?\s*共\s*[0-9]+\s*页)?$"
    r"|^[0-9]+\s*/\s*[0-9]+$",
    re.IGNORECASE,
)
_ZONE = 0.09
LOW = 0.6  # a footer printed under the text still starts below 60 % of the page's height


def _norm(text: str) -> str:
    return re.sub(r"\d+", "#", " ".join(text.lower().split()))[:80]


def _zone(block: Block, page: Page) -> str | None:
    if block.box is None or page.height <= 0 or len(block.lines) > 3:
        return None
    if block.box[3] <= page.height * _ZONE + 12:
        return "header"
    if block.box[1] >= page.height * (1 - _ZONE) - 12:
        return "footer"
    return None


_NUMBER = re.compile(r"^[-–—]?\s*(\d{1,4})\s*[-–—]?$")


def _mark_page_number_sequence(pages: list[Page]) -> None:
    """First/last blocks that count up with the pages are page numbers, wherever they sit.

    Some layouts print the number right under the text, far from the bottom margin.
    """
    candidates: list[tuple[Block, str, int]] = []
    for page in pages:
        body = [b for b in page.blocks if b.kind not in ("header", "footer")]
        for b, where in ((body[:1], "header"), (body[-1:], "footer")):
            for block in b:
                m = _NUMBER.match(block.text.strip())
                if m:
                    candidates.append((block, where, int(m.group(1)) - page.page))
    offsets = Counter((where, off) for _, where, off in candidates)
    if not offsets:
        return
    (where, offset), count = offsets.most_common(1)[0]
    if count >= max(3, int(0.3 * len(pages))):
        for block, w, off in candidates:
            if (w, off) == (where, offset):
                block.kind = "header" if where == "header" else "footer"


def mark_furniture(pages: list[Page]) -> None:
    """Set kind header/footer on repeated top/bottom blocks and on page numbers."""
    counts: Counter[tuple[str, str]] = Counter()
    for page in pages:
        seen = {(z, _norm(b.text)) for b in page.blocks if (z := _zone(b, page))}
        counts.update(seen)
    n = len(pages)
    threshold = max(2, int(0.3 * n)) if n >= 3 else 10**9
    for page in pages:
        for b in page.blocks:
            zone = _zone(b, page)
            if zone is None or b.kind == "table":
                continue
            if _PAGE_NO.match(b.text.strip()) or counts[(zone, _norm(b.text))] >= threshold:
                b.kind = "header" if zone == "header" else "footer"
    _mark_page_number_sequence(pages)
    _mark_repeated_edges(pages)


def _mark_repeated_edges(pages: list[Page]) -> None:
    """A short line that ends the text of many pages is a running footer wherever it sits:
    some layouts print "Pfizer Inc. 2021 Form 10-K 82" right under the text, 655 to 702 pt
    down a 792 pt page, above the bottom margin the zones look at, and then it was chunked,
    searched and quoted as if it were the text. Only the last block: a page's first one is
    often a numbered title ("2 Chapter Title 2"), and running headers sit in the top zone."""
    edges: list[tuple[Block, str]] = []
    for page in pages:
        body = [b for b in page.blocks if b.kind not in ("header", "footer", "table")]
        edges += [
            (b, _norm(b.text))
            for b in body[-1:]
            if len(b.lines) <= 3 and len(b.text.strip()) <= 80 and _low(b, page)
        ]
    counts = Counter(key for _, key in edges)
    threshold = max(3, int(0.3 * len(pages)))
    for block, key in edges:
        if counts[key] >= threshold and _has_letters(key):
            block.kind = "footer"


def _low(block: Block, page: Page) -> bool:
    """In the page's lower part, where footers are (a page's text starts higher)."""
    return block.box is not None and block.box[1] >= LOW * page.height


def _has_letters(key: str) -> bool:
    """A repeated text, not a bare number or mark (those are the page-number rules')."""
    return sum(c.isalpha() for c in key) >= 3
