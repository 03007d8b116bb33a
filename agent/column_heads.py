"""Blocks that are a table's column headings printed as text, not headings of a section.

A filing often sets a table's period headings ("Three Months Ended June 30", "Six Months
Ended June 30") and unit captions ("(In thousands)") in bold above a table the parser reads
as text: bold and short, they look like the item headings of a list-like section, and a
note on an acquisition would be answered with them. They sit side by side on one line,
which a heading never does (``pipeline/parse/headings.py`` keeps them out of the heading
tree by the same test), or alone over the figures' columns in the right half of the page,
where no paragraph of the page begins (a heading starts where the text of its column does).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from pipeline.models import Block

_EDGE = 2.0  # points: cells of one row share their top or bottom edge
_SKIPPED = ("header", "footer")


def column_heads(blocks: Sequence[Block]) -> frozenset[int]:
    """The numbers of the blocks that share a line with another block beside them."""
    by_page: dict[int, list[Block]] = defaultdict(list)
    for b in blocks:
        if b.box is not None and b.kind not in _SKIPPED:
            by_page[b.page].append(b)
    out: set[int] = set()
    for page in by_page.values():
        left = min(b.box[0] for b in page if b.box)
        right = max(b.box[2] for b in page if b.box)
        middle = (left + right) / 2
        starts = [b.box[0] for b in page if b.box and not b.bold and b.kind == "paragraph"]
        for b in page:
            if any(_beside(b, o) for o in page if o is not b) or _over_figures(b, middle, starts):
                out.add(b.n)
    return frozenset(out)


def _over_figures(b: Block, middle: float, starts: list[float]) -> bool:
    """A bold block starting right of the page's middle where no plain paragraph starts."""
    assert b.box is not None
    x0 = b.box[0]
    return b.bold and x0 > middle and all(abs(x0 - s) > _EDGE for s in starts)


def _beside(b: Block, o: Block) -> bool:
    assert b.box is not None and o.box is not None  # kept only with boxes above
    x0, y0, x1, y1 = b.box
    aligned = abs(o.box[1] - y0) <= _EDGE or abs(o.box[3] - y1) <= _EDGE
    return aligned and (o.box[0] >= x1 or o.box[2] <= x0)
