"""Find every occurrence of many term surfaces in text in one pass (longest match first).

Surfaces are indexed by their first two characters, so a scan costs one dict
lookup per position; Latin surfaces only match on word boundaries.
"""

from __future__ import annotations

from collections import defaultdict

from pipeline.text.normalise import fold


class TermMatcher:
    def __init__(self, surfaces: dict[str, int]) -> None:
        self._index: dict[str, list[tuple[str, int]]] = defaultdict(list)
        for surface, ident in surfaces.items():
            s = fold(surface)
            if len(s) < 2:
                continue
            self._index[s[:2]].append((s, ident))
        for items in self._index.values():
            items.sort(key=lambda x: -len(x[0]))

    def find(self, text: str) -> list[tuple[int, int, int]]:
        """(start, end, ident) of non-overlapping matches, left to right."""
        low = fold(text)
        out: list[tuple[int, int, int]] = []
        i, n = 0, len(low)
        while i < n - 1:
            items = self._index.get(low[i : i + 2])
            hit = None
            if items and (i == 0 or not _is_word(low[i - 1]) or not _is_word(low[i])):
                for s, ident in items:
                    end = i + len(s)
                    if low.startswith(s, i) and (
                        end >= n or not (_is_word(s[-1]) and _is_word(low[end]))
                    ):
                        hit = (i, end, ident)
                        break
            if hit:
                out.append(hit)
                i = hit[1]
            else:
                i += 1
        return out


def _is_word(c: str) -> bool:
    return c.isascii() and c.isalnum()
