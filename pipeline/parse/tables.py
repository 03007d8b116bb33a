"""Tables of a PDF page: ruled grids with PyMuPDF ``find_tables`` (gated by a cheap look at
the vector graphics) and whitespace-aligned statements from word positions
(``table_words``); both are then read as a reader would (``table_structure``)."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass

import pymupdf

from pipeline.models import Block, Box, Line, Table, Word, union_box
from pipeline.parse.leaders import unled
from pipeline.parse.table_structure import annotate
from pipeline.parse.table_words import is_figure, word_tables
from pipeline.text.lang import line_separator
from pipeline.text.normalise import single_spaces
from pipeline.text.wrapping import hyphen_break, join_wrapped

log = logging.getLogger(__name__)

# Vector art (maps, grid paper) can make find_tables run for minutes; real tables
# stay far below this many paths.
MAX_PATHS = 5000


@dataclass
class FoundTable:
    table: Table
    box: Box
    indents: list[float | None] | None = None  # x of each row label's first word

    def rotate(self, to_displayed: Callable[[Box], Box]) -> None:
        """Move every box from PyMuPDF's unrotated space into the displayed page's."""
        self.box = to_displayed(self.box)
        if self.table.cell_boxes:
            self.table.cell_boxes = [
                [to_displayed(b) if b is not None else None for b in row]
                for row in self.table.cell_boxes
            ]

    def to_block(self, page: int) -> Block:
        """A table block; each row a line whose words are its cells (text and box)."""
        md = self.table.to_markdown()
        lines: list[Line] = []
        for row, boxes in zip(self.table.rows, self.table.cell_boxes or [], strict=False):
            cells = [(c, b) for c, b in zip(row, boxes, strict=False) if c.strip()]
            if not cells:
                continue
            lines.append(
                Line(
                    text=" | ".join(c for c, _ in cells),
                    box=union_box(boxes),
                    words=[Word(text=c, box=b) for c, b in cells if b is not None],
                )
            )
        return Block(page=page, kind="table", text=md, box=self.box, lines=lines, table=self.table)


def _grid_region(page: pymupdf.Page) -> pymupdf.Rect | None:
    """Where vertical and horizontal rules form a grid (≥ 3 of each), or None.

    find_tables costs ~0.15 s a page, most of it in Python per character, so it
    only runs where a ruled grid exists, clipped to that grid.
    """
    xs: set[int] = set()
    ys: set[int] = set()
    bounds = [float("inf"), float("inf"), float("-inf"), float("-inf")]
    paths = page.get_drawings()
    if len(paths) > MAX_PATHS:
        log.info("page %d: %d vector paths, skipping table detection", page.number + 1, len(paths))
        return None
    for path in paths:
        # Edges of filled boxes are row shading, not rules: only stroked boxes count.
        stroked = path.get("type") in ("s", "fs") and path.get("color") is not None
        for item in path["items"]:
            if item[0] == "l":
                r = pymupdf.Rect(item[1], item[2]).normalize()
            elif item[0] == "re":
                r = pymupdf.Rect(item[1]).normalize()
            else:
                continue
            vertical, horizontal = r.width < 3 and r.height > 4, r.height < 3 and r.width > 4
            if vertical:
                xs.add(round(r.x0))
            elif horizontal:
                ys.add(round(r.y0))
            elif stroked and r.width >= 3 and r.height >= 3 and abs(r) < 0.5 * abs(page.rect):
                xs.update((round(r.x0), round(r.x1)))
                ys.update((round(r.y0), round(r.y1)))
            else:
                continue
            bounds = [
                min(bounds[0], r.x0),
                min(bounds[1], r.y0),
                max(bounds[2], r.x1),
                max(bounds[3], r.y1),
            ]
    if len(xs) < 3 or len(ys) < 3:
        return None
    region = pymupdf.Rect(bounds[0] - 2, bounds[1] - 2, bounds[2] + 2, bounds[3] + 2)
    return region & page.rect


def _clean(cell: str | None) -> str:
    return single_spaces(cell or "")


def _cell_text(words: list[tuple], cell: Box | None) -> str:
    """A cell's words in reading order: line by line, each left to right, the lines joined
    as a block's are (``line_separator``: a wrapped Chinese label is one word again,
    "扣除非经常性损" + "益的净利润"; wrapped English words keep their space)."""
    if cell is None:
        return ""
    x0, y0, x1, y1 = cell
    inside = [w for w in words if x0 <= (w[0] + w[2]) / 2 <= x1 and y0 <= (w[1] + w[3]) / 2 <= y1]
    lines = [" ".join(w[4] for w in sorted(line, key=lambda w: w[0])) for line in _lines(inside)]
    text = lines[0] if lines else ""
    for line in lines[1:]:
        if hyphen_break(text, line) is not None:  # "Non-" over "controlling"
            text = join_wrapped([text, line])
            continue
        sep = line_separator(text, line)
        text += (" " if sep == "\n" else sep) + line
    return text


def _lines(words: list[tuple]) -> list[list[tuple]]:
    """Words grouped into printed lines: a word whose middle lies within the line's height
    is on it, whatever its own baseline ("上升5.72" sits a point lower than "个百分点"
    beside it; ordered by baseline alone, "个百分点" came first)."""
    out: list[list[tuple]] = []
    top = bottom = 0.0
    for w in sorted(words, key=lambda w: (w[1] + w[3]) / 2):
        middle = (w[1] + w[3]) / 2
        if out and top <= middle <= bottom:
            out[-1].append(w)
            top, bottom = min(top, w[1]), max(bottom, w[3])
        else:
            out.append([w])
            top, bottom = w[1], w[3]
    return out


_CURRENCY_ONLY = {"$", "€", "£", "¥", "￥", "%", "(", ")"}


def _tidy_columns(
    rows: list[list[str]], boxes: list[list[Box | None]]
) -> tuple[list[list[str]], list[list[Box | None]]]:
    """Drop empty columns; glue '$'-only columns onto the number beside them."""
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    boxes = [b + [None] * (width - len(b)) for b in boxes]
    keep = [j for j in range(width) if any(r[j] for r in rows)]
    rows = [[r[j] for j in keep] for r in rows]
    boxes = [[b[j] for j in keep] for b in boxes]
    j = 0
    while j < len(rows[0]) - 1:
        if all(r[j] in _CURRENCY_ONLY or not r[j] for r in rows):
            for r, b in zip(rows, boxes, strict=True):
                r[j + 1] = (
                    f"{r[j]}{r[j + 1]}".strip() if r[j] in ("$", "€", "£", "¥", "￥") else r[j + 1]
                )
                del r[j]
                del b[j]
        else:
            j += 1
    return rows, boxes


def extract_tables(page: pymupdf.Page) -> list[FoundTable]:
    """Ruled tables of the page with their cells; empty when there are none."""
    region = _grid_region(page)
    if region is None:
        return []
    try:
        found = page.find_tables(clip=region, use_layout=False)
    except Exception as exc:  # PyMuPDF raises plain exceptions on odd pages
        log.warning("table detection failed on page %d: %s", page.number + 1, exc)
        return []
    words = unled(page.get_text("words", clip=region)) if found.tables else []
    out: list[FoundTable] = []
    for t in found.tables:
        boxes: list[list[Box | None]] = [
            [tuple(c) if c else None for c in row.cells] for row in t.rows
        ]
        rows = [[_cell_text(words, c) for c in row] for row in boxes]
        pairs = [(r, b) for r, b in zip(rows, boxes, strict=True) if any(r)]
        if len(pairs) < 2:
            continue
        rows, boxes = _tidy_columns([r for r, _ in pairs], [b for _, b in pairs])
        if len(rows[0]) < 2:
            continue
        filled = sum(1 for r in rows for c in r if c) / max(1, sum(len(r) for r in rows))
        if filled < 0.3 or prose_grid(rows):
            continue
        table = Table(rows=rows, header_rows=1, cell_boxes=boxes)
        out.append(FoundTable(table, tuple(t.bbox)))
    return out


def prose_grid(rows: list[list[str]]) -> bool:
    """A paragraph a grid of boxes cut into cells, not a table: white boxes painted behind
    each line of a note ("Litigation. | The Company is a party to … Management does not" over
    "believe that the outcome …") make find_tables read their edges as rules. Its cells
    are words, not figures, mostly whole clauses, and a row opens by going on with the
    sentence the row above left off (a lower-case first word), which no row label does."""
    cells = [c for r in rows for c in r if c.strip()]
    if not cells or any(is_figure(c) for c in cells):
        return False
    if 2 * sum(len(c) >= REMARK_CHARS for c in cells) < len(cells):
        return False
    openings = [next((c for c in r if c.strip()), "") for r in rows[1:]]
    return any(c[:1].islower() for c in openings)


Words = list[tuple[float, float, float, float, str]]
# a figure grouped in thousands standing alone between words ("张三 2,431,359 普通股")
_GROUPED_FIGURE = re.compile(r"(?<!\S)[-(]?\d{1,3}(?:,\d{3})+(?:\.\d+)?\)?(?!\S)")
_MIN_FIGURE_LINES = 6  # below this a page has no statement worth looking for


def _overlaps(a: Box, b: Box) -> bool:
    ix = min(a[2], b[2]) - max(a[0], b[0])
    iy = min(a[3], b[3]) - max(a[1], b[1])
    return ix > 0 and iy > 0.3 * min(a[3] - a[1], b[3] - b[1])


def _above(lines: list[tuple[str, Box]], top: float) -> list[str]:
    """Texts of the lines printed over a table (title, unit, date), nearest last."""
    over = [(b[3], t) for t, b in lines if b[3] <= top + 1 and b[3] > top - 160]
    return [t for _, t in sorted(over)[-8:]]


def _ruled_indents(found: FoundTable, words: Words) -> list[float | None]:
    """Where each row's label starts inside its cell: the indentation that nests it."""
    out: list[float | None] = []
    for boxes in found.table.cell_boxes or []:
        cell = boxes[0] if boxes else None
        xs = [
            w[0]
            for w in words
            if cell is not None
            and cell[0] <= (w[0] + w[2]) / 2 <= cell[2]
            and cell[1] <= (w[1] + w[3]) / 2 <= cell[3]
        ]
        ys = [w[1] for w in words if cell is not None and w[0] in xs]
        # A label wrapped over lines fills its cell, so its left edge says nothing.
        wrapped = len(ys) > 1 and max(ys) - min(ys) > 0.6 * (cell[3] - cell[1]) if cell else False
        out.append(min(xs) if xs and not wrapped else None)
    return out


