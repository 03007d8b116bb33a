"""The column heads a source card's quoted table row is read under.

A cited table row is quoted as its cells ("营业收入（元） | 4,755,785.11 | 5,699,227.63");
without the heads of its columns ("本报告期 | 上年同期") a reader cannot tell which figure
is which period. The heads are the table's own: the header row nearest above the quoted
row in its chunk (the row before a Markdown rule, or a row whose label cell is empty, as a
second header mid-table: "|  | 本报告期末 | 上年度末 |"), else the last header of the chunks
before it on the same page (a table split across chunks). The quote is returned with the
heads in the ``⟨columns: …⟩`` note ``ui/rows.py`` draws above each cell.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from agent.columns import FetchChunks, issued_header
from agent.figures.guidance import range_cell
from agent.head_repair import repaired
from agent.models.table_header import heads_for_row
from agent.schemas import Citation
from pipeline.models import Chunk

_RULE = re.compile(r"^\s*\|?\s*:?-{3,}")
_FIGURE = re.compile(r"^[-−(]?[$¥￥]?\s?\d[\d,.]*%?\)?$")
LOOK_BACK = 4  # chunks before the cited one that may hold its table's header


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _is_head(lines: Sequence[str], i: int) -> bool:
    """Is line ``i`` a header row: the row over a Markdown rule, or a row with an empty
    label cell and no figure (a second header mid-table)?"""
    cells = _cells(lines[i])
    if len(cells) < 2 or "|" not in lines[i] or _RULE.match(lines[i]):
        return False
    if i + 1 < len(lines) and _RULE.match(lines[i + 1]):
        return True
    return not cells[0] and not any(_FIGURE.match(c) for c in cells[1:] if c)


def _head_above(lines: Sequence[str], end: int, width: int) -> str | None:
    """The nearest header row above line ``end`` whose cells fit a row of ``width`` cells.
    A row of figures over a rule is no header (a table's continuation chunk, whose first
    row the parser took for one: its cells are another row's figures, never heads); a
    guidance table's header run into its first rows ("| … | July 2023 6.0% – 7.0% / … |")
    is its issue months alone."""
    for i in range(end - 1, -1, -1):
        issued = issued_header(lines[i])
        if _is_head(lines, i) and (issued or not _figures_only(lines[i])):
            cells = _cells(issued or lines[i])
            return " | ".join(cells) if len(cells) in (width, width - 1) else None
    return None


def _figures_only(line: str) -> bool:
    """Are the row's cells past its label all figures or ranges of figures?"""
    values = [c for c in _cells(line)[1:] if c]
    return bool(values) and all(_FIGURE.match(c) or range_cell(c) for c in values)


def _same_row(line: str, cells: Sequence[str]) -> bool:
    got = [c for c in _cells(line) if c]
    return "|" in line and got[: len(cells)] == list(cells)


def row_heads(quote: str, chunk: Chunk, before: Iterable[Chunk] = ()) -> str | None:
    """The header (cells joined by ``|``) the row quoted in ``quote`` is read under, or
    None when the quote is not one row of a table in ``chunk``."""
    if "\n" in quote.strip() or "|" not in quote or "⟨" in quote:
        return None
    cells = [c for c in _cells(quote) if c]
    lines = chunk.text.split("\n")
    at = next((i for i, ln in enumerate(lines) if _same_row(ln, cells)), None)
    if at is None:
        return None
    width = len(_cells(lines[at]))
    head = _head_above(lines, at, width)
    if head is None:
        earlier = [ln for ch in before for ln in ch.text.split("\n")]
        head = _head_above(earlier, len(earlier), width)
    if head is None:
        return None
    head = repaired(head)  # a stacked word kept with its own column, while all are there
    # the quote drops the row's empty cells: its heads go with them
    return heads_for_row(lines[at], head) or head


def headed_quote(quote: str, head: str | None) -> str:
    """``quote`` with its heads in the note ``ui/rows.py`` reads; as it is without heads."""
    return f"{quote} ⟨columns: {head}⟩" if head else quote


def citation_heads(citations: Sequence[Citation], fetch: FetchChunks) -> dict[int, str]:
    """Citation marker → the heads of the table row it quotes (only rows that have some)."""
    rows = [c for c in citations if "|" in c.quote and "⟨" not in c.quote]
    if not rows:
        return {}
    wanted: set[str] = set()
    for c in rows:
        doc_id, _, n = c.chunk_id.rpartition("#")
        if n.isdigit():
            wanted |= {f"{doc_id}#{int(n) - k}" for k in range(LOOK_BACK + 1) if int(n) >= k}
    chunks = fetch(wanted)
    out: dict[int, str] = {}
    for c in rows:
        doc_id, _, n = c.chunk_id.rpartition("#")
        chunk = chunks.get(c.chunk_id)
        if chunk is None or not n.isdigit():
            continue
        before = [
            chunks[cid]
            for k in range(LOOK_BACK, 0, -1)
            if (cid := f"{doc_id}#{int(n) - k}") in chunks and chunks[cid].page_end == c.page
        ]
        head = row_heads(c.quote, chunk, before)
        if head:
            out[c.marker] = head
    return out
