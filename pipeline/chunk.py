"""Structure-aware chunking.

Rules: a chunk never spans two sections; a table is its own chunk, or is split by
rows with its header repeated; long paragraphs split at sentence ends; sizes are
counted in estimated embedding tokens so Chinese and English chunks carry a
similar amount of meaning; neighbouring chunks of a section overlap by a
sentence or two. Every chunk keeps the page and box of each of its lines.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from pipeline.chunking.pieces import Piece, join_pieces, overlap_tail, split_long, split_rows
from pipeline.chunking.sections import Section, group_sections
from pipeline.chunking.tables import TablePiece, table_pieces
from pipeline.models import Chunk, ParsedDocument
from pipeline.text.lang import script_language

ChunkKind = Literal["text", "table"]


def _limit(current: list[Piece], piece: Piece, max_tokens: int) -> int:
    """Rows of a borderless table may fill a double-size chunk, so a statement stays whole."""
    if piece.kind == "rows" and all(p.kind == "rows" or p.tokens < 40 for p in current):
        return 2 * max_tokens
    return max_tokens


# Formats whose headings are the author's structure (Markdown "##", Word heading styles).
# A PDF's "heading" above a table is read from the print and is often the statement's own
# title, which the table's title cell already says: moving it there doubled titles and put
# one table's title on the next table (reverted 9c929ad), so PDFs keep their headings apart.
STRUCTURED_KINDS = frozenset({"md", "docx", "txt"})


def _packs(
    sec: Section, max_tokens: int, overlap_tokens: int, *, lead_tables: bool = False
) -> Iterator[tuple[list[Piece], ChunkKind]]:
    """The pieces of each chunk of one section, in order: text packed up to the size
    (the next chunk opening with the last sentences of the one before), each table part
    alone. With ``lead_tables`` a heading right above a table (nothing in between) is the
    first line of the table's first chunk: alone it would be a chunk that answers nothing."""
    current: list[Piece] = []
    size = 0
    for raw in sec.pieces:
        if isinstance(raw, TablePiece):
            lead: list[Piece] = []
            if lead_tables and current and all(p.kind == "heading" for p in current):
                lead = current
            elif current:
                yield current, "text"
            current, size = [], 0
            for part in table_pieces(raw.block, int(max_tokens * 1.5)):
                yield [*lead, part], "table"
                lead = []
            continue
        parts = (
            split_rows(raw, 2 * max_tokens) if raw.kind == "rows" else split_long(raw, max_tokens)
        )
        for piece in parts:
            if current and size + piece.tokens > _limit(current, piece, max_tokens):
                yield current, "text"
                tail = overlap_tail(current[-1], overlap_tokens)
                current = [tail] if tail else []
                size = tail.tokens if tail else 0
            current.append(piece)
            size += piece.tokens
    if current:
        yield current, "text"


def chunk_document(
    doc_id: str, parsed: ParsedDocument, *, max_tokens: int = 220, overlap_tokens: int = 30
) -> list[Chunk]:
    chunks: list[Chunk] = []
    for sec in group_sections(parsed):
        lead_tables = parsed.kind in STRUCTURED_KINDS
        for pieces, kind in _packs(sec, max_tokens, overlap_tokens, lead_tables=lead_tables):
            text, refs = join_pieces(pieces)
            if not text.strip():
                continue
            pages = [r.page for r in refs] or [1]
            chunks.append(
                Chunk(
                    chunk_id=f"{doc_id}#{len(chunks)}",
                    doc_id=doc_id,
                    n=len(chunks),
                    text=text,
                    kind=kind,
                    section=sec.path,
                    page_start=min(pages),
                    page_end=max(pages),
                    lines=refs,
                    lang=script_language(text),
                )
            )
    return chunks
