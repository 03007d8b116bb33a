"""The whole company's column among several of one period: a consolidating statement
prints "Parent", "Guarantor Subsidiaries", "Eliminations" and "Consolidated" columns all
headed by the same year; the company's figure is the column saying so (words in
``agent/data/whole_columns.json``), not the period's first column."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from agent.figures.grid import Grid
from pipeline.text import lexicon

_DATA = Path(__file__).resolve().parents[1] / "data" / "whole_columns.json"
# a column that is no amount of its period: a change, a share ("% of Total")
_NOT_AMOUNT = lexicon.pattern("change_words.not_period_columns", template="%|{}", flags=re.I)


@cache
def _whole() -> re.Pattern[str]:
    words = json.loads(_DATA.read_text(encoding="utf-8"))["words"]
    alternation = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![^\W\d_])(?:{alternation})(?![^\W\d_])", re.I)


def whole_column(g: Grid, col: int) -> int:
    """``col``, or the column of the same period and length whose header alone says it
    holds the whole ("… Consolidated") when several columns share that period."""
    years = g.years()
    if col >= len(years) or years[col] is None:
        return col
    same = [
        i
        for i, c in enumerate(g.columns)
        if i < len(years) and years[i] == years[col] and c.months == g.columns[col].months
    ]
    if len(same) < 2:
        return col
    pattern = _whole()
    said = [(i, g.columns[i].text) for i in same]
    saying = [i for i, t in said if pattern.search(t) and not _NOT_AMOUNT.search(t)]
    # a word every column says ("Total" in each header) tells none of them apart
    return saying[-1] if saying and len(saying) < len(same) else col
