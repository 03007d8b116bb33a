"""List bullets as OCR reads them, put back as bullets.

A recognition model trained on text has no class for "●" or "○": it reads a round bullet
as the letter or digit it looks most like ("0 Keep every sample cold", "o Wear gloves"),
and glues a square one to the first word ("■Report"). The item then starts with a figure
that is not in the document, the layout does not see a list, and a quote carries a "0".

A lookalike is a bullet only where a list is: two or more lines, starting at the same
left edge, that each open with the same lookalike followed by a word (a chart's axis label
"0" or a table's "0" cell opens no such run); or a line that opens with it among lines
opening with a real bullet at the same left edge.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pipeline.parse.layout import RawLine

BULLET = "•"
# what recognisers read a round or hollow bullet as
_LOOKALIKE = re.compile(r"^([0oO°])\s+(?=[^\W\d_])")
_SYMBOL = re.compile(r"^([•●○◦▪■□◆◇‣⁃])(?=[^\W\d_])")  # a drawn bullet glued to the word
_TRUE = re.compile(r"^[•●○◦▪■□◆◇·‣⁃]\s")
_EDGE = 0.8  # left edges within this many line heights are one margin


def _opener(line: RawLine) -> str | None:
    m = _LOOKALIKE.match(line.text)
    return m.group(1) if m else None


def _aligned(a: RawLine, b: RawLine) -> bool:
    height = max(1.0, min(a.box[3] - a.box[1], b.box[3] - b.box[1]))
    return abs(a.box[0] - b.box[0]) <= _EDGE * height


def _listed(lines: Sequence[RawLine], i: int) -> bool:
    """Is line ``i``'s lookalike opener part of a list of lines beside it?"""
    token = _opener(lines[i])
    for j in (i - 1, i + 1):
        if not 0 <= j < len(lines) or not _aligned(lines[i], lines[j]):
            continue
        if _opener(lines[j]) == token or _TRUE.match(lines[j].text):
            return True
    return False


def _rename(line: RawLine, token: str, end: int) -> None:
    line.text = f"{BULLET} {line.text[end:]}"
    if line.words and line.words[0][0] == token:  # the bullet's own word box
        line.words[0] = (BULLET, line.words[0][1])


def restore_bullets(lines: Sequence[RawLine]) -> int:
    """Rewrite, in place, the bullets of ``lines`` (in reading order) that OCR misread;
    returns how many lines changed."""
    found = [i for i in range(len(lines)) if _opener(lines[i]) and _listed(lines, i)]
    for i in found:
        m = _LOOKALIKE.match(lines[i].text)
        if m:
            _rename(lines[i], m.group(1), m.end())
    glued = 0
    for line in lines:
        m = _SYMBOL.match(line.text)
        if m:
            line.text = f"{m.group(1)} {line.text[m.end() :]}"
            glued += 1
    return len(found) + glued
