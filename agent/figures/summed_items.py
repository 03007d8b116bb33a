"""Two or three members of one table added: "What were the combined sales of STELARA and
TREMFYA in 2022?", "What operating profit did the FLNA, QFNA and PBNA divisions earn
combined?", "How much revenue came from EMEA and APAC together?".

A question asks a sum when it says its members are added ("combined", "together", "in
all", "between them", "added", "the sum of") and names them one after another, joined
only by "and", "or", "plus" or commas. Each member is a row of one table whose own words
the question says at that place ("Print and Publishing" is one row's label, not two
members), all read in the same column, so of the same period. The answer adds their
cells and shows every operand, cited: "STELARA 9,723 + TREMFYA 2,668 = 12,391 in 2022".
A row of the table printing that sum ("Total division") is said beside it; no row need:
a filing seldom totals the members a question picks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent import prompts
from agent.evidence import Evidence
from agent.figures.candidate import FigureAnswer
from agent.figures.formula import mid_sentence
from agent.figures.grid import Grid, Row
from agent.figures.headings import groups
from agent.figures.items import shown_label, years
from agent.figures.numerals import number
from agent.figures.periods import into_year, months_of
from agent.figures.render import ids, scale_word, when
from agent.figures.turn_tables import grids
from agent.figures.worded_rows import terms
from agent.question.parsed import parse
from pipeline.text.finance import vocabulary
from pipeline.text.totals import TOTAL_WORD

# words saying the members named are to be added
_ADDED = re.compile(
    r"\b(?:combined|together|altogether|in all|between them|added|summed|sum of|"
    r"taken together|in aggregate|aggregate)\b",
    re.I,
)
# what may stand between two members named one after another
_JOINERS = frozenset({"and", "or", "plus", "&", "the", "its", "their", "as", "well"})
_WORD = re.compile(r"[\w&'’.-]+|,")
_BARE = frozenset({"total", "net"})  # "Total APAC" is APAC
MAX_MEMBERS = 3
_TOLERANCE = 0.5  # a printed total may differ from its parts' sum by rounding


@dataclass(frozen=True)
class _Named:
    """A row the question names, and where: word positions [start, end)."""

    row: Row
    start: int
    end: int
    name: str  # how the answer names it: its label, under its heading's name if any


def asks_sum(question: str) -> bool:
    """Does the question ask for members to be added?"""
    return bool(_ADDED.search(question))


def summed_answer(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> FigureAnswer | None:
    """The members' sum with every operand, from the first table (by rank) naming two or
    three of them side by side with a figure each for the period asked; None when none
    does, or the question asks no sum."""
    if lang != "en" or not asks_sum(question):
        return None
    words = [w.lower() for w in _WORD.findall(question)]
    months = months_of(question)
    into = into_year(question, months)
    asked = years(question)
    for g in grids(evidence):
        col = g.column_for(asked[-1] if asked else None, months=months, into=into)
        if col is None:
            continue
        col = _named_column(g, col, words)
        members = _members(g, words, col) or _counted(g, question, words, col)
        if members:
            return _answer(g, members, col, _item_said(question))
    return None


# "its three reportable segments": every member of that kind, counted, none named
_COUNTED = re.compile(
    r"\b(?:all\s+)?(?:its|the|their|our|[\w.&-]+['’]s)\s+(two|three|four|five)\s+"
    r"(?:reportable\s+|operating\s+)?(?:segments|divisions|regions)\b",
    re.I,
)
_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5}


def _counted(g: Grid, question: str, words: Sequence[str], col: int) -> list[_Named]:
    """Every group of the table when the question counts its members instead of naming
    them ("its three reportable segments"): each group's row the question names, when the
    table has as many groups holding one as the question counts."""
    m = _COUNTED.search(question)
    if m is None:
        return []
    asked = terms(" ".join(words))
    found = []
    for group in groups(g):
        said = [r for r in group.members if _usable(g, r, col) and _own(r) <= asked]
        if said:
            row = max(said, key=lambda r: len(_own(r)))
            found.append(
                _Named(row, 0, 0, f"{group.heading} {mid_sentence(shown_label(row.label))}")
            )
    return found if len(found) == _COUNTS[m.group(1).lower()] else []


def _named_column(g: Grid, col: int, words: Sequence[str]) -> int:
    """Of the columns of the period chosen, the one whose header the question names best
    ("Operating Profit 2021" beside "Net Revenue 2021" for operating profit asked); the
    chosen one when none says more of it."""
    asked = terms(" ".join(words))
    chosen = g.columns[col]
    same = [
        i for i, c in enumerate(g.columns) if (c.year, c.months) == (chosen.year, chosen.months)
    ]
    said = {i: len(terms(g.columns[i].text) & asked) for i in same}
    best = max(same, key=lambda i: said[i])
    return best if said[best] > said[col] else col


def _item_said(question: str) -> str:
    """The line item the question adds its members' figures of, as it says it ("net
    revenue"); "" when it names none of the vocabulary's."""
    low = question.lower()
    for key in parse(question).items:
        for name in vocabulary().items[key].names:
            m = re.search(rf"(?<![a-z]){re.escape(name.lower())}(?![a-z])", low)
            if name.isascii() and m:
                return question[m.start() : m.end()]
    return ""


