"""Leader dots taken out of a page's words before its tables are read: "Goodwill......"
is the word "Goodwill" over the left part of its box, a word of dots alone is none.

Kept, the dots were a label's text (a balance sheet chunked a row to a chunk, the dots
filling each chunk's size) and stretched its box over the figures' columns, so a table
read from word positions ended where a label's dots ran into them.
"""

from __future__ import annotations

from typing import Any

from pipeline.text.wrapping import LEADER_RE

Word = tuple[Any, ...]  # PyMuPDF's (x0, y0, x1, y1, text, ...)


def unled(words: list[Word]) -> list[Word]:
    """``words`` with their leader dots cut out: each part left of or right of a run of
    dots a word of its own, over its share of the word's width (glyphs of one font are
    near enough alike in width for a box to be cut by characters)."""
    out: list[Word] = []
    for w in words:
        text = str(w[4])
        if LEADER_RE.search(text) is None:
            out.append(w)
            continue
        x0, x1, n = float(w[0]), float(w[2]), max(1, len(text))
        start = 0
        for m in [*LEADER_RE.finditer(text), None]:
            end = m.start() if m is not None else len(text)
            part = text[start:end].strip()
            if part:
                left = x0 + (x1 - x0) * start / n
                right = x0 + (x1 - x0) * end / n
                out.append((left, w[1], right, w[3], part, *w[5:]))
            if m is not None:
                start = m.end()
    return out
