"""Same-name uploads: a file named like a document of the workspace but holding other
content waits for the visitor to choose "Replace" or "Keep both" instead of silently
replacing the stored document. Several such files are asked about one at a time.

The files waiting live here, on the server, one list per page (:class:`PendingUploads`),
not in a ``gr.State`` each event writes back whole: there a second upload landing while the
first waited for its answer replaced the list and the first file vanished unasked, and an
answer given while an upload was being handled wrote back the list it had read before.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
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


class PendingUploads:
    """The same-name files each page still has to answer for, oldest first.

    Every change is one step under a lock (append, or take a named file out), so two
    events of one page running at once never write back a list the other has changed.
    """

    def __init__(self, max_pages: int = 10_000) -> None:
        self._lists: OrderedDict[str, Pending] = OrderedDict()
        self._lock = threading.Lock()
        self._max_pages = max_pages  # pages closed with a question open are forgotten

    def add(self, page: str, files: Pending) -> Pending:
        """Append ``files`` to the page's list; the whole list now."""
        with self._lock:
            waiting = self._lists.setdefault(page, [])
            for path, name in files:  # the same file dropped twice is asked about once
                if (str(path), name) not in waiting:
                    waiting.append((str(path), name))
            self._lists.move_to_end(page)
            while len(self._lists) > self._max_pages:
                self._lists.popitem(last=False)
            return self._trim(page)

    def take(self, page: str, asked: Sequence[str]) -> bool:
        """Remove the file the page asked about; False when it was answered already (a
        second click, or the other button of the same question)."""
        key = (str(asked[0]), str(asked[1]))
        with self._lock:
            waiting = self._lists.get(page, [])
            if key not in waiting:
                return False
            waiting.remove(key)
            self._trim(page)
            return True

    def waiting(self, page: str) -> Pending:
        with self._lock:
            return list(self._lists.get(page, []))

    def _trim(self, page: str) -> Pending:
        waiting = self._lists.get(page, [])
        if not waiting:
            self._lists.pop(page, None)
        return list(waiting)
