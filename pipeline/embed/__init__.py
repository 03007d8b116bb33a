"""Dense embeddings behind one small protocol; see :func:`make_embedder`."""

from pipeline.embed.base import Embedder, make_embedder

__all__ = ["Embedder", "make_embedder"]
