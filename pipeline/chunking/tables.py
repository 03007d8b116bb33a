"""Tables as chunk pieces: Markdown rows under a repeated header, each row a line whose
words are its cells, so a quote of one figure and its row label is highlighted on exactly
those cells."""

from __future__ import annotations

from typing import NamedTuple

from pipeline.chunking.pieces import Piece
from pipeline.models import Block, Box, LineRef, Table, WordRef, union_box
from pipeline.parse.table_heads import header_parts, laid_out
from pipeline.text.lang import estimate_tokens
from pipeline.text.totals import TOTAL_ROW
from pipeline.text.wrapping import join_wrapped


class TablePiece(Piece):
    def __init__(self, block: Block) -> None:
        super().__init__(block.text, [], estimate_tokens(block.text), "table")
        self.block = block


def _md_row(cells: list[str], boxes: list[Box | None], width: int) -> tuple[str, list[WordRef]]:
    """A Markdown row and, for each boxed cell, its chars in the row (offsets from 0)."""
    text = "|"
    words: list[WordRef] = []
    for j in range(width):
        cell = " ".join((cells[j] if j < len(cells) else "").split()).replace("|", "\\|")
        text += " "
        box = boxes[j] if j < len(boxes) else None
        if cell and box is not None:
            words.append(WordRef(start=len(text), end=len(text) + len(cell), box=box))
        text += cell + " |"
    return text, words


def _table_head(table: Table, width: int, rows: list[int] | None = None) -> list[str]:
    """The header row: resolved column headers (or, for a header printed part-way down,
    its ``rows`` joined per column), the first cell naming the statement and its unit so
    every chunk of a long table says what its figures are."""
    if rows is None:
        cols = table.columns or _joined(table, list(range(table.header_rows)))
    else:
        cols = _joined(table, rows, table.header_rows)
    cols = [*cols, *[""] * (width - len(cols))][:width]
    context = " ".join(
        filter(None, [table.title, f"({table.unit})" if table.unit else "", cols[0]])
    )
    return [context, *cols[1:]]


def _compact(cells: list[str], max_tokens: int) -> list[str]:
    """A header too long to leave a chunk room for rows, with the words every column
    heading opens with said once, in the first cell: "REPORTED SALES vs. PRIOR PERIOD
    ($MM)" over each of twelve columns was most of every chunk of a product table."""
    if estimate_tokens(" ".join(cells)) <= max_tokens // 4:
        return cells
    heads = [c.split() for c in cells[1:] if c.strip()]
    if len(heads) < 2:
        return cells
    n = 0
    while all(len(h) > n + 1 and h[n] == heads[0][n] for h in heads):
        n += 1
    if n < 2:
        return cells
    shared = " ".join(heads[0][:n])
    rest = [" ".join(c.split()[n:]) if c.strip() else c for c in cells[1:]]
    return [" ".join(filter(None, [cells[0], shared])), *rest]


def _joined(table: Table, rows: list[int], head_n: int = 0) -> list[str]:
    cells = (laid_out(table, head_n, i) for i in rows)
    return [join_wrapped(col) for col in zip(*cells, strict=False)]


def table_pieces(block: Block, max_tokens: int) -> list[Piece]:
    """The table as Markdown, split by rows with the header in force repeated when too
    long; a header printed part-way down opens a chunk of its own rows (no chunk holds
    rows of two headers). Each row is a line whose words are its cells, so a quote of
    one figure and its row label is highlighted on exactly those cells."""
    table = block.table
    assert table is not None
    width = max((len(r) for r in table.rows), default=0)
    boxes = table.cell_boxes or [[] for _ in table.rows]
    head_n = min(table.header_rows, len(table.rows))
    sep = "|" + "---|" * width
    pieces: list[Piece] = []
    for head_rows, body_rows in header_parts(table, head_n, min(len(table.rows), len(boxes))):
        own = head_rows == list(range(head_n))
        cells = _compact(_table_head(table, width, None if own else head_rows), max_tokens)
        head_text, _ = _md_row(cells, [], width)
        head_box = union_box([b for i in head_rows if i < len(boxes) for b in boxes[i]])
        body = [
            _Line(
                _md_row(table.rows[i], boxes[i], width), union_box(boxes[i]), _kind(table.rows[i])
            )
            for i in body_rows
            if any(c.strip() for c in table.rows[i])
        ]
        pieces += _pack(block, head_text, head_box, sep, body, max_tokens=max_tokens)
    return pieces or [
        _rows_piece(block, _md_row(_table_head(table, width), [], width)[0], None, sep, [])
    ]


