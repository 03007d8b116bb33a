"""Figures as reports print them: thousands separators and "−" for a negative, and a sum
in yuan as a Chinese reader says it (亿元 or 万元, the printed figure beside it)."""

from __future__ import annotations

import re

from agent.figures.grid import SCALES

ZH_UNITS = ("千元", "万元", "亿元", "百万元", "元")


def number(value: float) -> str:
    """As reports print figures: thousands separators, "−" for a negative, every decimal
    the figure has (a per-share −0.0053 is never said −0.01; six places drop only the
    binary noise of a sum, 0.30000000000000004)."""
    v = round(abs(value), 6)
    text = f"{v:,.6f}".rstrip("0").rstrip(".") if v != int(v) else f"{v:,.0f}"
    return ("−" if value < 0 else "") + text


def two_places(value: float) -> str:
    """A sum at a reader's scale as a reader writes it: rounded, to two decimals
    ("464.90万元", "RMB 5.70 million", "−2.00亿元"); exact, whole ("8,642万元")."""
    exact = abs(value - round(value)) < 1e-9
    return ("−" if value < 0 else "") + (f"{abs(value):,.0f}" if exact else f"{abs(value):,.2f}")


def subtrahend(value: float) -> str:
    """A figure taken away, as a reader writes it: a negative one in parentheses, never
    the double minus "a − −15,563,758.44"."""
    text = number(value)
    return f"({text})" if value < 0 else text


def printed(value: float, raw: str) -> str:
    """A cell's figure with the digits its table prints when they are the value's (a
    per-share "0.0053" is not "0.01", "2.80" not "2.8"), else as ``number`` writes it."""
    m = _DIGITS.search(raw)
    if m is None or float(m.group(0).replace(",", "")) != abs(value):
        return number(value)
    return ("−" if value < 0 else "") + m.group(0)


_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")
_YI, _WAN = 1e8, 1e4


def zh_amount(value: float, unit: str, raw: str = "") -> str:
    """A sum in yuan as a reader says it: from 一亿 up in 亿元, from 一万 up in 万元, two
    decimals, the printed figure in its unit beside it so the row is found by it
    ("12.35亿元（123,456.78万元）"); the printed figure alone when already so written."""
    shown = f"{printed(value, raw)}{unit}"
    if unit not in SCALES or unit not in ZH_UNITS:
        return shown
    yuan = value * SCALES[unit]
    for big, word in ((_YI, "亿元"), (_WAN, "万元")):
        if abs(yuan) < big:
            continue
        if word == unit or SCALES[unit] > big:
            return shown
        return f"{two_places(yuan / big)}{word}（{shown}）"
    return shown
