"""Reading order and block grouping for one page, from line boxes only (pure functions).

A recursive XY-cut splits the page at whitespace: full-width horizontal gaps
first, then vertical gutters. A vertical gutter only counts as a column break
when both sides hold prose (wide lines of words); a gap between a row label and
its numbers is a table, so such rows stay together and read left to right.
"""

from __future__ import annotations

import itertools
import re
import statistics
from dataclasses import dataclass, field

from pipeline.models import Box
from pipeline.text.fields import is_field_line

_BULLET = re.compile(
    r"^\s*(?:[•●○◦▪■□◆◇·‣⁃\-–*]|\(?[0-9]{1,2}[.)]|\(?[a-zA-Z][.)]|[（(][一二三四五六七八九十0-9]+[)）]|[①-⑳])\s+"
)
_CELL_GAP = re.compile(r"\S {2,}\S")
_PARA_END = re.compile(r"[。.!?！？：:]\s*$")
_ALPHA = re.compile(r"[^\W\d_]", re.UNICODE)
_NOTE_MARK = re.compile(r"^\s*(?:\d{1,3}|[*†‡§])\s*\S")
FOOTNOTE_SMALLER = 1.0  # points: a note is set at least this much smaller than the text above


@dataclass(slots=True)
class RawLine:
    """A line of text as the PDF draws it, with style facts used for grouping."""

    text: str
    box: Box
    size: float
    bold: bool = False
    conf: float | None = None
    placeholder: bool = False  # stands for a table (or figure) detected separately
    emph: list[str] = field(default_factory=list)
    words: list[tuple[str, Box]] = field(default_factory=list)  # OCR word boxes
    across: bool = False  # written across the page's text direction (a margin note)


@dataclass(slots=True)
class RawBlock:
    lines: list[RawLine] = field(default_factory=list)
    table_index: int | None = None  # set when this block stands for a detected table

    @property
    def box(self) -> Box:
        return union([ln.box for ln in self.lines])


def union(boxes: list[Box]) -> Box:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def _height(b: Box) -> float:
    return max(0.1, b[3] - b[1])


def _v_overlap(a: Box, b: Box) -> float:
    """Vertical overlap as a share of the smaller height."""
    inter = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, inter) / min(_height(a), _height(b))


def _gaps(intervals: list[tuple[float, float]], min_gap: float) -> list[tuple[float, float]]:
    """Gaps of at least ``min_gap`` between the union of 1-D intervals."""
    ivs = sorted(intervals)
    gaps: list[tuple[float, float]] = []
    end = ivs[0][1]
    for lo, hi in ivs[1:]:
        if lo - end >= min_gap:
            gaps.append((end, lo))
        end = max(end, hi)
    return gaps


def _prose_share(lines: list[RawLine]) -> float:
    text = "".join(ln.text for ln in lines)
    chars = [c for c in text if not c.isspace()]
    return len(_ALPHA.findall(text)) / len(chars) if chars else 0.0


def _is_column_split(left: list[RawLine], right: list[RawLine], width: float) -> bool:
    """True when a vertical gap separates two text columns rather than table cells."""
    if not left or not right:
        return False
    if _prose_share(left) < 0.6 or _prose_share(right) < 0.6:
        return False
    med_l = statistics.median(ln.box[2] - ln.box[0] for ln in left)
    med_r = statistics.median(ln.box[2] - ln.box[0] for ln in right)
    wide = min(med_l, med_r) >= 0.22 * width
    if len(left) < 2 or len(right) < 2:
        return wide and min(med_l, med_r) >= 0.3 * width
    if wide:
        return True
    # Narrow lines on both sides: columns only if they do not pair up into rows. A label
    # wrapped over two lines beside a paragraph, centred on it, pairs with none of its
    # lines: read row by row, the two would interleave.
    small, big = (left, right) if len(left) <= len(right) else (right, left)
    paired = sum(1 for a in small if any(_v_overlap(a.box, b.box) >= 0.5 for b in big))
    if paired == 0:
        return True
    return paired / len(small) < 0.5 and min(len(left), len(right)) >= 3


def _column_gutter(lines: list[RawLine]) -> tuple[float, float] | None:
    """The widest vertical gap that separates prose columns, if any."""
    med_h = statistics.median(_height(ln.box) for ln in lines)
    width = max(1.0, max(ln.box[2] for ln in lines) - min(ln.box[0] for ln in lines))
    v_gaps = _gaps([(ln.box[0], ln.box[2]) for ln in lines], min_gap=max(4.0, 0.5 * med_h))
    for a, b in sorted(v_gaps, key=lambda g: g[0] - g[1]):  # widest first
        mid = (a + b) / 2
        left = [ln for ln in lines if ln.box[2] <= mid]
        right = [ln for ln in lines if ln.box[0] >= mid]
        if _is_column_split(left, right, width):
            return a, b
    return None


