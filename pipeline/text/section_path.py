"""A chunk's section path as a reader reads it.

A parser nests headings by their print size, so a filing whose "PART II Item 5. Market
for …" is set larger than the items after it puts "Item 8. Financial Statements" under
Item 5, and every quote from the statements showed "PART II Item 5. Market for … > Item
8. …". Two headings of one numbering ("Item 5." and "Item 8.", "第三节" and "第四节") are
siblings: the earlier one is not where the later one stands, so it is left out of the
path shown (its "PART II" stays). The stored path, which the index reads, is unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_ITEM = re.compile(
    r"^(?P<part>part\s+[ivx]+\b)?[\s.:,—–-]*(?P<scheme>item)\s+\d{1,2}[a-d]?\b", re.I
)
_ZH = re.compile(r"^第[一二三四五六七八九十百零〇\d]+(?P<scheme>[节章篇部])")


def _scheme(heading: str) -> tuple[str, str] | None:
    """The heading's numbering ("item", "节") and what stands before its number."""
    m = _ITEM.match(heading.strip())
    if m is not None:
        return "item", (m.group("part") or "").strip()
    z = _ZH.match(heading.strip())
    return (z.group("scheme"), "") if z is not None else None


def reading_path(section: Sequence[str]) -> str:
    """``section`` joined with " > ", each heading followed by a later one of the same
    numbering left out (its part kept): "PART II Item 5. … > Item 8. …" reads
    "PART II > Item 8. …"."""
    shown = list(section)
    schemes = [_scheme(h) for h in shown]
    for i, mine in enumerate(schemes):
        if mine is None:
            continue
        if any(later is not None and later[0] == mine[0] for later in schemes[i + 1 :]):
            shown[i] = mine[1]
    return " > ".join(h for h in shown if h)
