"""Which member did most or least by a column the question names when the measure is no
line item: "Which nominee drew the fewest votes against?" over "Nominee / For / Against /
Abstain", "Which category grew comparable sales the least?" over "Revenue Mix Summary /
Comparable Sales Summary" of each year.

The column is the one of the period asked whose name (its header less its period's
words) the question says most of; the members are the rows with a figure in it, less a
total's row and the rows the question names (a parent: "Domestic", a member left out:
"outside the United States"). The answer is the member at the place asked, with every
other member's figure: "Jennifer Bailey had the lowest Against: 4,200,722 [id]. Others:
…". ``column_members.py`` reads members across the head; this reads them down the rows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence
from agent.figures.candidate import FigureAnswer
from agent.figures.column_members import (
    PERIOD_WORDS,
    WHOLE,
    ColumnTable,
    question_stems,
    said_in_full,
    tables,
)
from agent.figures.grid import figure
from agent.figures.items import years
from agent.figures.member_kinds import asked_kind
from agent.figures.member_levels import mentions_place
from agent.question.compare import asks_change, asks_extreme, place_word, placed, wants_minimum
from agent.scope import stem

MIN_MEMBERS = 2
_UNIT = re.compile(r"\((?:in )?(?:thousands|millions|billions|percent|%)")
_LONG = 4  # a column's word the question must say: "Against", never "For" or "Net"


def named_column_ranking(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> FigureAnswer | None:
    """The row at the place asked in the column the question names, and every other
    row's figure; None when no table of the turn has a column the question names."""
    if lang != "en" or not asks_extreme(question):
        return None
    said = {stem(w) for w in re.findall(r"[a-z][\w-]*", question.lower()) if len(w) >= _LONG}
    stems = question_stems(question)
    year = max(years(question), default=None)
    best: tuple[tuple[int, float, int], ColumnTable, int, list[tuple[str, str]]] | None = None
    for table in tables(evidence):
        named = _named_column(table, said, year)
        if named is None:
            continue
        score, col = named
        if asks_change(question) and not _rates(table, col):
            continue  # a change asked ("shrank the most") is no column of amounts
        rows, under = _under_named(table.rows, stems)
        members = [
            (r[0].strip(), r[col].strip())
            for r in rows
            if col < len(r) and figure(r[col]) is not None and _member(r[0], stems)
        ]
        if len(members) < MIN_MEMBERS or not _of_kind(question, [m for m, _ in members]):
            continue
        key = (under, score, len(members))  # the rows under a heading named first
        if best is None or key > best[0]:
            best = (key, table, col, members)
    if best is None:
        return None
    _, table, col, members = best
    return _answer(question, table, col, members)


def _named_column(table: ColumnTable, said: set[str], year: int | None) -> tuple[float, int] | None:
    """The column of the period asked whose name's long words the question says most of
    (half of them at least), with how many it says."""
    best: tuple[float, int] | None = None
    for i, cell in enumerate(table.head[1:], start=1):
        stated = [int(y) for y in re.findall(r"\b(?:19|20)\d\d\b", cell)]
        if year is not None and stated and stated[0] != year:
            continue
        words = {
            stem(w)
            for w in re.findall(r"[a-z][\w-]*", PERIOD_WORDS.sub(" ", cell).lower())
            if len(w) >= _LONG
        }
        hit = len(words & said)
        if words and hit * 2 >= len(words) and (best is None or hit > best[0]):
            best = (hit + hit / len(words), i)
    return best


def _under_named(rows: list[list[str]], stems: set[str]) -> tuple[list[list[str]], int]:
    """The rows under the heading the question names ("Among the Regional Operations
    properties": the rows below "Regional Operations:" up to the next heading) and 1, or
    all of them and 0."""
    for at, r in enumerate(rows):
        if not any(map(figure, r[1:])) and said_in_full(r[0], stems):
            below = rows[at + 1 :]
            end = next((k for k, b in enumerate(below) if not any(map(figure, b[1:]))), None)
            return below[:end], 1
    return rows, 0


def _rates(table: ColumnTable, col: int) -> bool:
    """Is the column one of percentages (a growth, a comparable-sales change)?"""
    cells = [r[col].strip() for r in table.rows if col < len(r) and figure(r[col]) is not None]
    return bool(cells) and all(c.endswith("%") for c in cells)


def _member(label: str, stems: set[str]) -> bool:
    """A row that is a member: no total's, none the question names (a parent, a member
    left out)."""
    low = label.strip().lower()
    if _UNIT.search(low):  # "Square footage (in thousands)": another measure's row
        return False
    return bool(low) and low.split()[0] not in WHOLE and not said_in_full(label, stems)


def _of_kind(question: str, labels: list[str]) -> bool:
    """Places where regions are asked, no list of places where another kind is."""
    kind = asked_kind(question)
    if kind is None:
        return True
    placed_ = [mentions_place(m) for m in labels]
    return all(placed_) if kind == "region" else not all(placed_)


def _answer(
    question: str, table: ColumnTable, col: int, members: list[tuple[str, str]]
) -> FigureAnswer | None:
    top = placed(members, lambda m: figure(m[1]) or 0.0, question)
    if top is None:
        return None
    cid = f"[{table.passage.chunk_id}]"
    name = " ".join(PERIOD_WORDS.sub(" ", table.head[col]).split())
    word = place_word(question, wants_minimum(question))
    others = "; ".join(f"{m} = {v}" for m, v in members if (m, v) != top)
    return FigureAnswer(
        [f"{top[0]} had the {word} {name}: {top[1]} {cid}.", f"Others: {others} {cid}."]
    )
