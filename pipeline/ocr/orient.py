"""Scans whose content is turned (sideways or upside down) without a /Rotate saying so.

Detection finds text lines whatever their direction, but recognition of turned
lines gives gibberish at low confidence. Two cheap signals from a first pass
say a turn is worth trying: most text boxes stand upright (sideways page), or
the lines read with low confidence (upside down). The image is then turned
and read again, and the reading with the most confidently read characters
wins; normal pages pay nothing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from pipeline.models import Box
from pipeline.ocr.engine import OcrEngine, OcrLine, Quad

if TYPE_CHECKING:
    import numpy as np

_UPRIGHT_SHARE = 0.6
_LOW_CONF = 0.75


def _sides(q: Quad) -> tuple[float, float]:
    (x0, y0), (x1, y1), _, (x3, y3) = q
    return math.hypot(x1 - x0, y1 - y0), math.hypot(x3 - x0, y3 - y0)


def turns_to_try(lines: list[OcrLine]) -> list[int]:
    """Quarter turns (counter-clockwise, as ``np.rot90``) worth trying, best guess first."""
    if len(lines) < 3:
        return []
    area = upright = 0.0
    for ln in lines:
        w, h = _sides(ln.quad)
        area += w * h
        # A turned line is a tall box, or a box whose top edge runs vertically.
        if h > 2 * w or abs(ln.quad[1][0] - ln.quad[0][0]) < abs(ln.quad[1][1] - ln.quad[0][1]):
            upright += w * h
    if area and upright / area > _UPRIGHT_SHARE:
        return [1, 3]
    if quality(lines) < _LOW_CONF:
        return [2]
    return []


def score(lines: list[OcrLine]) -> float:
    """Confidently read characters: what a better orientation has more of."""
    return sum(ln.conf * len(ln.text.strip()) for ln in lines)


def quality(lines: list[OcrLine]) -> float:
    """Mean confidence per character (0 when nothing was read)."""
    return score(lines) / max(1, sum(len(ln.text.strip()) for ln in lines))


def unturn(quad: Quad, k: int, height: float, width: float) -> Quad:
    """A polygon found in ``np.rot90(image, k)`` in the pixels of ``image`` (H x W)."""
    pts = []
    for x, y in quad:
        if k % 4 == 1:  # rotated (W x H): its (x, y) shows original (W - y, x)
            pts.append((width - y, x))
        elif k % 4 == 2:
            pts.append((width - x, height - y))
        elif k % 4 == 3:
            pts.append((y, height - x))
        else:
            pts.append((x, y))
    return (pts[0], pts[1], pts[2], pts[3])


def recognize_upright(engine: OcrEngine, image: np.ndarray) -> tuple[list[OcrLine], int]:
    """Lines read in the orientation that reads best, and that orientation: ``k`` quarter
    turns of the image; polygons are in pixels of ``np.rot90(image, k)``."""
    import numpy as np

    lines = engine.recognize(image)
    first = score(lines)
    best, best_k, best_score = lines, 0, first
    turns = turns_to_try(lines)
    for k in turns:
        found = engine.recognize(np.ascontiguousarray(np.rot90(image, k)))
        if turns == [2]:  # upside down: take it only if it reads clearly better
            if score(found) > 1.15 * first:
                best, best_k = found, k
            break
        # Sideways: lines may read well even unturned (engines turn tall crops), but the
        # layout only makes sense on the turned page; one of the two turns reads upright.
        if quality(found) >= 0.85 and score(found) >= 0.9 * first:
            return found, k
        if score(found) > best_score:
            best, best_k, best_score = found, k, score(found)
    return best, best_k


def unturn_box(box: Box, k: int, height: float, width: float) -> Box:
    """A box in a frame turned by ``k`` quarter turns, in the original frame (H x W)."""
    x0, y0, x1, y1 = box
    pts = unturn(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), k, height, width)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))
