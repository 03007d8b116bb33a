"""The text normalisers shared by every layer: spaces, width and case, Unicode forms.

Each is one line, and that is the point: "the same text" must mean the same thing
wherever two strings are compared, so the comparisons call these rather than restating
them.
"""

from __future__ import annotations

import unicodedata

# Full-width ASCII forms and the ideographic space map to their ASCII twins one to one.
_WIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def single_spaces(text: str) -> str:
    """``text`` with every run of white space one space, and none at either end."""
    return " ".join(text.split())


def no_spaces(text: str) -> str:
    """``text`` without any white space (a Chinese title wrapped or letter-spaced)."""
    return "".join(text.split())


def fold(text: str) -> str:
    """Case- and width-folded text of the same length, so offsets stay valid."""
    return text.translate(_WIDTH).lower()


def nfkc(text: str) -> str:
    """NFKC-normalised ``text`` (full-width forms, ligatures) without outer spaces."""
    return unicodedata.normalize("NFKC", text).strip()
