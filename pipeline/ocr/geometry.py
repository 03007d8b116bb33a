"""Pixels of a rendered page ↔ PDF page coordinates, and skew (pure functions).

A page rendered with ``page.get_pixmap(matrix=Matrix(z, z))`` shows ``page.rect``
(crop box with the page rotation applied, origin top-left) scaled by ``z``; so
dividing pixel coordinates by the actual scale per axis puts a box in the
coordinate space the rest of Folio uses, whatever the rotation or crop box.

Skewed scans: line polygons are rotated by the skew angle. Reading order and
block grouping work on axis-aligned boxes, so lines are first turned straight
(rotated by minus the skew about the page centre), grouped, and the resulting
boxes turned back, which gives the axis-aligned hull of the text on the page.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from pipeline.models import Box
from pipeline.ocr.engine import Quad

MIN_SKEW_DEG = 0.2
MAX_SKEW_DEG = 15.0


def render_zoom(width: float, height: float, *, dpi: int, max_side: int) -> float:
    """Zoom for ``dpi``, reduced so the longer side stays within ``max_side`` pixels."""
    zoom = dpi / 72.0
    longest = max(width, height, 1.0)
    return min(zoom, max_side / longest)


def quad_to_points(quad: Quad, sx: float, sy: float) -> Quad:
    """Pixel polygon → page points (``sx``, ``sy``: pixels per point on each axis)."""
    p0, p1, p2, p3 = ((x / sx, y / sy) for x, y in quad)
    return (p0, p1, p2, p3)


def _angle(quad: Quad) -> tuple[float, float] | None:
    """(angle of the top edge in degrees, its length) for clearly horizontal lines."""
    (x0, y0), (x1, y1), _, (x3, y3) = quad
    width = math.hypot(x1 - x0, y1 - y0)
    height = math.hypot(x3 - x0, y3 - y0)
    if width < 3 * height or width <= 0:
        return None
    return math.degrees(math.atan2(y1 - y0, x1 - x0)), width


def estimate_skew(quads: list[Quad]) -> float:
    """Dominant text-line angle in degrees (0 when none is measurable or it is tiny)."""
    measured = [m for q in quads if (m := _angle(q)) is not None]
    if len(measured) < 3:
        return 0.0
    # Length-weighted median: long lines measure the angle best.
    measured.sort()
    half = sum(w for _, w in measured) / 2
    acc = 0.0
    angle = measured[-1][0]
    for a, w in measured:
        acc += w
        if acc >= half:
            angle = a
            break
    spread = statistics.pstdev(a for a, _ in measured)
    if abs(angle) < MIN_SKEW_DEG or abs(angle) > MAX_SKEW_DEG or spread > 5.0:
        return 0.0
    return angle


@dataclass(frozen=True, slots=True)
class Deskew:
    """Rotation by ``-angle`` degrees about (cx, cy) and back; identity for angle 0."""

    angle: float
    cx: float
    cy: float

    def _rotate(self, pts: list[tuple[float, float]], deg: float) -> Box:
        if deg == 0:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            return (min(xs), min(ys), max(xs), max(ys))
        c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
        xs, ys = [], []
        for x, y in pts:
            dx, dy = x - self.cx, y - self.cy
            xs.append(self.cx + dx * c - dy * s)
            ys.append(self.cy + dx * s + dy * c)
        return (min(xs), min(ys), max(xs), max(ys))

    def straight(self, quad: Quad) -> Box:
        """Axis-aligned box of the polygon once the skew is removed."""
        return self._rotate(list(quad), -self.angle)

    def back(self, box: Box) -> Box:
        """Axis-aligned hull, on the skewed page, of a box in straightened space."""
        x0, y0, x1, y1 = box
        return self._rotate([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], self.angle)


def clamp(box: Box, width: float, height: float) -> Box:
    x0, y0, x1, y1 = box
    return (
        round(min(max(x0, 0.0), width), 2),
        round(min(max(y0, 0.0), height), 2),
        round(min(max(x1, 0.0), width), 2),
        round(min(max(y1, 0.0), height), 2),
    )


def snap_sizes(heights: list[float], tolerance: float = 0.2) -> list[float]:
    """Line heights grouped so lines of one style share one value (the group median).

    OCR boxes of lines in the same font differ by a few percent (ascenders,
    descenders); the layout starts a new block when sizes differ, so near-equal
    heights must become equal.
    """
    order = sorted(range(len(heights)), key=lambda i: heights[i])
    out = [0.0] * len(heights)
    group: list[int] = []
    for i in [*order, -1]:
        if i >= 0 and group and heights[i] <= heights[group[0]] * (1 + tolerance):
            group.append(i)
            continue
        if group:
            med = statistics.median(heights[j] for j in group)
            for j in group:
                out[j] = med
        group = [i] if i >= 0 else []
    return out
