"""Same-name uploads: a file named like a document of the workspace but holding other
content waits for the visitor to choose "Replace" or "Keep both" instead of silently
replacing the stored document. Several such files are asked about one at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

from pipeline.ids import file_hash

Choice = Literal["replace", "keep_both"]
Pending = list[tuple[str, str]]  # (uploaded path, original name), JSON-friendly for gr.State


class NameLookup(Protocol):
    """The part of the Folio facade that tells names apart (a workspace-scoped Folio)."""

    def conflict(self, name: str, content_hash: str) -> object | None: ...

    def free_name(self, name: str) -> str: ...


@dataclass
class Split:
    ready: list[tuple[Path, str]]  # ingest at once (new names, or the same content again)
    pending: Pending  # wait for a choice


def split_uploads(folio: NameLookup, files: list[tuple[Path, str]]) -> Split:
    """Files whose name the workspace holds with different content go to ``pending``."""
    ready: list[tuple[Path, str]] = []
    pending: Pending = []
    for path, name in files:
        try:
            digest = file_hash(path.read_bytes())
        except OSError:
            ready.append((path, name))  # the ingest reports the unreadable file itself
            continue
        if folio.conflict(name, digest) is not None:
            pending.append((str(path), name))
        else:
            ready.append((path, name))
    return Split(ready, pending)


def resolve(
    folio: NameLookup, pending: Pending, choice: Choice
) -> tuple[tuple[Path, str], Pending]:
    """The first pending file under the name the choice gives it, and the rest of the list."""
    (path, name), rest = pending[0], list(pending[1:])
    target = name if choice == "replace" else folio.free_name(name)
    return (Path(path), target), rest
