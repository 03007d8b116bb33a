"""Dense embedding of a document's chunks, in batches, resumable, skipping what need not be.

Throughput is what limits "fully indexed" on two cores, so the text sent to the
model is the part that carries meaning for dense retrieval: the section path and
the prose; table cells that are only numbers are left to BM25, which matches
numbers exactly. Identical texts are embedded once.
"""

from __future__ import annotations

import logging
import re

import numpy as np

from pipeline.models import Chunk
from pipeline.stages import StageContext

log = logging.getLogger(__name__)

_NUMERIC_CELL = re.compile(r"^[\s$€£¥￥%()\-–—.,0-9]*$")
MAX_EMBED_CHARS = 1200


def embedding_text(chunk: Chunk) -> str:
    """What the dense model reads for a chunk."""
    head = chunk.section[-2:] if chunk.section else []
    prefix = " > ".join(head)
    if chunk.kind == "table":
        rows = []
        for line in chunk.text.split("\n"):
            if line.startswith("|---"):
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            words = [c for c in cells if c and not _NUMERIC_CELL.match(c)]
            if words:
                rows.append(" ".join(words))
        body = "; ".join(rows)
    else:
        body = chunk.text
    text = f"{prefix}\n{body}" if prefix else body
    return text[:MAX_EMBED_CHARS]


def run(ctx: StageContext) -> None:
    embedder = ctx.embedder()
    if embedder is None:
        ctx.report(1.0, "dense search is off (FOLIO_EMBEDDING_MODEL=none)")
        return
    todo = ctx.index.chunks_without_vectors(ctx.doc.doc_id, embedder.name)
    total = len(todo)
    if not total:
        ctx.report(1.0, "all chunks embedded")
        return
    batch = ctx.settings.embed_batch
    done = 0
    cache: dict[str, np.ndarray] = {}
    for start in range(0, total, batch):
        part = todo[start : start + batch]
        texts = [embedding_text(ch) for ch in part]
        fresh = list(dict.fromkeys(t for t in texts if t not in cache))
        if fresh:
            for t, v in zip(fresh, embedder.embed_passages(fresh), strict=True):
                cache[t] = v
        ctx.index.set_vectors(
            ctx.doc.doc_id,
            embedder.name,
            {ch.chunk_id: cache[t] for ch, t in zip(part, texts, strict=True)},
        )
        done += len(part)
        ctx.report(done / total, f"embedded {done}/{total} chunks")
