"""Dense embedding of a document's chunks, in batches, resumable, skipping what need not be.

Throughput is what limits "fully indexed" on two cores (the bundled e5-small reads
~1,500 tokens/s there), so the model reads what carries meaning for dense
retrieval and nothing else:

* the nearest heading, then the chunk's words — numbers, currency signs and
  table rules are dropped (BM25 matches numbers exactly; to the dense model they
  are many tokens of little meaning), and
* at most ``embed_max_tokens`` of it (a chunk's opening states its topic).

Identical texts are embedded once; vectors of unchanged chunks survive re-ingestion.
"""

from __future__ import annotations

import logging
import re

import numpy as np

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
    cache: dict[str, np.ndarray] = {}
    for start in range(0, total, batch):
        part = todo[start : start + batch]
        texts = [embedding_text(ch, limit) for ch in part]
        fresh = list(dict.fromkeys(t for t in texts if t not in cache))
        if fresh:
            for t, v in zip(fresh, embedder.embed_passages(fresh), strict=True):
                cache[t] = v
        vectors = {ch.chunk_id: cache[t] for ch, t in zip(part, texts, strict=True)}
        ctx.index.set_vectors(ctx.doc.doc_id, space, vectors)
        done += len(part)
        ctx.report(done / total, f"embedded {done}/{total} chunks")