def xy_cut(lines: list[RawLine], depth: int = 0) -> list[list[RawLine]]:
    """Split lines into regions in reading order.

    At each step the widest whitespace wins: a column gutter wider than every
    horizontal gap splits the region into columns (so aligned baselines of two
    columns never interleave); otherwise the widest horizontal bands split it.
    """
    if len(lines) <= 1 or depth > 200:
        return [lines] if lines else []
    h_gaps = _gaps([(ln.box[1], ln.box[3]) for ln in lines], min_gap=0.5)
    best_h = max((b - a for a, b in h_gaps), default=0.0)
    gutter = _column_gutter(lines)
    if gutter is not None and gutter[1] - gutter[0] >= best_h:
        mid = (gutter[0] + gutter[1]) / 2
        left = [ln for ln in lines if ln.box[2] <= mid]
        right = [ln for ln in lines if ln.box[0] >= mid]
        return xy_cut(left, depth + 1) + xy_cut(right, depth + 1)
    if not h_gaps:
        return [lines]
    cuts = [(a + b) / 2 for a, b in h_gaps if b - a >= 0.8 * best_h]
    strips: list[list[RawLine]] = [[] for _ in range(len(cuts) + 1)]
    for ln in lines:
        cy = (ln.box[1] + ln.box[3]) / 2
        strips[sum(1 for c in cuts if cy > c)].append(ln)
    parts = [s for s in strips if s]
    if len(parts) == 1:
        return [lines]
    return [r for s in parts for r in xy_cut(s, depth + 1)]


def group_rows(lines: list[RawLine]) -> list[list[RawLine]]:
    """Lines sharing a baseline form a row, sorted left to right."""
    rows: list[list[RawLine]] = []
    for ln in sorted(lines, key=lambda r: ((r.box[1] + r.box[3]) / 2, r.box[0])):
        if rows:
            row_box = union([r.box for r in rows[-1]])
            if _v_overlap(row_box, ln.box) >= 0.4:
                rows[-1].append(ln)
                continue
        rows.append([ln])
    return [sorted(r, key=lambda r: r.box[0]) for r in rows]


def merge_row(row: list[RawLine]) -> RawLine:
    """One line for a row; cells far apart are separated by two spaces."""
    if len(row) == 1:
        return row[0]
    parts = [row[0].text.rstrip()]
    for prev, cur in itertools.pairwise(row):
        gap = cur.box[0] - prev.box[2]
        parts.append(("  " if gap > 1.5 * prev.size else " ") + cur.text.strip())
    sizes = [r.size for r in row]
    bold = sum(len(r.text) for r in row if r.bold) >= 0.5 * sum(len(r.text) for r in row)
    confs = [r.conf for r in row if r.conf is not None]
    return RawLine(
        text="".join(parts),
        box=union([r.box for r in row]),
        size=max(set(sizes), key=sizes.count),
        bold=bold,
        conf=min(confs) if confs else None,
    )


def _leading(lines: list[RawLine]) -> float:
    """The usual gap between consecutive lines of a paragraph on this page."""
    gaps = [
        b.box[1] - a.box[3]
        for a, b in itertools.pairwise(lines)
        if 0 <= b.box[1] - a.box[3] < 1.5 * max(a.size, 1.0)
        and min(a.box[2], b.box[2]) > max(a.box[0], b.box[0])
    ]
    return statistics.median(gaps) if len(gaps) >= 3 else 0.0


def _starts_new_block(prev: RawLine, cur: RawLine, leading: float = 0.0) -> bool:
    gap = cur.box[1] - prev.box[3]
    limit = max(0.7 * max(prev.size, cur.size), 1.5 * leading + 1.0)
    if gap > limit or gap < -0.5 * prev.size:
        return True  # paragraph spacing, or a jump back up to the next column
    if cur.box[0] > prev.box[2] or cur.box[2] < prev.box[0]:
        return True  # no horizontal overlap: a different column or a side note
    if abs(prev.size - cur.size) > 0.6 or prev.bold != cur.bold:
        return True
    if bool(_CELL_GAP.search(prev.text)) != bool(_CELL_GAP.search(cur.text)):
        return True  # a title above a table's header row, or prose after the rows
    if _leaves_fields(prev, cur):
        return True
    # A sentence that ends well short of the next line's end closes its paragraph
    # (Chinese documents mark paragraphs by indent, without extra spacing).
    if _PARA_END.search(prev.text) and prev.box[2] < cur.box[2] - 2 * cur.size:
        return True
    return bool(_BULLET.match(cur.text))


