"""What a background stage is: a function ``run(ctx: StageContext) -> None``.

A stage raises a FolioError (or anything else) to fail; the runner records the
reason in the component's status and leaves every other component alone. Kept apart
from ``pipeline/stages/`` (which lists the stages) so the packages whose components run
as stages (``pipeline/knowledge``) need not import the list that imports them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pipeline.embed import Embedder
from pipeline.models import Document
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
