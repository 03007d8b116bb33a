"""The column header a passage's table rows are read under.

A statement split into chunks keeps its periods ("December 31, / 2016  2017") in the first
chunk only; the rows of the next chunks ("Total current liabilities  43,816  57,883", or
Markdown rows "| Total equity | 3,306 | 3,612 |" under an empty or a data row's header)
mean nothing without them. A passage of rows with no period line of its own gets the last
period line (and the title line naming the unit) of the chunks before it on its page; a
balance sheet's equity rows may sit a few chunks after its header (a note line, a heading
chunk between).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Protocol

from agent.evidence import Passage
from agent.figures.guidance import range_cell
from pipeline.models import Chunk
from pipeline.text.periods import TABLE_YEAR_RE, YEAR
from pipeline.text.script import HAN

_ROW = re.compile(r"\S {2,}\(?-?\$?\s?\d")
# a Markdown row: a label with a letter, then a cell that is a figure
_MD_ROW = re.compile(r"^\s*\|[^|]*[^\W\d_][^|]*\|(?:[^|]*\|)*?\s*\(?-?\$?\s?\d[\d,.]*\)?\s*\|")
_UNIT = re.compile(r"in (millions|thousands|billions)|单位[:：]", re.I)
LOOK_BACK = 4
_DASHES = frozenset({"—", "–", "-"})  # a cell printing no figure
_MAX_YEAR_CELL = 60
_MAX_LINE = 240  # a Markdown header repeats its title: "| Balance Sheets (…) (…) | As of … |"


class FetchChunks(Protocol):
    """The store's ``get_chunks``."""

    def __call__(self, chunk_ids: Iterable[str]) -> Mapping[str, Chunk]: ...


def period_line(line: str) -> bool:
    """A line naming columns by year: "2015  2016  2017", "| | 2022 | 2021 |" — not a row
    whose label ends in a date and whose cells are dashes ("… at December 31, 2020  —  —"),
    nor a long label's line naming dates."""
    years = TABLE_YEAR_RE.findall(line)
    rest = TABLE_YEAR_RE.sub("", line)
    cells = [c.strip() for c in re.split(r" {2,}|\|", line.strip()) if c.strip()]
    if any(c in _DASHES for c in cells[1:]):
        return False
    # a header's years stand in short cells; a wrapped label ("no shares issued or
    # outstanding at December 31, 2021 and") names them inside a long one
    if any(len(c) > _MAX_YEAR_CELL for c in cells if TABLE_YEAR_RE.search(c)):
        return False
    return bool(years) and len(line) < _MAX_LINE and not re.search(r"\d[\d,]{3,}", rest)


def needs_columns(text: str) -> bool:
    lines = text.split("\n")
    rows = sum(1 for ln in lines if _ROW.search(ln) or _MD_ROW.search(ln))
    # a guidance table's rows print ranges ("| Adjusted EPS | $10.70 – $10.80 / $10.75 |"),
    # no figure alone in a cell: their columns are the months the forecasts were given
    rows += sum(1 for ln in lines if ln.lstrip().startswith("|") and _ranged(ln))
    return rows >= 2 and not any(period_line(ln) for ln in lines[:8])


def _ranged(line: str) -> bool:
    return any(range_cell(c) for c in line.strip().strip("|").split("|")[1:])


# a header cell opening with a month and a year, no day: the date a forecast was given
_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_ISSUED_CELL = re.compile(rf"^\s*((?:{_MONTHS})\s+{YEAR})\b(?!\s*,)", re.I)


def issued_header(line: str) -> str:
    """A guidance table's header: a Markdown line whose cells (the label's aside) each
    open with the month its forecast was given ("| … | July 2023 6.0% – … | April 2023 …
    |", a parser having run the header into the first rows), as "| | July 2023 | April
    2023 |"; "" for any other line."""
    cells = line.strip().strip("|").split("|")[1:] if "|" in line else []
    dates = [m.group(1) for c in cells if (m := _ISSUED_CELL.match(c))]
    return "| | " + " | ".join(dates) + " |" if dates and len(dates) == len(cells) else ""


def header_of(chunks: Iterable[Chunk]) -> str:
    """The title/unit line and the period lines at the end of the chunks (in order)."""
    lines = [ln for ch in chunks for ln in ch.text.split("\n")]
    for i in range(len(lines) - 1, -1, -1):
        issued = issued_header(lines[i])
        if issued:
            return issued
        if period_line(lines[i]):
            head = [lines[i]]
            if (
                i
                and re.search(r"[A-Za-z" + HAN + r"]", lines[i - 1])
                and not _ROW.search(lines[i - 1])
            ):
                head.insert(0, lines[i - 1])  # "December 31," names the date of each year
            unit = next((ln for ln in reversed(lines[:i]) if _UNIT.search(ln)), "")
            if unit and unit not in head:
                head.insert(0, unit)
            return "\n".join(head)
    return ""


def with_columns(passages: list[Passage], fetch: FetchChunks) -> list[Passage]:
    """The passages, each table continuation with the column header it is read under."""
    want: dict[str, list[str]] = {}
    for p in passages:
        doc_id, _, n = p.chunk_id.rpartition("#")
        if p.columns or not n.isdigit() or not needs_columns(p.text):
            continue
        want[p.chunk_id] = [
            f"{doc_id}#{int(n) - k}" for k in range(LOOK_BACK, 0, -1) if int(n) - k >= 0
        ]
    if not want:
        return passages
    chunks = fetch({cid for ids in want.values() for cid in ids})
    out = []
    for p in passages:
        before = [chunks[c] for c in want.get(p.chunk_id, []) if c in chunks]
        before = [c for c in before if c.doc_id == p.doc_id and c.page_end == p.page]
        head = header_of(before) if before else ""
        out.append(p.model_copy(update={"columns": head}) if head else p)
    return out
