"""Two rows of one period set against each other: "How did Pfizer's FY21 R&D spend compare
with its SG&A?", "Did Best Buy pay out more in dividends than it spent on buybacks in
FY23?", "Did Amazon's fulfillment costs grow faster than its net sales in FY19?".

The question names two sides, each by a row's words ("dividends" for "Dividends paid",
"buybacks" for "Repurchase of common stock" by the vocabulary's search synonyms, "R&D" for
"Research and development" spelled out). One table printing both rows is read (the same
column, so the same period, for both): each side's figure for the period asked, the
difference as an amount and in percent of the second, or, when the question compares
growth, each row's change from the period before. A yes or no opens the answer only when
the question asks one with a comparative these two figures decide ("more … than",
"faster than"). None when no table prints both rows for the period.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent import prompts
from agent.evidence import Evidence
from agent.figures.candidate import FigureAnswer
from agent.figures.formula import Cell, mid_sentence
from agent.figures.grid import Grid, Row
from agent.figures.items import shown_label, years
from agent.figures.move_verdicts import read_on
from agent.figures.numerals import number
from agent.figures.periods import into_year, months_of
from agent.figures.render import ids, scale_word, when
from agent.figures.statements import table_fit
from agent.figures.turn_tables import grids
from agent.figures.versus import sides as versus_sides
from agent.figures.worded_rows import terms
from agent.question.asked_move import asked_move
from agent.question.parsed import parse
from pipeline.text.expand import spelled_out
from pipeline.text.finance import vocabulary

# "How did A compare with B", "Did A … more than B": the two sides' words
_COMPARE = re.compile(
    r"^\W*how\s+(?:did|does|do|has|have|was|were|is|are)\s+(?P<a>.+?)\s+"
    r"(?:compared?|stack(?:ed)?\s+up)\s+(?:to|with|against)\s+(?P<b>.+?)[?.\s]*$",
    re.I,
)
_THAN = re.compile(r"^\W*(?P<a>.+?)\s+than\s+(?P<b>.+?)[?.\s]*$", re.I)
_GROWTH = re.compile(r"\b(?:grow|grew|grown|growth|faster|slower)\w*", re.I)
_MORE = re.compile(r"\b(?:more|higher|larger|bigger|greater|faster|exceed\w*|above)\b", re.I)
_LESS = re.compile(r"\b(?:less|fewer|lower|smaller|slower|below)\b", re.I)
# label words that say nothing of which row it is ("Total net sales" is net sales)
_BARE = frozenset({"total", "net"})
MIN_COVER = 0.6  # the share of a row label's words a side must say
_STATEMENTS = ("income", "balance", "cash")
_PERIOD = re.compile(r"(?:fy|q[1-4]|h[12]|fiscal)?\d*", re.I)
_OWNERS = frozenset({"it", "its", "their", "they", "our", "we"})


@dataclass(frozen=True)
class _Side:
    row: Row
    fit: float
    now: Cell
    before: Cell | None


def two_items_answer(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> FigureAnswer | None:
    """Both sides' figures, their difference (or their growth) and a decided yes or no."""
    if lang != "en":
        return None
    sides = _sides(question)
    # a ratio's sides ("operating margin") are worked from its formula, never two rows;
    # members of one measure ("U.K. revenue", "Continental Europe revenue") are ``versus``'s
    if sides is None or _ratio_named(question) or versus_sides(question) is not None:
        return None
    growth = bool(_GROWTH.search(question))
    months = months_of(question)
    into = into_year(question, months)
    asked = years(question)
    year = asked[-1] if asked else None
    best: tuple[float, _Side, _Side] | None = None
    for g in grids(evidence):
        col = g.column_for(year, months=months, into=into)
        prior = g.column_for(year, offset=1, months=months, into=into) if col is not None else None
        if col is None or (growth and prior is None):
            continue
        if months is None and g.columns[col].months not in (None, 12):
            continue  # a quarter's table answers a question naming a part of the year only
        a, b = (_side(g, words, col, prior) for words in sides)
        if a is None or b is None or a.row is b.row:
            continue
        # a primary statement printing both before a note's breakdown of them by function
        statement = max(table_fit(g, kind) for kind in _STATEMENTS)
        fit = a.fit + b.fit + statement - 0.01 * (g.passage.rank or 0)
        if best is None or fit > best[0]:
            best = (fit, a, b)
    if best is None:
        return None
    _, a, b = best
    lines = _growth_lines(a, b) if growth else _level_lines(a, b)
    if not lines:
        return None
    said = _verdict(question, a, b, growth)
    if said:
        lines[0] = f"{said}: {read_on(lines[0])}"
    cells = [c for s in (a, b) for c in (s.now, s.before) if c is not None]
    return FigureAnswer(lines, cells=cells)


