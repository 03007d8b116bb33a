"""Table detection with PyMuPDF ``find_tables``, gated by a cheap look at the vector graphics."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

import pymupdf

from pipeline.models import Block, Box, Line, Table

log = logging.getLogger(__name__)

# Vector art (maps, grid paper) can make find_tables run for minutes; real tables
# stay far below this many paths.
MAX_PATHS = 5000


@dataclass
class FoundTable:
    table: Table
    box: Box

    def rotate(self, to_displayed: Callable[[Box], Box]) -> None:
        """Move every box from PyMuPDF's unrotated space into the displayed page's."""
        self.box = to_displayed(self.box)
        if self.table.cell_boxes:
            self.table.cell_boxes = [
                [to_displayed(b) if b is not None else None for b in row]
                for row in self.table.cell_boxes
            ]

    def to_block(self, page: int) -> Block:
        md = self.table.to_markdown()
        lines = [
            Line(text=" | ".join(c for c in row if c), box=_row_box(boxes))
            for row, boxes in zip(self.table.rows, self.table.cell_boxes or [], strict=False)
            if any(row)
        ]
        return Block(page=page, kind="table", text=md, box=self.box, lines=lines, table=self.table)


def _row_box(boxes: list[Box | None]) -> Box | None:
    real = [b for b in boxes if b is not None]
    if not real:
        return None
    return (
        min(b[0] for b in real),
        min(b[1] for b in real),
        max(b[2] for b in real),
        max(b[3] for b in real),
    )


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
    return " ".join((cell or "").split())


def _cell_text(words: list[tuple], cell: Box | None) -> str:
    if cell is None:
        return ""
    x0, y0, x1, y1 = cell
    inside = [w for w in words if x0 <= (w[0] + w[2]) / 2 <= x1 and y0 <= (w[1] + w[3]) / 2 <= y1]
    return " ".join(w[4] for w in sorted(inside, key=lambda w: (round(w[3]), w[0])))


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
    words = page.get_text("words", clip=region) if found.tables else []
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
        if filled < 0.3:
            continue
        table = Table(rows=rows, header_rows=1, cell_boxes=boxes)
        out.append(FoundTable(table, tuple(t.bbox)))
    return out
