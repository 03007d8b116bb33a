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

import numpy as np

from pipeline.embed import Embedder
from pipeline.models import Chunk
from pipeline.stages import StageContext
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


def embedding_text(chunk: Chunk, max_tokens: int = 128) -> str:
    """What the dense model reads for a chunk."""
    head = chunk.section[-1] if chunk.section else ""
    body = _NUMERIC.sub(" ", chunk.text)
    body = "\n".join(s for line in body.split("\n") if (s := _SPACES.sub(" ", line).strip()))
    if head and body.startswith(head):
        head = ""
    text = f"{head}\n{body}" if head else body
    return _truncate(text, max_tokens) or chunk.text[:200]


EMBED_TEXT_VERSION = 1


def vector_space(embedder_name: str, max_tokens: int) -> str:
    """Names the model *and* what it read, so changing either re-embeds instead of mixing."""
    return f"{embedder_name}|t{max_tokens}|v{EMBED_TEXT_VERSION}"


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
        ctx.report(1.0, "dense search is off (FOLIO_EMBEDDING_MODEL=none)")
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
        ctx.report(done / total, f"embedded {done}/{total} chunks")
