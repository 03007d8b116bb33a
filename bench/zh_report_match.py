"""How bench/zh_report.py scores an answer: the figures it states, read with their Chinese
or English units (亿元, 万元, 元, %, million, billion), compared with a gold figure as a
person says it ("475.58万元" matches "475.58万元", "4,755,785.11元" and "4.76 million")."""

from __future__ import annotations

import re

from bench.answers_data import body

# a figure and the unit after it; "−" (U+2212) is how the app prints a minus
_FIGURE = re.compile(
    r"(?<![A-Za-z0-9_.])([-−]?)\s*(\d[\d,]*(?:\.\d+)?)\s*"
    r"(亿元|亿|万元|万|元|%|个百分点|\s?billion|\s?million|\s?thousand)?",
    re.I,
)
_SCALE = {
    "亿元": 1e8,
    "亿": 1e8,
    "万元": 1e4,
    "万": 1e4,
    "billion": 1e9,
    "million": 1e6,
    "thousand": 1e3,
}
_PCT = ("%", "个百分点")


def figures(text: str) -> list[tuple[float, float, bool]]:
    """(value in its base unit, rounding half-unit, is a percentage) of each figure."""
    out = []
    for m in _FIGURE.finditer(re.sub(r"\[\d+\]", " ", text)):
        raw, unit = m.group(2).replace(",", ""), (m.group(3) or "").strip().lower()
        try:
            value = float(raw)
        except ValueError:
            continue
        decimals = len(raw.split(".")[1]) if "." in raw else 0
        scale = _SCALE.get(unit, 1.0)
        sign = -1.0 if m.group(1) else 1.0
        out.append((sign * value * scale, 0.5 * 10**-decimals * scale, unit in _PCT))
    return out


def _digits(value: float, half: float) -> int:
    """Significant digits a figure shows (4.76 million: 3)."""
    shown = abs(value) / (2 * half) if half else 0
    return len(str(round(shown))) if shown >= 1 else 0


def has_gold(gold: list[str], answer: str) -> bool:
    """Is one of the gold figures in the answer's body, within the rounding of the gold or of
    the answer's figure (a rounded figure needs three significant digits), sign aside (a
    loss said as 亏损 with no minus), a percentage only as a percentage?"""
    said = figures(body(answer))
    for g in gold:
        [(gv, gh, gp)] = figures(g)[:1] or [(0.0, 0.0, False)]
        for v, h, p in said:
            if p != gp or (h > gh and _digits(v, h) < 3):
                continue
            if abs(abs(v) - abs(gv)) <= max(gh, h) + 1e-9:
                return True
    return False
