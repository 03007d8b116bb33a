"""Progress reporting through a callback protocol, so the pipeline never imports the UI."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Protocol

from pipeline.models import Component, ComponentState

log = logging.getLogger(__name__)


def counted(n: int, noun: str) -> str:
    """ "1 page", "3 pages": progress notes and reasons read as English, not "1 pages"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def of_total(done: int, total: int, noun: str) -> str:
    """ "1/1 page", "2/10 pages": the noun agrees with the total."""
    return f"{done}/{counted(total, noun)}"


class ProgressCallback(Protocol):
    def __call__(
        self,
        doc_id: str,
        component: Component,
        state: ComponentState,
        progress: float,
        message: str = "",
    ) -> None: ...


def log_progress(
    doc_id: str, component: Component, state: ComponentState, progress: float, message: str = ""
) -> None:
    """Default callback: a debug log line per update."""
    log.debug("%s %s %s %.0f%% %s", doc_id, component, state, progress * 100, message)


@dataclass
class Fanout:
    """Progress callbacks registered at run time (e.g. by a UI session)."""

    listeners: list[ProgressCallback]

    def __call__(
        self, doc_id: str, component: Component, state: Any, progress: float, message: str = ""
    ) -> None:
        for fn in list(self.listeners):
            try:
                fn(doc_id, component, state, progress, message)
            except Exception:  # a broken listener must not break ingestion
                log.exception("progress listener failed")