def _members(g: Grid, words: Sequence[str], col: int) -> list[_Named]:
    """The rows the question names one after another, joined only by joiners (two or
    three, each with an amount in the column); empty when it names no such run."""
    rows = [n for r in g.rows if _usable(g, r, col) for n in _places(r, words)]
    named = sorted([*rows, *_headed(g, words, col)], key=lambda n: (n.start, -(n.end - n.start)))
    best: list[_Named] = []
    for i, first in enumerate(named):
        run = [first]
        for n in named[i + 1 :]:
            gap = words[run[-1].end : n.start]
            # a word both members' rows say may stand between ("U.S. Pharmaceutical
            # and U.S. MedTech": "U.S." rows under each heading)
            shared = _own(run[-1].row) & _own(n.row)
            if n.start >= run[-1].end and all(_joins(w, shared) for w in gap):
                run.append(n)
        if len(run) > len(best):
            best = run
    members = list({id(n.row): n for n in reversed(best)}.values())[::-1]
    return members if 2 <= len(members) <= MAX_MEMBERS else []


def _usable(g: Grid, r: Row, col: int) -> bool:
    """A row with an amount in the column (no rate, no per-share figure) and a name of its
    own: a total row ("Total division") adds the members up, it is none of them."""
    if col >= len(r.values) or r.values[col] is None or g.unscaled(r):
        return False
    if TOTAL_WORD.match(r.label):
        return False
    return "%" not in r.raws[col] and bool(_own(r))


def _own(r: Row) -> frozenset[str]:
    return terms(shown_label(r.label)) - _BARE


def _joins(word: str, shared: frozenset[str]) -> bool:
    return word in _JOINERS or word == "," or (bool(terms(word)) and terms(word) <= shared)


def _places(r: Row, words: Sequence[str]) -> list[_Named]:
    """Where the question names the row by its own label."""
    label = shown_label(r.label)
    return [_Named(r, a, b, label) for a, b in _spans(label, _own(r), words)]


def _spans(label: str, own: frozenset[str], words: Sequence[str]) -> list[tuple[int, int]]:
    """Where the question says a label's own words, all of them in a run of as many words
    (joiners aside), opening and closing on one of them."""
    out = []
    size = len(own) + sum(1 for w in label.lower().split() if w in _JOINERS)
    for start in range(len(words)):
        window = words[start : start + size]
        said = terms(" ".join(window))
        if own and own <= said and terms(window[0]) & own and terms(window[-1]) & own:
            out.append((start, start + len(window)))
    return out


def _headed(g: Grid, words: Sequence[str], col: int) -> list[_Named]:
    """Members named by the heading over a group of rows ("STELARA" over "U.S.",
    "International", "Worldwide"; "Las Vegas Strip Resorts" over its revenue lines): the
    group's row the question names elsewhere by its own words ("worldwide sales",
    "non-casino revenue"), at the heading's place."""
    asked = terms(" ".join(words))
    out = []
    for group in groups(g):
        said = [r for r in group.members if _usable(g, r, col) and _own(r) <= asked]
        if not said:
            continue
        row = max(said, key=lambda r: len(_own(r)))
        own = terms(group.heading) - _BARE
        name = f"{group.heading} {mid_sentence(shown_label(row.label))}"
        out += [_Named(row, a, b, name) for a, b in _spans(group.heading, own, words)]
    return out


def _answer(g: Grid, members: Sequence[_Named], col: int, item: str) -> FigureAnswer | None:
    rows = [n.row for n in members]
    cells = [g.cell(r, col) for r in rows]
    if len({c.scale for c in cells}) != 1:
        return None
    total = sum(c.value for c in cells)
    unit = scale_word(cells[0].scale, "en")
    terms_said = " + ".join(
        f"{n.name} {number(c.value)}" for n, c in zip(members, cells, strict=True)
    )
    line = f"{terms_said} = {number(total)}{unit} {when(cells[0], False)} {ids(cells)}."
    line = f"{item}: {line}" if item else line  # the answer names the line item asked
    lines = [line[:1].upper() + line[1:]]
    printed = _printed_total(g, rows, col, total)
    if printed is not None:
        lines.append(
            f"The table prints this sum as {shown_label(printed.label)} "
            f"{number(total)}{unit} {ids([g.cell(printed, col)])}."
        )
    return FigureAnswer(lines, cells=cells)


def _printed_total(g: Grid, rows: Sequence[Row], col: int, total: float) -> Row | None:
    """A total row of the table equal to the members' sum, if one is printed."""
    for r in g.rows:
        value = r.values[col] if col < len(r.values) else None
        if r in rows or value is None or not TOTAL_WORD.match(r.label):
            continue
        if abs(value - total) <= _TOLERANCE:
            return r
    return None