def page_tables(
    page: pymupdf.Page, lines: list[tuple[str, Box]], words: Words | None
) -> list[FoundTable]:
    """Ruled and whitespace-aligned tables of the page, read into labelled rows and
    period columns. ``lines`` are the page's text lines (for titles and units above a
    table); ``words`` its words, or None when the page has too few figures to hold a
    statement (the word pass is then skipped)."""
    found = extract_tables(page)
    for t in found:
        t.indents = _ruled_indents(t, words) if words is not None else None
        indents = t.indents or [None] * len(t.table.rows)
        annotate(t.table, indents=indents, above=_above(lines, t.box[1]))
    if words is None:
        return found
    for wt in word_tables(words, page.rect.width, page.rect.height):
        annotate(wt.table, indents=wt.indents, above=wt.above, head=wt.table.header_rows)
        rivals = [t for t in found if _overlaps(wt.box, t.box)]
        if any(quality(t.table) >= quality(wt.table) for t in rivals):
            continue  # the ruled grid reads at least as well
        found = [t for t in found if t not in rivals]
        found.append(FoundTable(wt.table, wt.box, wt.indents))
    for t in found:
        _drop_trailing_remarks(t)
    return sorted(found, key=lambda t: (t.box[1], t.box[0]))


REMARK_CHARS = 40  # a cell this long with no figure of its own is prose, not a value


