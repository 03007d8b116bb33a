"""Query embeddings for search: computed on a helper thread while lexical search runs.

Both the engine (C) and SQLite release the GIL, so the two overlap. Recent queries'
vectors are kept (a follow-up often repeats a question).
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from pipeline.embed import Embedder
from pipeline.embed.omp import one_omp_thread
from pipeline.store.index import QueryVector
from pipeline.text.lang import estimate_tokens, split_sentences

CACHE_SIZE = 512


class QueryVectors:
    """One per process (a Folio and its workspace views share it)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[str, str], np.ndarray] = {}
        self._pool: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def vector(self, embedder: Embedder, query: str) -> QueryVector:
        """The vector of ``query`` now if known, else a callable that waits for it."""
        key = (embedder.name, query)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        future = self._executor().submit(embedder.embed_query, query_for_embedding(query))

        def result() -> np.ndarray:
            vec = future.result()
            if len(self._cache) > CACHE_SIZE:
                self._cache.clear()
            self._cache[key] = vec
            return vec

        return result

    def _executor(self) -> ThreadPoolExecutor:
        # Query embeddings use one core; lexical search runs on the other meanwhile.
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(
                    max_workers=2, thread_name_prefix="folio-query", initializer=one_omp_thread
                )
            return self._pool

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=False)
                self._pool = None


def query_for_embedding(query: str, max_tokens: int = 32) -> str:
    """The part of a long question the dense model reads: its first sentence.

    Embedding cost grows with length (~0.5 ms a token here) and trailing
    instructions ("…then state that and explain why") carry no topic; the
    lexical search still reads the whole question.
    """
    if estimate_tokens(query) <= max_tokens:
        return query
    spans = split_sentences(query)
    first = query[spans[0][0] : spans[0][1]] if spans else query
    if estimate_tokens(first) >= 8:
        query = first
    words = query.split()
    while len(words) > 8 and estimate_tokens(" ".join(words)) > max_tokens:
        words.pop()
    return " ".join(words)
