"""Fakes registered through the same seams the real parts use: ``Folio(settings,
embedder=...)`` takes any Embedder."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np

from pipeline.text.segment import words


class FakeEmbedder:
    """Deterministic bag-of-words vectors: texts sharing words are close."""

    name = "fake/bow"
    dim = 256

    def __init__(self) -> None:
        self.calls = 0
        self.passages = 0

    def _vec(self, text: str) -> np.ndarray:
        v = np.zeros(self.dim, dtype=np.float32)
        for w in words(text):
            h = int(hashlib.md5(w.encode()).hexdigest()[:8], 16)
            v[h % self.dim] += 1.0
        n = float(np.linalg.norm(v))
        return v / n if n else v

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        self.passages += len(texts)
        return np.stack([self._vec(t) for t in texts]) if texts else np.zeros((0, self.dim))

    def embed_query(self, text: str) -> np.ndarray:
        return self._vec(text)
