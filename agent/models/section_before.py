"""What the chunks just before a passage in its section say of the question.

An article, or a report's section, goes on over a few chunks: its opening names the
subject (the tournament, the company), a later chunk states the record asked of it
without naming it again. Whether the turn answers at all weighs the rarest question word
a passage leaves out (``features.missed``); the passage is read with its section's
chunks just before it, when the turn found them.
"""

from __future__ import annotations

from collections.abc import Sequence

from agent.evidence import Evidence
from agent.models.features import Ask, passage_hits

_BEFORE = 3  # chunks: an article or a section goes on over a few chunks from its opening


def section_before(
    ask: Ask, evidence: Sequence[Evidence], leads: dict[str, str]
) -> dict[str, set[str]]:
    """Chunk id → the question words the chunks just before it in the same section use,
    when the turn found them: a section's later chunk speaks of the subject its opening
    names (an article named in its first lines, its record said three chunks on). Read
    for what a passage leaves out (``missed``) only: whether the turn answers at all."""
    said: dict[tuple[str, str], dict[int, set[str]]] = {}
    for ev in evidence:
        for p in ev.passages:
            doc_id, _, number = p.chunk_id.rpartition("#")
            if number.isdigit():
                hit = passage_hits(ask, p, leads.get(p.chunk_id, ""))
                said.setdefault((doc_id, p.section), {})[int(number)] = hit
    out: dict[str, set[str]] = {}
    for (doc_id, _), chunks in said.items():
        for n in chunks:
            earlier = [chunks[k] for k in range(n - _BEFORE, n) if k in chunks]
            if earlier:
                out[f"{doc_id}#{n}"] = set().union(*earlier)
    return out