def _wraps_item(lines: list[RawLine], cur: RawLine) -> bool:
    """A list item's text wrapped onto the next line: indented past the bullet, under a
    line that does not end a sentence, at the item's spacing. Its size may read smaller
    (OCR sizes a short line by its box) or its weight differ (a bold lead-in); it is
    still the item's."""
    first, prev = lines[0], lines[-1]
    if not _BULLET.match(first.text) or _BULLET.match(cur.text) or _PARA_END.search(prev.text):
        return False
    size = max(prev.size, cur.size, 1.0)
    gap = cur.box[1] - prev.box[3]
    indent = cur.box[0] - first.box[0]
    return -0.5 * size <= gap <= 0.7 * size and 0.3 * size <= indent <= 3 * size


_SHORT_LINE = 40  # characters: a title over a memo's fields, not a wrapped line of prose


def _leaves_fields(prev: RawLine, cur: RawLine) -> bool:
    """A memo's header fields ("TO: …", "FROM: …") are a block of their own: the title
    above them and the body under them are not glued to them. A field's value wrapped
    onto the next line stays with it (the field line reaches that line's end)."""
    was, now = is_field_line(prev.text), is_field_line(cur.text)
    if was and not now:
        return prev.box[2] < cur.box[2] - 2 * cur.size
    if now and not was:
        return len(prev.text) <= _SHORT_LINE or bool(_PARA_END.search(prev.text))
    return False


def page_blocks(lines: list[RawLine]) -> list[RawBlock]:
    """Blocks of a page in reading order; each placeholder line becomes a block of its own."""
    blocks: list[RawBlock] = []
    current: RawBlock | None = None
    # A line written across the text direction (a filing stamp up the margin) is tall and
    # thin: left in, it bridges every horizontal gap it spans and the cut reads rows across
    # columns. It reads as a block of its own after the page.
    text_lines = [ln for ln in lines if ln.text.strip()]
    regions = xy_cut([ln for ln in text_lines if not ln.across])
    regions += [[ln] for ln in text_lines if ln.across]
    leading = _leading(
        [merge_row(r) for reg in regions for r in group_rows(reg) if not r[0].placeholder]
    )
    for region in regions:
        items: list[tuple[float, list[RawLine]]] = [
            (min(ln.box[1] for ln in row), row)
            for row in group_rows([ln for ln in region if not ln.placeholder])
        ]
        items += [(ln.box[1], [ln]) for ln in region if ln.placeholder]
        for _, row in sorted(items, key=lambda it: it[0]):
            if row[0].placeholder:
                blocks.append(RawBlock([row[0]]))
                current = None
                continue
            line = merge_row(row)
            if current is None or (
                _starts_new_block(current.lines[-1], line, leading)
                and not _wraps_item(current.lines, line)
            ):
                current = RawBlock()
                blocks.append(current)
            current.lines.append(line)
    return _notes_last(blocks)


def _size(b: RawBlock) -> float:
    return max(ln.size for ln in b.lines)


def _same_column(a: RawBlock, b: RawBlock) -> bool:
    return a.box[0] < b.box[2] and b.box[0] < a.box[2]


def _notes_last(blocks: list[RawBlock]) -> list[RawBlock]:
    """Footnotes read after the page's body: a block opening with a mark, set smaller than
    the body text right above it in its column, with nothing larger below it (at the foot).
    Left where the cut puts them (at the foot of each column) they sit between a sentence
    and its continuation at the top of the next column. Smaller than the text above, not
    than the page's usual size: notes can outweigh the body, and a numbered heading is
    larger than the paragraph it follows."""
    body: list[RawBlock] = []
    notes: list[RawBlock] = []
    text = [b for b in blocks if not b.lines[0].placeholder]
    for b in blocks:
        if b.lines[0].placeholder or not _NOTE_MARK.match(b.lines[0].text):
            body.append(b)
            continue
        above = [o for o in body if o.box[3] <= b.box[1] + 1 and _same_column(o, b)]
        nearest = max(above, key=lambda o: o.box[3], default=None)
        smaller = nearest is not None and _size(nearest) >= _size(b) + FOOTNOTE_SMALLER
        foot = not any(
            o.box[1] >= b.box[3] - 1
            and _same_column(o, b)
            and _size(o) >= _size(b) + FOOTNOTE_SMALLER
            for o in text
        )
        (notes if smaller and foot else body).append(b)
    return body + notes


def is_bullet(text: str) -> bool:
    return bool(_BULLET.match(text))
