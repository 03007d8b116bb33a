"""Which files a list of paths names (folders are walked)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from pipeline.parse import SUFFIXES


def expand_paths(paths: Iterable[Path]) -> list[Path]:
    """Files as given, folders walked for supported files (sorted, hidden ones skipped).

    A symbolic link in a folder (to a file or a folder) is listed too, not silently left
    out: ingesting it refuses it with a message that says why (a link may point anywhere,
    /etc/passwd), so the person learns that it was skipped.
    """
    out: list[Path] = []
    for p in paths:
        if p.is_dir() and not p.is_symlink():
            out += sorted(f for f in _walk(p) if not f.name.startswith("."))
        else:
            out.append(p)
    return out


def _walk(folder: Path) -> Iterable[Path]:
    """Supported files and every link under ``folder``; links are never followed."""
    for f in folder.iterdir():
        if f.is_symlink():
            if f.is_dir() or f.suffix.lower() in SUFFIXES:
                yield f
        elif f.is_dir():
            if not f.name.startswith("."):
                yield from _walk(f)
        elif f.is_file() and f.suffix.lower() in SUFFIXES:
            yield f
