"""A table the chunker split into pieces: a search that reaches one piece reaches the rest.

A statement page is one table cut into chunks of a few rows each; the search ranks the
piece that shares the most words with the query, and the row asked for ("Net revenues")
may sit in the piece above it, which no query word singles out. A figure then comes from
another table that reached the search (an MD&A summary printing the same row), and the
answer cites that page, not the statement's. So each of a search's first table passages
brings the neighbouring pieces of its table: chunks next to it, tables too, on the same
page under the same heading, at the hit's rank.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from agent.evidence import Passage
from pipeline.models import Chunk

MAX_STEPS = 3  # pieces read each side of a hit: a statement page is four or five pieces
MAX_TABLES = 3  # a search's first table hits completed; later ones rank too low to matter

GetChunks = Callable[[Iterable[str]], Mapping[str, Chunk]]
ToPassage = Callable[[Chunk, Passage], Passage]


def with_pieces(passages: list[Passage], get: GetChunks, to_passage: ToPassage) -> list[Passage]:
    """The passages, each of the first ``MAX_TABLES`` table passages followed by the
    other pieces of its table that the list does not hold."""
    hits = [p for p in passages if p.kind == "table" and _number(p.chunk_id) is not None]
    hits = hits[:MAX_TABLES]
    if not hits:
        return passages
    wanted = {_neighbour(p.chunk_id, step) for p in hits for step in _steps()}
    chunks = get(wanted - {p.chunk_id for p in passages})
    held = {p.chunk_id for p in passages}
    out: list[Passage] = []
    for p in passages:
        out.append(p)
        if p not in hits:
            continue
        for ch in _pieces(p, chunks):
            if ch.chunk_id not in held:
                held.add(ch.chunk_id)
                out.append(to_passage(ch, p))
    return out


def _pieces(hit: Passage, chunks: Mapping[str, Chunk]) -> list[Chunk]:
    """The table's pieces around the hit, in reading order: each side up to the first
    chunk that is no piece of it (prose, another page, another heading)."""
    found: list[Chunk] = []
    for sign in (-1, 1):
        side: list[Chunk] = []
        for step in range(1, MAX_STEPS + 1):
            ch = chunks.get(_neighbour(hit.chunk_id, sign * step))
            if ch is None or not _same_table(hit, ch):
                break
            side.append(ch)
        found += reversed(side) if sign < 0 else side
    return found


def _same_table(hit: Passage, ch: Chunk) -> bool:
    return (
        ch.kind == "table"
        and ch.doc_id == hit.doc_id
        and ch.page_start == hit.page
        and ch.section_path == hit.section
    )


def _steps() -> list[int]:
    return [s for s in range(-MAX_STEPS, MAX_STEPS + 1) if s]


def _number(chunk_id: str) -> int | None:
    n = chunk_id.rpartition("#")[2]
    return int(n) if n.isdigit() else None


def _neighbour(chunk_id: str, step: int) -> str:
    doc_id, _, n = chunk_id.rpartition("#")
    return f"{doc_id}#{int(n) + step}"
