"""Whitespace-aligned tables (financial statements without rules) from word positions.

A statement is rows of a label on the left and figures in columns on the right:
words are grouped into visual rows, each row into segments at wide gaps, and a
run of rows whose figures share right edges (figures are right-aligned) is a
table. Its header is the rows just above whose words sit over the figure
columns. This costs a few milliseconds a page, where PyMuPDF's text-strategy
``find_tables`` costs ~1.5 s, so it runs on every page that has figures.
"""

from __future__ import annotations

import itertools
import statistics
from dataclasses import dataclass, field

from pipeline.models import Box, Table, parse_figure
from pipeline.text.periods import YEAR_CELL_RE
from pipeline.text.script import UNIFIED_RE
from pipeline.text.wrapping import join_wrapped

_DASHES = frozenset({"-", "—", "–", "−", "--", "n/a", "N/A", "NM", "nm", "*"})
_CURRENCY = frozenset({"$", "€", "£", "¥", "￥", "US$", "RMB"})
_MIN_ROWS = 3  # labelled rows with figures on the columns
_EDGE_TOL = 7.0  # points between right edges of one column's figures
_HEADER_BAND = 0.07  # top share of the page where running headers sit
_CENTRE_TOL = 0.4  # a spanning header is centred over its columns, within this many pitches

Word = tuple[float, float, float, float, str]


@dataclass
class Seg:
    text: str
    box: Box
    figure: bool

    @property
    def x0(self) -> float:
        return self.box[0]

    @property
    def x1(self) -> float:
        return self.box[2]

    @property
    def centre(self) -> float:
        return (self.box[0] + self.box[2]) / 2


@dataclass
class Row:
    segs: list[Seg]
    box: Box

    @property
    def height(self) -> float:
        return self.box[3] - self.box[1]

    def figures(self) -> list[Seg]:
        return [s for s in self.segs if s.figure]

    @property
    def text(self) -> str:
        return " ".join(s.text for s in self.segs)


@dataclass
class Column:
    left: float
    right: float
    width: float = 0.0  # a typical figure's width: '$' signs far to the left do not count

    @property
    def centre(self) -> float:
        return self.right - self.width / 2 if self.width else (self.left + self.right) / 2


@dataclass
class WordTable:
    table: Table
    box: Box
    indents: list[float | None]
    above: list[str] = field(default_factory=list)


def _union(boxes: list[Box]) -> Box:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def is_figure(text: str) -> bool:
    return text in _DASHES or parse_figure(text) is not None


def visual_rows(words: list[Word]) -> list[Row]:
    """Words grouped into rows by vertical centre, each row cut into segments at wide gaps."""
    ordered = sorted(words, key=lambda w: ((w[1] + w[3]) / 2, w[0]))
    groups: list[list[Word]] = []
    for w in ordered:
        yc, h = (w[1] + w[3]) / 2, w[3] - w[1]
        last = groups[-1] if groups else None
        if last is not None:
            ly = statistics.fmean((g[1] + g[3]) / 2 for g in last)
            if abs(yc - ly) <= 0.35 * max(h, last[0][3] - last[0][1]):
                last.append(w)
                continue
        groups.append([w])
    return [_row(sorted(g, key=lambda w: w[0])) for g in groups]


def _row(words: list[Word]) -> Row:
    height = statistics.median(w[3] - w[1] for w in words)
    segs: list[list[Word]] = [[words[0]]]
    for w in words[1:]:
        if w[0] - segs[-1][-1][2] > 0.55 * height:
            segs.append([w])
        else:
            segs[-1].append(w)
    out = [_seg(s) for s in segs]
    merged: list[Seg] = []
    for seg in out:  # '$' printed apart from its figure belongs to it
        if merged and merged[-1].text in _CURRENCY and seg.figure:
            prev = merged.pop()
            seg = Seg(f"{prev.text}{seg.text}", _union([prev.box, seg.box]), True)  # noqa: PLW2901
        merged.append(seg)
    return Row(merged, _union([s.box for s in merged]))


def _seg(words: list[Word]) -> Seg:
    text = " ".join(w[4] for w in words)
    box = _union([(w[0], w[1], w[2], w[3]) for w in words])
    if is_figure(text.replace("$ ", "$")):
        return Seg(text.replace("$ ", "$"), box, True)
    return Seg(text, box, text in _CURRENCY)


def _numeric(row: Row) -> bool:
    figs = row.figures()
    return bool(figs) and (len(figs) >= 2 or not row.segs[0].figure)


