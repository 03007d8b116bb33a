"""Settings that name a registered backend are checked when the services start.

``settings.py`` imports nothing of Folio, so it cannot know which OCR engines and index
backends are registered; the facade checks them here, before it opens anything, and a
bad name fails with the valid ones listed.
"""

from __future__ import annotations

from pipeline.errors import ConfigError
from pipeline.ocr.engines import ENGINES
from pipeline.store.indexes import INDEXES
from settings import Settings


def check_backends(settings: Settings) -> None:
    """Raise ConfigError when ``FOLIO_OCR_ENGINE`` or ``FOLIO_INDEX_BACKEND`` is unknown."""
    _registered(
        settings.ocr_engine, "FOLIO_OCR_ENGINE", "an OCR engine", [*ENGINES.names(), "none"]
    )
    _registered(settings.index_backend, "FOLIO_INDEX_BACKEND", "an index backend", INDEXES.names())


def _registered(name: str, variable: str, kind: str, names: list[str]) -> None:
    if name not in names:
        raise ConfigError(f"{variable}={name!r} is not {kind}: use one of {', '.join(names)}.")
