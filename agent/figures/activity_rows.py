"""Rows of an activity table: a balance carried from one dated row to the next by the
year's movements printed between them, the same labels again for each year.

    | Outstanding as of December 31, 2017 | 20.1 | 725 |
    | Units granted                       | 5.0  | 1,522 |
    | Units forfeited                     | (2.1) | 862 |
    | Outstanding as of December 31, 2018 | 15.9 | 1,024 |

A movement's year is the year its closing balance row dates, not a column: such tables
(share-award, option and unit activity, roll-forwards of a balance) print no period
columns, so the period-column tables' readers never see them, and a row read by its label
alone is the first year's. The movement asked is the row of the year asked whose label's
words the question says; its column, the one whose head says the most of the question's
other words, else the first (the count, not a price beside it)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from agent import prompts
from agent.evidence import Evidence
from agent.figures.grid import scale_named
from agent.figures.items import shown_label, years
from agent.figures.markdown_tables import row_cells
from agent.figures.periods import closing_month
from agent.figures.worded_rows import terms
from pipeline.text import periods

_RULE = re.compile(r"^[\s|:-]*$")
_FIGURE = re.compile(r"\d")
_CAPTION = 300  # characters before a table that may caption it
_DATE = re.compile(periods.LONG_DATE)
_SCALE_WORDS = {"thousands": " thousand", "millions": " million", "billions": " billion"}


@dataclass(frozen=True)
class _Movement:
    said: tuple[int, int]  # the question's words its label and column head say; its table's
    label: str
    figure: str
    head: str  # the column's head when not the first value column, else ""
    closes: str  # the date of the closing balance row
    scale: str
    chunk_id: str


def activity_line(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> str | None:
    """The sentence of the movement asked, for the one year the question names, from an
    activity table of the turn; None when the question names no single year or no such
    table has the row."""
    asked_years = years(question)
    if lang != "en" or len(asked_years) != 1:
        return None
    asked = terms(question)
    found = [
        m
        for ev in evidence
        for p in ev.passages
        for table in _tables(p.text)
        for m in _movements(table, asked, asked_years[0], p.chunk_id, p.text)
    ]
    if not found:
        return None
    m = max(found, key=lambda x: x.said)
    head = f" ({m.head})" if m.head else ""
    figure = m.figure.strip("()$ ")
    return f"{m.label}{head} in the year to {m.closes}: {figure}{m.scale} [{m.chunk_id}]."


def _tables(text: str) -> Iterator[list[str]]:
    """Each run of Markdown table lines of a passage's text, rule lines dropped."""
    run: list[str] = []
    for line in [*text.split("\n"), ""]:
        if line.strip().startswith("|"):
            if not _RULE.match(line):
                run.append(line)
        elif run:
            yield run
            run = []


def _movements(
    table: list[str], asked: frozenset[str], year: int, chunk_id: str, text: str
) -> Iterator[_Movement]:
    """The table's movement rows of ``year`` whose label's words the question says."""
    rows = [row_cells(line) for line in table]
    dated = [i for i, cells in enumerate(rows) if closing_month(cells[0]) is not None]
    if len(dated) < 2:
        return
    head = rows[0] if 0 not in dated and not any(_FIGURE.search(c) for c in rows[0][1:]) else []
    at = text.find(table[0])
    caption = f"{text[max(0, at - _CAPTION) : at]} {table[0]}"
    scale = _SCALE_WORDS.get(scale_named(caption), "")
    for i, cells in enumerate(rows):
        closes = next((d for d in dated if d > i), None)
        if i in dated or closes is None or not any(d < i for d in dated):
            continue
        # "Shares at January 2, 2022" closes December 2021: a 52-week year ending in
        # its first week belongs to the year before
        closed = closing_month(rows[closes][0])
        if closed is None or closed[1] != year:
            continue
        label = shown_label(cells[0])
        said = _label_said(label, asked)
        if not said:
            continue
        rest = asked - terms(label)
        col, col_said = _column(head, cells, rest)
        if col is None:
            continue
        named = head[col] if col_said and col < len(head) else ""
        # the kind of award the table's caption or corner names ("Market-Based Share
        # Awards"), beside another kind's table of the same rows
        corner = head[0] if head else ""
        kind = len(terms(f"{caption} {corner}") & rest)
        if corner and terms(corner) & rest:
            label = f"{corner}: {label}"
        yield _Movement(
            (said + col_said, kind),
            label,
            cells[col],
            named,
            _date(rows[closes][0]),
            scale,
            chunk_id,
        )


def _date(label: str) -> str:
    """The date a balance row's label prints ("December 31, 2018"), else the label."""
    found = _DATE.findall(label)
    return found[-1] if found else label


def _label_said(label: str, asked: frozenset[str]) -> int:
    """How many words of the label the question says, when it says all the words of one
    of its alternatives ("Canceled/forfeited": "forfeited"); else 0."""
    for alternative in label.split("/"):
        own = terms(alternative)
        if own and own <= asked:
            return len(terms(label) & asked)
    return 0


def _column(head: list[str], cells: list[str], asked: frozenset[str]) -> tuple[int | None, int]:
    """The value column asked and how many of the question's words its head says: the
    head saying the most, else the row's first figure."""
    figures = [i for i, c in enumerate(cells) if i > 0 and _FIGURE.search(c)]
    if not figures:
        return None, 0
    said = {i: len(terms(head[i]) & asked) if i < len(head) else 0 for i in figures}
    best = max(figures, key=lambda i: (said[i], -i))
    return best, said[best]
