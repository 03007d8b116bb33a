"""Dense embedding of a document's chunks, in batches, resumable, skipping what need not be.

Throughput is what limits "fully indexed" on two cores (the bundled e5-small reads
~1,500 tokens/s there), so the model reads what carries meaning for dense
retrieval and nothing else:

* the nearest heading, then the chunk's words — numbers, currency signs and
  table rules are dropped (BM25 matches numbers exactly; to the dense model they
  are many tokens of little meaning), and
* at most ``embed_max_tokens`` of it (a chunk's opening states its topic).

Identical texts are embedded once — within a document and across the documents this
process embeds (filings of one company repeat whole sections year after year; with
figures dropped, their texts are identical) — and vectors of unchanged chunks survive
re-ingestion. Batches are not sorted by length: the engine packs a batch's texts
without padding, so their lengths cost nothing extra.
"""

from __future__ import annotations

import hashlib
import logging
import re
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable

import numpy as np

from pipeline.embed import Embedder
from pipeline.models import Chunk
from pipeline.progress import of_total
from pipeline.stage_context import StageContext
from pipeline.text.lang import estimate_tokens

log = logging.getLogger(__name__)

_NUMERIC = re.compile(r"(?<![\w.])[$€£¥￥(]?[-+−]?\d[\d,.]*%?\)?(?![\w])|[|$€£¥￥]|-{3,}")
_SPACES = re.compile(r"[ \t]+")


def _truncate(text: str, max_tokens: int) -> str:
    if estimate_tokens(text) <= max_tokens:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix within the budget
        mid = (lo + hi + 1) // 2
        if estimate_tokens(text[:mid]) <= max_tokens:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo]


def _words_text(chunk: Chunk, max_tokens: int) -> str:
    """The nearest heading, then the chunk's words without figures, capped (recipe v1)."""
    head = chunk.section[-1] if chunk.section else ""
    body = _NUMERIC.sub(" ", chunk.text)
    body = "\n".join(s for line in body.split("\n") if (s := _SPACES.sub(" ", line).strip()))
    if head and body.startswith(head):
        head = ""
    text = f"{head}\n{body}" if head else body
    return _truncate(text, max_tokens) or chunk.text[:200]


def _cells_text(chunk: Chunk, max_tokens: int) -> str:
    """A table chunk as its heading and each distinct cell's words once.

    Headers repeat per column ('Three Months Ended …' four times) and the row labels
    are what a question names; figures are BM25's.
    """
    if chunk.kind != "table":
        return _words_text(chunk, max_tokens)
    seen: set[str] = set()
    lines: list[str] = []
    for line in chunk.text.split("\n"):
        cells = []
        for cell in line.split("|"):
            words = _SPACES.sub(" ", _NUMERIC.sub(" ", cell)).strip(" ()%-—–:;,.")
            if len(words) > 1 and words.lower() not in seen:
                seen.add(words.lower())
                cells.append(words)
        if cells:
            lines.append(" ".join(cells))
    head = chunk.section[-1] if chunk.section else ""
    text = "\n".join([head, *lines] if head and head.lower() not in seen else lines)
    return _truncate(text, max_tokens) or chunk.text[:200]


def _capped(recipe: Callable[[Chunk, int], str], cap: int) -> Callable[[Chunk, int], str]:
    return lambda chunk, max_tokens: recipe(chunk, min(cap, max_tokens))


Recipe = Callable[[Chunk, int], str]
# Named recipes: what the dense model reads per chunk (every chunk gets a vector). The
# name is part of the vector space, so vectors of another recipe are never mixed in:
# they count as missing and are rebuilt (Folio.requeue_stale_vectors).
RECIPES: dict[str, Recipe] = {
    "v1": _words_text,
    "cells": _cells_text,
    "c64": _capped(_words_text, 64),
    "cells64": _capped(_cells_text, 64),
    "cells48": _capped(_cells_text, 48),
    "cells32": _capped(_cells_text, 32),
}
RECIPE = "v1"


def embedding_text(chunk: Chunk, max_tokens: int = 128, recipe: str | None = None) -> str:
    """What the dense model reads for a chunk (the product's recipe unless one is named)."""
    return RECIPES[recipe or RECIPE](chunk, max_tokens)


def vector_space(embedder_name: str, max_tokens: int, recipe: str | None = None) -> str:
    """Names the model *and* what it read, so changing either re-embeds instead of mixing."""
    return f"{embedder_name}|t{max_tokens}|{recipe or RECIPE}"


class VectorMemo:
    """The latest vectors an embedder produced, by (vector space, text); bounded (LRU).

    One per embedder object, so a vector is only ever reused for the model that made it.
    """

    def __init__(self, max_items: int = 20_000) -> None:
        self.max_items = max_items
        self._data: OrderedDict[bytes, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def key(space: str, text: str) -> bytes:
        return hashlib.blake2b(f"{space}\x00{text}".encode(), digest_size=16).digest()

    def get(self, key: bytes) -> np.ndarray | None:
        with self._lock:
            vec = self._data.get(key)
            if vec is not None:
                self._data.move_to_end(key)
            return vec

    def put(self, key: bytes, vec: np.ndarray) -> None:
        with self._lock:
            self._data[key] = vec
            self._data.move_to_end(key)
            while len(self._data) > self.max_items:
                self._data.popitem(last=False)


_MEMOS: weakref.WeakKeyDictionary[object, VectorMemo] = weakref.WeakKeyDictionary()
_MEMOS_LOCK = threading.Lock()


def memo_for(embedder: Embedder) -> VectorMemo:
    with _MEMOS_LOCK:
        memo = _MEMOS.get(embedder)
        if memo is None:
            memo = _MEMOS[embedder] = VectorMemo()
        return memo


def embed_texts(embedder: Embedder, space: str, texts: list[str]) -> list[np.ndarray]:
    """A vector per text, in order; each distinct text not seen before is embedded once."""
    memo = memo_for(embedder)
    keys = [memo.key(space, t) for t in texts]
    found: dict[bytes, np.ndarray] = {}
    fresh: dict[bytes, str] = {}
    for k, t in zip(keys, texts, strict=True):
        if k in found or k in fresh:
            continue
        vec = memo.get(k)
        if vec is None:
            fresh[k] = t
        else:
            found[k] = vec
    if fresh:
        vectors = embedder.embed_passages(list(fresh.values()))
        for k, v in zip(fresh, vectors, strict=True):
            found[k] = v
            memo.put(k, v)
    return [found[k] for k in keys]


def run(ctx: StageContext) -> None:
    embedder = ctx.embedder()
    if embedder is None:
        ctx.report(1.0, "semantic search is off on this server; keyword search works")
        return
    space = vector_space(embedder.name, ctx.settings.embed_max_tokens)
    todo = ctx.index.chunks_without_vectors(ctx.doc.doc_id, space)
    total = len(todo)
    if not total:
        ctx.report(1.0, "all chunks embedded")
        return
    batch = ctx.settings.embed_batch
    limit = ctx.settings.embed_max_tokens
    done = 0
    for start in range(0, total, batch):
        part = todo[start : start + batch]
        texts = [embedding_text(ch, limit) for ch in part]
        vectors = embed_texts(embedder, space, texts)
        ctx.index.set_vectors(
            ctx.doc.doc_id, space, {ch.chunk_id: v for ch, v in zip(part, vectors, strict=True)}
        )
        done += len(part)
        ctx.report(done / total, f"embedded {of_total(done, total, 'chunk')}")