def _runs(rows: list[Row], width: float) -> list[list[int]]:
    """Index runs of rows holding figures, with up to six rows of labels between them;
    a wide gap or a line of prose ends a run."""
    runs: list[list[int]] = []
    current: list[int] = []
    gap = 0
    for i, row in enumerate(rows):
        spaced = i > 0 and row.box[1] - rows[i - 1].box[3] > 3 * max(row.height, 6.0)
        prose = len(row.segs) == 1 and row.box[2] - row.box[0] > 0.6 * width
        if current and (spaced or prose or gap > 6):
            runs.append(current)
            current, gap = [], 0
        if _numeric(row):
            current.append(i)
            gap = 0
        elif current:
            gap += 1
    if current:
        runs.append(current)
    return runs


def _columns(rows: list[Row]) -> list[Column]:
    """Figure columns: clusters of right edges that enough rows share."""
    figs = sorted((s for r in rows for s in r.figures()), key=lambda s: s.x1)
    clusters: list[list[Seg]] = []
    for s in figs:
        if clusters and s.x1 - clusters[-1][-1].x1 <= _EDGE_TOL:
            clusters[-1].append(s)
        else:
            clusters.append([s])
    need = max(2, round(0.2 * len(rows)))
    return [
        Column(
            min(s.x0 for s in c), max(s.x1 for s in c), statistics.median(s.x1 - s.x0 for s in c)
        )
        for c in clusters
        if len(c) >= need
    ]


def _nearest(cols: list[Column], seg: Seg) -> int | None:
    best = min(range(len(cols)), key=lambda j: abs(cols[j].right - seg.x1))
    if abs(cols[best].right - seg.x1) <= _EDGE_TOL + 3:
        return best
    inside = [j for j, c in enumerate(cols) if c.left - 2 <= seg.centre <= c.right + 2]
    return inside[0] if inside else None


def _body_cells(row: Row, cols: list[Column], label_right: float) -> tuple[list[Seg | None], int]:
    """The row's label and one segment per column; also how many figures missed a column."""
    cells: list[Seg | None] = [None] * (len(cols) + 1)
    missed = 0
    for s in row.segs:
        j = None if (s.x1 <= label_right + 2 and not s.figure) else _nearest(cols, s)
        if j is None:
            if s.x0 < label_right:
                prev = cells[0]
                cells[0] = (
                    s
                    if prev is None
                    else Seg(f"{prev.text} {s.text}", _union([prev.box, s.box]), False)
                )
            else:
                missed += 1
            continue
        prev = cells[j + 1]
        cells[j + 1] = (
            s if prev is None else Seg(f"{prev.text} {s.text}", _union([prev.box, s.box]), s.figure)
        )
    return cells, missed


def _header_cells(row: Row, cols: list[Column], label_right: float) -> list[Seg | None]:
    """Header text per column; a segment spanning several columns is given to each
    column it is centred over ('Years Ended' over three years)."""
    out: list[Seg | None] = [None] * (len(cols) + 1)
    label = [s for s in row.segs if s.x1 <= label_right + 2]
    if label:
        out[0] = Seg(" ".join(s.text for s in label), _union([s.box for s in label]), False)
    segs = [s for s in row.segs if s.x1 > label_right + 2]
    if not segs:
        return out
    owner = [min(range(len(segs)), key=lambda k: abs(segs[k].centre - c.centre)) for c in cols]
    pitch = (
        statistics.fmean(b.centre - a.centre for a, b in itertools.pairwise(cols))
        if len(cols) > 1
        else 1.0
    )
    for k, seg in enumerate(segs):
        group = [j for j, o in enumerate(owner) if o == k]
        while len(group) > 1:
            mid = (cols[group[0]].centre + cols[group[-1]].centre) / 2
            if abs(mid - seg.centre) <= _CENTRE_TOL * pitch:
                break
            group = group[1:] if mid < seg.centre else group[:-1]
        for j in group:
            out[j + 1] = seg
    return out


def _is_header(row: Row, label_right: float, label_end: float) -> bool:
    """Words over the figure columns only (a label-column caption allowed)."""
    if any(s.x0 < label_end - 2 and s.x1 > label_right for s in row.segs):
        return False  # a title or a line of prose runs from over the labels to the figures
    return any(s.x1 > label_right + 2 for s in row.segs)


