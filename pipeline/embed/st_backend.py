"""sentence-transformers backend for any model id or local path (optional extra)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from sentence_transformers import SentenceTransformer

from pipeline.errors import EmbeddingError


class SentenceTransformerEmbedder:
    def __init__(self, model: str) -> None:
        try:
            self._model = SentenceTransformer(model, device="cpu")
        except Exception as exc:
            raise EmbeddingError(
                f"Could not load the embedding model {model!r}: {exc}. Give a local path or a "
                "model id that is already in the local Hugging Face cache."
            ) from exc
        self.name = f"st/{model}"
        self.dim = int(self._model.get_sentence_embedding_dimension() or 0)
        self._e5 = "e5" in model.lower()

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        prefixed = [f"passage: {t}" for t in texts] if self._e5 else list(texts)
        vecs = self._model.encode(prefixed, normalize_embeddings=True, batch_size=16)
        return np.asarray(vecs, dtype=np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        q = f"query: {text}" if self._e5 else text
        return np.asarray(self._model.encode([q], normalize_embeddings=True)[0], dtype=np.float32)
