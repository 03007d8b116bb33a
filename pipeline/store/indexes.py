"""The search index backends by name (``FOLIO_INDEX_BACKEND``).

``sqlite`` (default: BM25 and vectors in the main database) and ``weaviate`` (an external
Weaviate; its client is imported only when chosen). To add a backend: a module with a
class that implements ``SearchIndex`` and a factory registered below — the whole change
(``pipeline/config_check.py`` checks ``FOLIO_INDEX_BACKEND`` against this registry).
"""

from __future__ import annotations

from collections.abc import Callable

from pipeline.errors import StoreError
from pipeline.registry import Registry
from pipeline.store.db import Database
from pipeline.store.index import SearchIndex
from pipeline.store.sqlite_index import SqliteIndex
from settings import Settings

IndexFactory = Callable[[Settings, Database], SearchIndex]

INDEXES: Registry[IndexFactory] = Registry("index backend")


def _sqlite(settings: Settings, db: Database) -> SearchIndex:
    return SqliteIndex(db)


def _weaviate(settings: Settings, db: Database) -> SearchIndex:
    from pipeline.store.weaviate_index import WeaviateIndex

    return WeaviateIndex(settings, db)


INDEXES.register("sqlite", _sqlite)
INDEXES.register("weaviate", _weaviate)


def make_index(settings: Settings, db: Database) -> SearchIndex:
    """The index backend the settings name."""
    factory = INDEXES.get(settings.index_backend)
    if factory is None:
        raise StoreError(
            f"FOLIO_INDEX_BACKEND={settings.index_backend!r} is not an index backend: "
            f"use one of {', '.join(INDEXES.names())}."
        )
    return factory(settings, db)