def _unlabelled(row: Row, label_right: float) -> bool:
    """A header row over the figures: nothing in the label column, or figures that are
    all years ('For the years ended June 30,  2023  2022')."""
    if all(s.x1 > label_right + 2 for s in row.segs):
        return True
    over = [s for s in row.segs if s.x1 > label_right + 2]
    years = [s for s in over if YEAR_CELL_RE.match(s.text)]
    # Dates and years ('2023', 'December 31, 2022', '(Unaudited)') but no amount.
    return bool(years) and all(YEAR_CELL_RE.match(s.text) or not s.figure for s in over)


def _label_only(row: Row, label_right: float) -> bool:
    return all(s.x1 <= label_right + 2 and not s.figure for s in row.segs)


def _continues(label: str, prev: str) -> bool:
    """A label wrapped onto the next line: it goes on in lower case (or, in Chinese,
    with a few characters after a line that does not end a section)."""
    if not label or not prev or prev.endswith((":", "：")):
        return False
    if label[0].islower():
        return True
    return UNIFIED_RE.match(label[0]) is not None and len(label) <= 3


def _extend(rows: list[Row], run: list[int], label_right: float) -> tuple[int, int]:
    """The run widened by label-only rows just above it ('Revenue:', 'Current assets:')."""
    top = run[0]
    for _ in range(2):
        i = top - 1
        if i < 0 or not _label_only(rows[i], label_right):
            break
        if rows[top].box[1] - rows[i].box[3] > 2.5 * rows[i].height:
            break
        top = i
    return top, run[-1]


def _headers(rows: list[Row], top: int, label_right: float, label_end: float, band: float) -> int:
    """Index of the first header row above ``top`` (``top`` itself when there is none)."""
    first = top
    for i in range(top - 1, max(-1, top - 7), -1):
        below = rows[first]
        if below.box[1] - rows[i].box[3] > 2.5 * max(rows[i].height, below.height):
            break
        if not _is_header(rows[i], label_right, label_end) or rows[i].box[3] < band:
            break
        first = i
    return first


def _build(rows: list[Row], run: list[int], band: float) -> WordTable | None:
    cols = _columns([rows[i] for i in run])
    if not cols:
        return None
    label_right = min(c.left for c in cols) - 1
    top, bottom = run[0], run[-1]
    while top < bottom and _unlabelled(rows[top], label_right):
        top += 1  # a row of years over the figures is part of the header
    if top == run[0]:
        top, _ = _extend(rows, run, label_right)
    labels = [s.x1 for i in range(top, bottom + 1) for s in rows[i].segs if s.x1 <= label_right]
    head = _headers(rows, top, label_right, max(labels, default=label_right), band)
    body: list[tuple[list[Seg | None], Row]] = []
    missed = labelled = 0
    for i in range(top, bottom + 1):
        cells, miss = _body_cells(rows[i], cols, label_right)
        missed += miss
        label = cells[0].text if cells[0] else ""
        if (
            body
            and not any(body[-1][0][1:])
            and body[-1][0][0]
            and _continues(label, body[-1][0][0].text)
        ):
            prev = body.pop()[0][0]
            assert prev is not None and cells[0] is not None
            joined = join_wrapped([prev.text, label])
            cells[0] = Seg(joined, _union([prev.box, cells[0].box]), False)
        if cells[0] is not None and any(cells[1:]):
            labelled += 1
        body.append((cells, rows[i]))
    total = sum(len(rows[i].figures()) for i in run)
    if labelled < _MIN_ROWS or missed > 0.3 * max(1, total):
        return None
    header = [_header_cells(rows[i], cols, label_right) for i in range(head, top)]
    grid = [*header, *[cells for cells, _ in body]]
    texts = [[c.text if c else "" for c in cells] for cells in grid]
    boxes: list[list[Box | None]] = [[c.box if c else None for c in cells] for cells in grid]
    indents: list[float | None] = [None] * len(header)
    indents += [cells[0].x0 if cells[0] else None for cells, _ in body]
    box = _union([rows[i].box for i in range(head, bottom + 1)])
    table = Table(rows=texts, header_rows=len(header), cell_boxes=boxes)
    above = [r.text for r in rows[max(0, head - 8) : head] if r.box[3] > box[1] - 160]
    return WordTable(table, box, indents, above)


def word_tables(words: list[Word], width: float, height: float) -> list[WordTable]:
    """Whitespace-aligned tables among the page's words (PyMuPDF ``get_text('words')``);
    the running-header band at the top of the page is not part of any table."""
    band = _HEADER_BAND * height
    rows = visual_rows([w for w in words if w[4].strip()])
    out: list[WordTable] = []
    for run in _runs(rows, width):
        if len(run) < _MIN_ROWS:
            continue
        found = _build(rows, run, band)
        if found is not None:
            out.append(found)
    return out
