"""The header line of a table passage."""

from __future__ import annotations

# A Markdown or Word heading right above a table is the first line of the table's chunk
# (pipeline/chunk.py); the table's header row comes right after it.
_HEAD_WITHIN = 3


def head_line(text: str) -> str:
    """The passage's first Markdown row ("| … |") among its first lines, else its first line."""
    lines = text.lstrip().split("\n")
    return next((ln for ln in lines[:_HEAD_WITHIN] if ln.startswith("|")), lines[0])