class _Line(NamedTuple):
    row: tuple[str, list[WordRef]]  # the Markdown row and its cells' words
    box: Box | None
    kind: str  # "heading" (a label alone), "total", or "row"


def _kind(cells: list[str]) -> str:
    label = cells[0].strip() if cells else ""
    if label and not any(c.strip() for c in cells[1:]):
        return "heading"
    return "total" if not label or TOTAL_ROW.match(label) else "row"


MAX_CARRY = 4  # rows between a heading and a chunk's first row that still sit under it


def _in_force(body: list[_Line], start: int) -> list[_Line]:
    """The headings the row at ``start`` sits under when a chunk opens with it: the run of
    label-only rows nearest above it ("DARZALEX" over "US | Intl | WW"), a few rows up at
    most, unless a total closed their group in between ("Total …", or the row the heading
    names: "Adjusted EBIT" under 'Adjusted earnings before interest and taxes ("Adjusted
    EBIT")') or the row is a heading itself."""
    if body[start].kind == "heading":
        return []
    k = start - 1
    while k >= 0 and body[k].kind == "row" and start - k <= MAX_CARRY:
        k -= 1
    if k < 0 or body[k].kind != "heading":
        return []
    top = k
    while top >= 0 and body[top].kind == "heading":
        top -= 1
    named = " ".join(_label(line) for line in body[top + 1 : k + 1]).lower()
    if any(_label(line).lower() in named for line in body[k + 1 : start + 1]):
        return []
    return body[top + 1 : k + 1]


def _label(line: _Line) -> str:
    return line.row[0].split("|")[1].strip() if line.row[0].count("|") > 1 else ""


def _pack(
    block: Block, head: str, head_box: Box | None, sep: str, body: list[_Line], *, max_tokens: int
) -> list[Piece]:
    """The rows under one header, as many to a chunk as fit. The header counts for at most
    half the size: a wide table repeating its long column heads over every chunk
    ("REPORTED SALES vs. PRIOR PERIOD ($MM) FOURTH QUARTER % Change 2022" over twelve
    columns) was cut a row to a chunk, each row apart from the rows naming what it is.
    A chunk opening inside a group repeats the group's heading over its rows, and does not
    end on a heading whose rows go on in the next one: a product's "WW" row cut from
    "DARZALEX" over it named nothing."""
    pieces: list[Piece] = []
    start = 0
    head_size = min(estimate_tokens(head), max_tokens // 2)
    while start < len(body):
        lead = _in_force(body, start)
        size = head_size + sum(estimate_tokens(line.row[0]) for line in lead)
        end = start + 1
        size += estimate_tokens(body[start].row[0])
        while end < len(body) and size + estimate_tokens(body[end].row[0]) <= max_tokens:
            size += estimate_tokens(body[end].row[0])
            end += 1
        cut = end
        while end < len(body) and cut - 1 > start and body[cut - 1].kind == "heading":
            cut -= 1  # its rows are in the next chunk: so is it
        pieces.append(_rows_piece(block, head, head_box, sep, [*lead, *body[start:cut]]))
        start = cut
    return pieces


def _rows_piece(
    block: Block,
    head: str,
    head_box: Box | None,
    sep: str,
    rows: list[_Line],
) -> Piece:
    text = head + "\n" + sep
    refs = [LineRef(page=block.page, box=head_box, start=0, end=len(head))] if head_box else []
    for (line, words), box, _ in rows:
        at = len(text) + 1
        text += "\n" + line
        shifted = [w.model_copy(update={"start": w.start + at, "end": w.end + at}) for w in words]
        refs.append(LineRef(page=block.page, box=box, start=at, end=at + len(line), words=shifted))
    if not any(r.box is not None for r in refs):
        line_no = block.lines[0].line_no if block.lines else None
        refs = [LineRef(page=block.page, box=block.box, line_no=line_no, start=0, end=len(text))]
    else:
        refs = [r for r in refs if r.box is not None]
    return Piece(text, refs, estimate_tokens(text), kind="table")
