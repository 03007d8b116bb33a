"""A row of a Chinese report said as a person writes it, in the question's language: the
figure at a reader's scale with the printed one beside it, its period, and the period
before with the change between them.

"本期营业总收入为475.58万元（4,755,785.11元），较上期的569.92万元（5,699,227.63元）下降16.55%
[id]。" and "Total revenue (“营业总收入”) was RMB 4.76 million (4,755,785.11 yuan) in the
current period (“本期发生额”), down 16.55% from RMB 5.70 million (5,699,227.63 yuan) in the
prior-year period (“上期发生额”) [id]." The change is the one the table prints beside the
two figures when it prints one (a key-figures table's 增减 column), else worked from them
as Chinese reports work it: the difference over the earlier figure's size, so a loss that
narrows is up. The period names are data (``agent/data/zh_period_names.json``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agent.figures.grid import figure
from pipeline.text.normalise import no_spaces

_DATA = Path(__file__).resolve().parents[1] / "data" / "zh_period_names.json"


@dataclass(frozen=True)
class Said:
    """A figure as the sentence says it: ``shown`` at a reader's scale, its number and the
    column it is printed under."""

    shown: str
    value: float
    column: str


@cache
def _names() -> tuple[tuple[str, ...], dict[str, str]]:
    raw = json.loads(_DATA.read_text(encoding="utf-8"))
    named = {**raw["flows"], **raw["balances"]}
    return tuple(raw["column_tails"]), dict(sorted(named.items(), key=lambda kv: -len(kv[0])))


def zh_period(column: str) -> str:
    """A column's period without the tail naming the kind of figure ("本期发生额" → "本期",
    "期末余额" → "期末"); a dated column as printed ("2018年1-3月")."""
    text = no_spaces(column)
    for tail in _names()[0]:
        if text.endswith(tail) and len(text) > len(tail):
            return text[: -len(tail)]
    return text


def period_words(column: str) -> str:
    """A Chinese column's period in English words ("本期发生额": "in the current period"),
    "" for a period no name is known for."""
    period = zh_period(column)
    return next((en for zh, en in _names()[1].items() if zh in period), "")


def en_period(column: str) -> str:
    """A Chinese column's period in English with the column quoted: "in the current period
    (“本期发生额”)"; the quoted column alone for a period no name is known for."""
    said = period_words(column)
    quoted = f"(“{no_spaces(column)}”)"
    return f"{said} {quoted}" if said else quoted


def rate(now: float, before: float, printed: str = "") -> float | None:
    """The change from ``before`` to ``now`` in percent: the printed rate when the table
    prints one, else worked between two positive figures (a rate across a loss is the
    report's to print: worked, its sign reads either way); None without one."""
    if printed:
        value = figure(printed)
        if value is not None and "%" in printed:
            return value
    return (now - before) / before * 100 if before > 0 and now >= 0 else None


def worked_rate(now: float, before: float) -> float | None:
    """The change as a report works it to print it (over the earlier figure's size), to
    find the printed one by; None without a base."""
    return (now - before) / abs(before) * 100 if before else None


def _pct(value: float) -> str:
    return f"{abs(value):,.2f}%"


def zh_sentence(label: str, now: Said, before: Said | None, change: float | None, ids: str) -> str:
    """ "本期营业总收入为475.58万元（…），较上期的569.92万元（…）下降16.55% [id]。" """
    said = f"{zh_period(now.column)}{label}为{now.shown}"
    if before is not None:
        then = zh_period(before.column)
        if change is None or now.value == before.value:
            said += f"，{then}为{before.shown}"
        else:
            move = "增长" if now.value > before.value else "下降"
            said += f"，较{then}的{before.shown}{move}{_pct(change)}"
    return f"{said} {ids}。"


def en_sentence(
    named: str, now: Said, before: Said | None, change: float | None, *, ids: str, verb: str = "was"
) -> str:
    """ "Total revenue (“营业总收入”) was RMB 4.76 million (…) in the current period
    (“本期发生额”), down 16.55% from RMB 5.70 million (…) in the prior-year period
    (“上期发生额”) [id]." (``verb``: "were" for a plural item.)"""
    said = f"{named} {verb} {now.shown} {en_period(now.column)}"
    if before is not None:
        if now.value == before.value:
            said += f", unchanged from {en_period(before.column)}"
        else:
            move = "up" if now.value > before.value else "down"
            by = f" {_pct(change)}" if change is not None else ""
            said += f", {move}{by} from {before.shown} {en_period(before.column)}"
    return f"{said} {ids}."