def _ratio_named(question: str) -> bool:
    named = set(parse(question).metrics)
    return any(m.percent or "/" in m.formula for m in vocabulary().metrics if m.key in named)


def _sides(question: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """Each side's words, spelled out and widened by the search synonyms they match;
    None when the question sets no two things against each other."""
    m = _COMPARE.match(question)
    if m is None:
        if asked_move(question).kind != "comparison":
            return None  # "than in FY2021" is one item's two periods
        m = _THAN.match(question)
    if m is None:
        return None
    # sides sharing a word name members of one measure ("domestic comps" and
    # "international comps"), not two rows: a table of members is read by their kind
    if _own(m.group("a")) & _own(m.group("b")):
        return None
    return _words(m.group("a")), _words(m.group("b"))


def _own(side: str) -> frozenset[str]:
    """A side's own words: no period ("FY23", "2024"), no pronoun standing for the owner,
    no possessive's "s" ("North America's")."""
    return frozenset(
        w for w in terms(side) if len(w) > 1 and not _PERIOD.fullmatch(w) and w not in _OWNERS
    )


def _words(side: str) -> frozenset[str]:
    text = side
    for _, abbreviation in spelled_out(side):
        text += " " + " ".join(abbreviation.long)
    for found, widened in vocabulary().synonyms:
        if found.search(side):
            text += " " + widened
    return terms(text)


def _side(g: Grid, words: frozenset[str], col: int, prior: int | None) -> _Side | None:
    """The row the side's words name best in this table, with its cells."""
    best: tuple[float, Row] | None = None
    for r in g.rows:
        own = terms(shown_label(r.label)) - _BARE
        if not own or col >= len(r.values) or r.values[col] is None:
            continue
        cover = len(own & words) / len(own)
        if cover < MIN_COVER:
            continue
        fit = cover + 0.1 * len(own & words)
        if best is None or fit > best[0]:
            best = (fit, r)
    if best is None:
        return None
    fit, r = best
    before = None
    if prior is not None:
        if prior >= len(r.values) or r.values[prior] is None:
            return None
        before = _cell(g, r, prior)
    return _Side(r, fit, _cell(g, r, col), before)


def _cell(g: Grid, r: Row, col: int) -> Cell:
    # an outflow printed in brackets ("(789)") is compared by its size
    return g.cell(r, col, value=abs(r.values[col] or 0.0))


def _level_lines(a: _Side, b: _Side) -> list[str]:
    """ "Research and development was 13,829 and selling … 12,703 in FY2021 [id]." and the
    difference as an amount and in percent of the second."""
    x, y = a.now, b.now
    if x.scale != y.scale or not y.value:
        return []
    unit = scale_word(x.scale, "en")
    diff = x.value - y.value
    pct = diff / y.value * 100
    first = (
        f"{shown_label(x.label)} was {number(x.value)}{unit} and {_low(y.label)} "
        f"{number(y.value)}{unit} {when(x, False)} {ids([x, y])}."
    )
    sign = "−" if diff < 0 else ""
    second = (
        f"Difference = {number(x.value)} − {number(y.value)} = {sign}{number(abs(diff))}{unit} "
        f"({sign}{abs(pct):.1f}% of {_low(y.label)})."
    )
    return [first, second]


def _growth_lines(a: _Side, b: _Side) -> list[str]:
    """Each side's change from the period before, worked from its two cells."""
    said = []
    for s in (a, b):
        if s.before is None or not s.before.value:
            return []
        pct = (s.now.value - s.before.value) / s.before.value * 100
        said.append(
            f"{_low(s.now.label)} ({number(s.now.value)} − {number(s.before.value)}) ÷ "
            f"{number(s.before.value)} = {'−' if pct < 0 else ''}{abs(pct):.1f}%"
        )
    head = said[0][:1].upper() + said[0][1:]
    cells = [a.now, a.before, b.now, b.before]
    return [f"{head}; {said[1]}, {when(a.now, False)} {ids([c for c in cells if c])}."]


def _verdict(question: str, a: _Side, b: _Side, growth: bool) -> str:
    """ "Yes" or "No" on a yes-or-no question's comparative, decided by the two figures."""
    move = asked_move(question)
    if not re.match(r"^\W*(?:did|does|do|was|were|is|are|has|have)\b", question, re.I):
        return ""
    if move.kind != "comparison":
        return ""
    x, y = (_growth(s) if growth else s.now.value for s in (a, b))
    if x is None or y is None:
        return ""
    if _MORE.search(question):
        return "Yes" if x > y else "No"
    if _LESS.search(question):
        return "Yes" if x < y else "No"
    return ""


def _growth(s: _Side) -> float | None:
    if s.before is None or not s.before.value:
        return None
    return (s.now.value - s.before.value) / s.before.value


def _low(label: str) -> str:
    return mid_sentence(shown_label(label))
