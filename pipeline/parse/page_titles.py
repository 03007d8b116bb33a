"""A page's own title in small print: a release's table pages are each set in their own
scale, smaller than the narrative pages, and titled at their top ("… Reconciliation of
Non-GAAP Financial Measures" in 8 pt). Ranked by print size such a title would nest under
whatever heading the pages before ended in; it names its page instead."""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.models import Block, Page

_FURNITURE = ("header", "footer")


def small_page_title(page: Page, candidates: Sequence[Block], body: float) -> list[Block]:
    """The heading candidate in print smaller than the body's that opens the page (its
    first block of text, running headers aside), or none."""
    first = next((b for b in page.blocks if b.kind not in _FURNITURE and b.text.strip()), None)
    if first is None or (first.font_size or body) >= body - 0.5:
        return []
    return [first] if any(b is first for b in candidates) else []
