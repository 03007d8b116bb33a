"""A parsed document's rows, computed before the write transaction that stores them.

Every other writer (the web app, the CLI, the background worker) waits while one write
transaction holds the database lock, and CPU work done inside it stretches with the
machine's load: segmenting and JSON-encoding a large document's chunks and blocks
inside the commit held the lock for 6.5 s at load 8 (and other writers give up after
the 30 s busy timeout). So the commit only inserts rows made here beforehand.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

from pipeline.models import Chunk, ParsedDocument
from pipeline.store.schema import doc_token
from pipeline.text.segment import segment_for_index

ChunkRow = tuple[str, str, int, str, str, str, int, int, str, str, str]
FtsRow = tuple[str, str, str]  # segmented body, segmented section path, document token


def content_hash(chunk: Chunk) -> str:
    return hashlib.sha1(f"{chunk.section_path}\n{chunk.text}".encode()).hexdigest()


class PreparedChunks(list[Chunk]):
    """A document's chunks (a plain list of them to any index) with their SQLite rows."""

    def __init__(self, doc_id: str, chunks: Iterable[Chunk]) -> None:
        super().__init__(chunks)
        self.doc_id = doc_id
        self.rows: list[ChunkRow] = [_chunk_row(doc_id, ch) for ch in self]
        token = doc_token(doc_id)
        self.fts: list[FtsRow] = [
            (segment_for_index(ch.text), segment_for_index(ch.section_path), token) for ch in self
        ]


def _chunk_row(doc_id: str, ch: Chunk) -> ChunkRow:
    return (
        ch.chunk_id,
        doc_id,
        ch.n,
        ch.text,
        ch.kind,
        json.dumps(ch.section, ensure_ascii=False),
        ch.page_start,
        ch.page_end,
        json.dumps([r.model_dump() for r in ch.lines], ensure_ascii=False),
        ch.lang,
        content_hash(ch),
    )


class PageRows:
    """The pages and blocks rows of a parsed document."""

    def __init__(self, doc_id: str, parsed: ParsedDocument) -> None:
        self.doc_id = doc_id
        self.pages = [
            (
                doc_id,
                p.page,
                p.width,
                p.height,
                p.rotation,
                p.source,
                p.ocr_confidence,
                p.failed,
                p.needs_ocr,
            )
            for p in parsed.pages
        ]
        self.blocks = [
            (doc_id, b.n, b.page, b.kind, b.level, b.text, b.model_dump_json())
            for b in parsed.blocks()
        ]
