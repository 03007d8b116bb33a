"""A search hit on one piece of a split table brings the table's other pieces
(``agent/table_pieces.py``), on an invented statement page cut into chunks."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from agent.evidence import Passage
from agent.table_pieces import MAX_TABLES, with_pieces
from pipeline.models import Chunk

DOC = "acme-2031"
STATEMENT = ["Item 8", "STATEMENTS OF OPERATIONS"]


def _chunk(
    n: int,
    text: str,
    *,
    kind: Literal["text", "table"] = "table",
    page: int = 40,
    section: list[str] = STATEMENT,
) -> Chunk:
    return Chunk(
        chunk_id=f"{DOC}#{n}",
        doc_id=DOC,
        n=n,
        text=text,
        kind=kind,
        section=list(section),
        page_start=page,
        page_end=page,
    )


STORE = {
    c.chunk_id: c
    for c in [
        _chunk(9, "Results of operations were discussed above.", kind="text"),
        _chunk(10, "| Widget sales | 4,210 | 3,980 |"),
        _chunk(11, "| Licence fees | 312 | 298 |"),
        _chunk(12, "| Operating income | 905 | 870 |"),
        _chunk(13, "| Net income | 611 | 590 |"),
        _chunk(14, "| Segment assets | 7,001 | 6,500 |", page=41),
        _chunk(30, "| Backlog | 55 | 44 |", section=["Item 7", "Backlog"]),
    ]
}


def _get(ids: Iterable[str]) -> dict[str, Chunk]:
    return {i: STORE[i] for i in ids if i in STORE}


def _passage(ch: Chunk, rank: int) -> Passage:
    return Passage(
        chunk_id=ch.chunk_id,
        doc_id=ch.doc_id,
        page=ch.page_start,
        page_end=ch.page_end,
        section=ch.section_path,
        text=ch.text,
        kind=ch.kind,
        rank=rank,
    )


def _piece(ch: Chunk, hit: Passage) -> Passage:
    return _passage(ch, hit.rank)


def test_a_hit_brings_its_tables_other_pieces_in_reading_order() -> None:
    hit = _passage(STORE[f"{DOC}#13"], 1)
    out = with_pieces([hit], _get, _piece)
    ids = [p.chunk_id for p in out]
    # the hit first, then the pieces above it in reading order: the revenue row is reached
    assert ids == [f"{DOC}#{n}" for n in (13, 10, 11, 12)]
    assert all(p.rank == 1 for p in out)


def test_prose_another_page_and_another_heading_are_no_pieces() -> None:
    hit = _passage(STORE[f"{DOC}#10"], 2)
    ids = [p.chunk_id for p in with_pieces([hit], _get, _piece)]
    assert f"{DOC}#9" not in ids  # prose above the table
    assert f"{DOC}#14" not in ids  # the next page's table
    assert ids[:4] == [f"{DOC}#{n}" for n in (10, 11, 12, 13)]


def test_a_piece_already_found_is_not_repeated_and_prose_hits_bring_nothing() -> None:
    prose = _passage(STORE[f"{DOC}#9"], 1)
    first, second = _passage(STORE[f"{DOC}#11"], 2), _passage(STORE[f"{DOC}#12"], 3)
    ids = [p.chunk_id for p in with_pieces([prose, first, second], _get, _piece)]
    assert len(ids) == len(set(ids))
    assert ids[0] == f"{DOC}#9" and set(ids) == {f"{DOC}#{n}" for n in range(9, 14)}


def test_only_the_first_table_hits_are_completed() -> None:
    other = _passage(STORE[f"{DOC}#30"], 1)
    fillers = [other] * MAX_TABLES
    late = _passage(STORE[f"{DOC}#13"], 9)
    ids = [p.chunk_id for p in with_pieces([*fillers, late], _get, _piece)]
    assert f"{DOC}#10" not in ids
