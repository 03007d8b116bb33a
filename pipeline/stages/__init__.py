"""Background pipeline stages: one module each, all with the signature ``run(ctx) -> None``.

A stage raises a FolioError (or anything else) to fail; the runner records the
reason in the component's status and leaves every other component alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pipeline.embed import Embedder
from pipeline.models import Component, Document
from pipeline.store.documents import DocumentStore
from pipeline.store.index import SearchIndex
from settings import Settings


@dataclass
class StageContext:
    doc: Document
    settings: Settings
    store: DocumentStore
    index: SearchIndex
    embedder: Callable[[], Embedder | None]
    report: Callable[[float, str], None]
    """Progress of this stage: fraction done (0..1) and a short message."""


StageFn = Callable[[StageContext], None]


def background_components() -> tuple[Component, ...]:
    """Components that run after a document became searchable, in order."""
    from pipeline.stages.registry import BACKGROUND

    return tuple(BACKGROUND)


def stage_for(component: Component) -> StageFn:
    from pipeline.stages.registry import BACKGROUND

    try:
        return BACKGROUND[component]
    except KeyError as exc:
        raise ValueError(f"'{component}' is not a background component") from exc