def _is_remark(row: list[str]) -> bool:
    """A row naming a matter in its first cell and saying it in one cell of prose beside
    it ("上述股东关联关系的说明 | 就本公司知晓的范围内……"): a paragraph under a label."""
    filled = [c for c in row[1:] if c.strip()]
    return (
        bool(row[0].strip())
        and len(filled) == 1
        and len(filled[0]) >= REMARK_CHARS
        and not is_figure(filled[0])
    )


def _drop_trailing_remarks(t: FoundTable) -> None:
    """Remarks printed in a list's grid after its rows are text, not rows of the list: the
    table ends above them and their lines read as paragraphs (label, then what it says)."""
    rows, boxes = t.table.rows, t.table.cell_boxes
    n = len(rows)
    while n > 0 and _is_remark(rows[n - 1]):
        n -= 1
    if n == len(rows) or n < 2 or not boxes or len(boxes) != len(rows):
        return
    tops = [b[1] for b in boxes[n] if b is not None]
    if not tops:
        return
    table = t.table
    table.rows, table.cell_boxes = rows[:n], boxes[:n]
    table.row_labels, table.row_parent = table.row_labels[:n], table.row_parent[:n]
    table.derived_rows = [i for i in table.derived_rows if i < n]
    if t.indents is not None:
        t.indents = t.indents[:n]
    t.box = (t.box[0], t.box[1], t.box[2], min(tops))


def quality(table: Table) -> tuple[bool, float]:
    """Whether a reader gets periods for the columns, then how full its labelled rows are
    (a grid that splits '$' and figures into columns of their own leaves holes)."""
    derived = set(table.derived_rows)  # labels read, not printed: as the grid printed it
    body = [
        r
        for i, r in enumerate(table.rows)
        if i >= table.header_rows and r and r[0].strip() and i not in derived
    ]
    cells = [c for r in body for c in r[1:]]
    with_value = [r for r in body if any(c.strip() for c in r[1:])]
    fill = sum(1 for r in with_value for c in r[1:] if c.strip()) / max(
        1, sum(len(r) - 1 for r in with_value)
    )
    # a cell holding a figure beside words ("徐开东 2,431,359 人民币普通股") is cells run
    # together: the rows read no better than their share of rows without such a cell
    merged = sum(1 for r in body if any(_run_together(c) for c in r)) / max(1, len(body))
    return bool(any(table.periods)) and bool(cells), round(fill * (1 - merged), 2)


def _run_together(cell: str) -> bool:
    m = _GROUPED_FIGURE.search(cell)
    return m is not None and m.group(0) != cell.strip()


def has_figures(lines: list[str]) -> bool:
    """Cheap gate for the word pass: enough lines end in a figure."""
    n = 0
    for text in lines:
        last = text.rsplit(None, 1)[-1] if text.strip() else ""
        if last and is_figure(last):
            n += 1
            if n >= _MIN_FIGURE_LINES:
                return True
    return False
