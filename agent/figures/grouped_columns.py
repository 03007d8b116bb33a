"""A row's figure under the column group the question names, by its own words or by
another name of the line item it asks:

    |        | Total Assets 2052 | Total Assets 2051 | Capital Spending 2052 | …
    | Bakery | $11,042           | $9,763            | $1,464                | …

"What was Bakery's capex in 2051?" names the row by its label and the group by the
item's other name ("capital spending" is a name of capex in the vocabulary), so the cell
is the row's in the group's column of the year asked. Divisions, segments and regions
are listed so, with one column group per measure; no item names the row, so the item
lookup never reads it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from agent import prompts
from agent.figures.candidate import FigureAnswer
from agent.figures.column_choice import group_said, group_words, question_words
from agent.figures.formula import Cell
from agent.figures.grid import Grid, Row
from agent.figures.items import years
from agent.figures.render import ids, scale_word
from agent.figures.worded_rows import terms as _words
from pipeline.text.totals import TOTAL_WORD

# every label and heading of a turn's tables is read for each question: read once
terms = lru_cache(maxsize=16384)(_words)

_NOTE_MARK = re.compile(r"\s*\([a-z\d]\)\s*", re.I)  # a footnote mark: "Corporate (a)"


def grouped_answer(
    question: str, tables: Sequence[Grid], lang: prompts.Lang
) -> FigureAnswer | None:
    """The cell of the row the question names, in the column of the year asked whose group
    the question names; None when no table of the turn groups its columns so."""
    ys = years(question)
    if lang != "en" or len(ys) != 1:
        return None
    asked, said = terms(question), question_words(question)
    best: tuple[tuple[int, int], Grid, Row, int] | None = None
    for g in tables:
        groups = {group_words(c.text) for c in g.columns}
        if len(groups) < 2 or frozenset() in groups:
            continue  # one group, or a column naming none: the period lookup reads it
        for col, c in enumerate(g.columns):
            group = group_words(c.text)
            if c.year != ys[0] or not group <= said:
                continue
            for r in g.rows:
                own = terms(_NOTE_MARK.sub(" ", r.label))
                if not own or not own <= asked or TOTAL_WORD.match(r.label):
                    continue
                if col >= len(r.values) or r.values[col] is None:
                    continue
                key = (len(own), len(group))
                if best is None or key > best[0]:
                    best = (key, g, r, col)
    return _answer(*best[1:]) if best is not None else None


def _answer(g: Grid, r: Row, col: int) -> FigureAnswer:
    value = r.values[col]
    assert value is not None
    c = g.columns[col]
    cell = Cell("grouped_row", r.label, value, r.raws[col], c.year, c.text,
                g.passage.chunk_id, g.passage.page, g.scale)  # fmt: skip
    money = "$" if g.currency == "$" or "$" in r.raws[col] else ""
    sign = "−" if value < 0 else ""
    shown = r.raws[col].strip("$() ")
    label = _NOTE_MARK.sub(" ", r.label).strip()
    line = (
        f"{label} {group_said(c.text)} was {sign}{money}{shown}{scale_word(g.scale, 'en')} "
        f"in {c.year} {ids([cell])}."
    )
    return FigureAnswer([line], cells=[cell])
