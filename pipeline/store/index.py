"""The SearchIndex protocol: what the rest of Folio needs from a search backend.

The embedded SQLite implementation (FTS5 BM25 + vectors in the same file) is the
default; a Weaviate implementation can stand in for deployments that outgrow one
machine. Every search is scoped to document ids inside the backend's query.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from pipeline.models import Chunk, SearchHit

QueryVector = np.ndarray | Callable[[], np.ndarray]
"""A query embedding, or a function that returns it (e.g. a future's ``result``), so the
index can run its lexical queries while the embedding is still being computed."""


def resolve_vector(qv: QueryVector | None) -> np.ndarray | None:
    if qv is None or isinstance(qv, np.ndarray):
        return qv
    return qv()


@dataclass(frozen=True, slots=True)
class SearchWeights:
    lexical: float = 1.0
    dense: float = 1.0
    section: float = 2.0
    rrf_k: int = 20
    expansion: float = 3.0
    page_decay: float = 0.5


class SearchIndex(Protocol):
    def replace_document(
        self, doc_id: str, chunks: Sequence[Chunk], *, conn: sqlite3.Connection | None = None
    ) -> None:
        """Make ``chunks`` the whole indexed content of the document (atomically)."""
        ...

    def delete_document(self, doc_id: str, *, conn: sqlite3.Connection | None = None) -> None: ...

    def chunks_without_vectors(self, doc_id: str, model: str) -> list[Chunk]: ...

    def documents_missing_vectors(self, model: str) -> list[str]:
        """Documents with a chunk that has no vector of ``model`` (e.g. made by an older
        embedding recipe)."""
        ...

    def set_vectors(self, doc_id: str, model: str, vectors: Mapping[str, np.ndarray]) -> None: ...

    def search(
        self,
        query: str,
        doc_ids: Sequence[str],
        *,
        k: int = 8,
        query_vector: QueryVector | None = None,
        model: str | None = None,
        weights: SearchWeights | None = None,
        workspace: str | None = None,
    ) -> list[SearchHit]:
        """Hits among ``doc_ids``; with ``workspace``, only ids that workspace may read count
        (checked inside the backend's query, before anything is ranked)."""
        ...
