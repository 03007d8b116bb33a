"""Which files a list of paths names (folders are walked)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from pipeline.parse import SUFFIXES


def expand_paths(paths: Iterable[Path]) -> list[Path]:
    """Files as given, folders walked for supported files (sorted, hidden ones skipped)."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out += sorted(
                f
                for f in p.rglob("*")
                if f.is_file()
                and not f.is_symlink()  # a link may point anywhere (/etc/passwd)
                and f.suffix.lower() in SUFFIXES
                and not f.name.startswith(".")
            )
        else:
            out.append(p)
    return out
