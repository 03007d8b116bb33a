"""A table row that only introduces the rows under it: a vote's outcome printed as a row
of its own ("(6) The member proposal regarding … was defeated: |  |") with the tally in
the rows after it ("For | 185,034", "Against | 814,416"). Chosen alone, it says the
outcome without the figures that make it; the direct answer goes on with the rows it
introduces, up to the next such row, cited to the same passage."""

from __future__ import annotations

from agent.evidence import Unit, units
from agent.models.judge import Candidate

MAX_ROWS = 6  # a lead-in row's own rows: a tally, a short breakdown


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


def _lead_in(row: str) -> bool:
    """A row whose first cell ends with a colon and whose other cells are empty."""
    cells = _cells(row)
    return cells[0].endswith((":", "：")) and not any(cells[1:])


def _valued(row: str) -> bool:
    cells = _cells(row)
    return len(cells) >= 2 and bool(cells[0]) and any(cells[1:])


def introduced(c: Candidate) -> list[Unit]:
    """The rows after ``c`` that it introduces, when ``c`` is a lead-in row; else none."""
    if c.unit.kind != "row" or not _lead_in(c.unit.text):
        return []
    out: list[Unit] = []
    for u in units(c.passage.text):
        if u.start < c.unit.end:
            continue
        if u.kind != "row" or _lead_in(u.text) or not _valued(u.text):
            break  # the next lead-in row starts another matter
        out.append(u)
        if len(out) >= MAX_ROWS:
            break
    return out


def with_rows(body: str, c: Candidate, rows: list[Unit]) -> str:
    """The answer whose first line, ``c``'s row, goes on with the rows it introduces
    ("… was defeated: For 185,034; Against 814,416.")."""
    lines = body.split("\n")
    marker = f"[{c.passage.chunk_id}]"
    if marker not in lines[0] or not rows:
        return body
    said = "; ".join(" ".join(x for x in _cells(u.text) if x) for u in rows)
    lines[0] = f"{lines[0].rstrip()} — {said}. {marker}"
    return "\n".join(lines)
