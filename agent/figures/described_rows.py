"""The row a question describes in its own words when it names no line item: every row of
the turn's tables is weighed by the question's words its label says, and those its
heading, parent row and table say ("Less: Valuation allowance" under "Deferred tax assets –
federal and state"; "Total" of a table captioned "Our self-insured liabilities …").

A label word the question does not say counts against the row, except the words a total
or a balance prints ("Total", "Ending balance"); a row whose label is only such words is
named by its heading and table alone. Abbreviations are read spelled out ("OCI": other
comprehensive income, ``finance_terms.json``) and a question's other wordings as a
filing's (``agent/data/described_rows.json``). What a question says was taken off the
figure ("net of the valuation allowance", "excluding noncontrolling interests") is not
the row asked: the row right after the one naming it, which closes the deduction, is.
Qualifiers (current / long-term, domestic / foreign) agree or not as ``row_context`` reads
them. The best row answers only when its label says a word of the question and its
weight is clearly above the next row's of another figure.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agent.figures.grid import Grid, Row
from agent.figures.items import years
from agent.figures.row_context import chunk_before, framing, row_fit
from agent.figures.statements import head_of
from agent.figures.worded_rows import terms
from pipeline.text.expand import spelled_out

_TOTAL = re.compile(r"^\s*total\b", re.I)
_RULE = re.compile(r"^[\s|:-]*$")
_DATA = Path(__file__).resolve().parents[1] / "data" / "described_rows.json"
FRAMED = 0.5  # a question word said by the row's heading, parent row or table, not its label
UNSAID = 0.5  # a label word the question does not say
DEDUCTED = 1.0  # a label word naming what the question says was taken off
CLOSING = 2.0  # the row right after the one naming what was taken off: the figure net of it
AGREED = 1.0  # per qualifier of the question the row's context agrees with (or not)
MISSED = 0.5  # a question word neither the row's label nor its context says
MIN_WEIGHT = 2.0  # below this, the row is only loosely described
MIN_COVERED = 0.5  # the share of the question's words the row and its context must say
MIN_LEAD = 0.5  # over the next row of another figure: else the description is ambiguous


@dataclass(frozen=True)
class _Words:
    asking: frozenset[str]
    generic: frozenset[str]
    deducting: re.Pattern[str]  # what was taken off the figure asked: "net of …"
    deducted_after: re.Pattern[str]  # what is taken off after it: "before …"
    not_deducted: frozenset[str]
    synonyms: tuple[tuple[re.Pattern[str], str], ...]


def _marked(phrases: list[str]) -> re.Pattern[str]:
    """A phrase, then what it names, to the end of its clause or a period's words."""
    markers = "|".join(re.escape(m) for m in phrases)
    return re.compile(
        rf"\b(?P<marker>{markers})\b(?P<what>[^,;?]*?)(?=\s+(?:in|for|at|as of|during)\s|[,;?]|$)",
        re.I,
    )


@cache
def _words() -> _Words:
    raw = json.loads(_DATA.read_text(encoding="utf-8"))
    return _Words(
        asking=terms(" ".join(raw["asking"])),
        generic=terms(" ".join(raw["generic"])),
        deducting=_marked(raw["deducting"]),
        deducted_after=_marked(raw["deducted_after"]),
        not_deducted=terms(" ".join(raw["not_deducted"])),
        synonyms=tuple((re.compile(s["said"], re.I), s["words"]) for s in raw["synonyms"]),
    )


@dataclass(frozen=True)
class Described:
    """What the question says of the row it describes."""

    asked: frozenset[str]  # its words, spelled out, less how it asks and whose figure
    taken_off: frozenset[str]  # the words of what it says was taken off the figure
    taken_after: frozenset[str]  # the words of what it says is taken off after it
    markers: frozenset[str]  # the deducting phrases it uses ("net of", "before")
    whose: frozenset[str]  # the words of the company it asks of ("Quarvel's")


# the company a question asks of, named before its possessive: "Quarvel's", "Keswick Hotels'"
_WHOSE = re.compile(r"((?:[A-Z][\w&.-]*\s+){0,3}[A-Z][\w&.-]*)(?:['\u2019]s\b|s['\u2019])")


_PERIOD_TERM = re.compile(r"fy\d{2,4}|[qh][1-4]|[1-4][qh]", re.I)


def _spelled(text: str) -> str:
    """The text with its other wordings' and its abbreviations' filing words after it."""
    w = _words()
    said = [s for p, s in w.synonyms if p.search(text)]
    return " ".join([text, *said, *(f for _, a in spelled_out(text) for f in a.long)])


def _deducted(question: str, pattern: re.Pattern[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The words of what the question's phrases of ``pattern`` name as taken off, and
    the words of those phrases; none for what a figure is printed net of ("net of tax")."""
    w = _words()
    taken: frozenset[str] = frozenset()
    markers: frozenset[str] = frozenset()
    for m in pattern.finditer(question):
        off = terms(_spelled(m.group("what")))
        if off - w.not_deducted - w.asking:
            taken |= off - w.asking
            markers |= {m.group("marker").lower()}
    return taken, markers


def described(question: str) -> Described:
    """The question's describing words and what it says was taken off the figure."""
    w = _words()
    taken, markers = _deducted(question, w.deducting)
    after, later = _deducted(question, w.deducted_after)
    # the abbreviations as written and the deducting phrases are no words of the row
    said_so = terms(" ".join([*(s for s, _ in spelled_out(question)), *markers, *later]))
    whose = terms(" ".join(m.group(1) for m in _WHOSE.finditer(question)))
    asked = terms(_spelled(question)) - w.asking - taken - after - said_so - whose
    # a period's words name the column, never the row ("H1", "FY2023", "Q2")
    asked = frozenset(t for t in asked if not _PERIOD_TERM.fullmatch(t))
    return Described(asked, taken, after, markers | later, whose)


@dataclass(frozen=True)
class Found:
    """The row described, its table, and how many of the question's words its heading,
    parent row and table say beyond its label (what qualifies an item asked)."""

    grid: Grid
    row: Row
    framed: int


def described_row(question: str, tables: Sequence[Grid]) -> Found | None:
    """The row the question describes best, with its table, when it leads clearly."""
    want = described(question)
    if not want.asked:
        return None
    asked_years = years(question)
    scored: list[tuple[float, int, Grid, Row, int]] = []
    for g in tables:
        if asked_years and all(g.column_for(y) is None for y in asked_years):
            continue
        ordered = sorted(g.rows, key=lambda r: r.start)
        carried = carried_heading(chunk_before(list(tables), g))
        for i, r in enumerate(ordered):
            near = (ordered[i - 1] if i else None, ordered[i + 1] if i + 1 < len(ordered) else None)
            if carried and _TOTAL.match(r.label):
                carried = ""  # a total closes the group the heading opened
            weighed = _weight(question, want, g, r, near, carried=carried)
            if weighed is not None:
                scored.append((weighed[0], g.passage.rank or 99, g, r, weighed[1]))
    if not scored:
        return None
    scored.sort(key=lambda s: (-s[0], s[1]))
    best = scored[0]
    rival = next((s for s in scored[1:] if _figures(s[3]) != _figures(best[3])), None)
    if best[0] < MIN_WEIGHT or (rival is not None and best[0] - rival[0] < MIN_LEAD):
        return None
    return Found(best[2], best[3], best[4])


def carried_heading(before: Grid | None) -> str:
    """The heading the chunk before ends with, over rows the chunking cut from it
    ("Pension and retiree medical items:" closing one chunk, its rows opening the next);
    "" when that chunk ends with a row of figures or is not in the turn."""
    if before is None:
        return ""
    for line in reversed(before.passage.text.strip().split("\n")):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.strip().startswith("|") or not cells[0] or _RULE.match(line):
            return ""
        return "" if any(re.search(r"\d", c) for c in cells[1:]) else cells[0]
    return ""


def _weight(
    question: str,
    want: Described,
    g: Grid,
    r: Row,
    near: tuple[Row | None, Row | None],
    *,
    carried: str = "",
) -> tuple[float, int] | None:
    """The row's weight for the question; None when its label says none of its words.
    ``near``: the rows just before and after it; ``carried``: the heading over the
    table's first rows from the chunk before."""
    before, after = near
    if not any(v is not None for v in r.values):
        return None
    w = _words()
    own = terms(r.label)
    generic = own and own <= w.generic
    # a part named as the figure's owner ("MGM China's Adjusted Property EBITDAR"): the
    # row it labels, under the metric's heading
    said = own if own and own <= want.whose and not generic else own & want.asked
    heading, parent = framing(g.passage.text, r.start)
    heading = heading or carried
    around = terms(f"{heading} {parent} {head_of(g)}") - own
    framed = around & want.asked
    if not said and not (generic and len(framed) >= 2):
        return None
    if len(said | framed) < MIN_COVERED * len(want.asked):
        return None
    # a label printing the question's phrase ("… before allocation to noncontrolling
    # interests") says what it names as its own words, and is read by them alone
    states = any(re.search(rf"\b{re.escape(m)}\b", r.label, re.I) for m in want.markers)
    off = want.taken_off | want.taken_after
    said |= own & off if states else frozenset()
    unsaid = own - want.asked - w.generic - off - want.whose
    missed = want.asked - said - framed
    weight = len(said) + FRAMED * len(framed) - UNSAID * len(unsaid) - MISSED * len(missed)
    if not states:
        weight -= DEDUCTED * len(own & off)
        weight += CLOSING * _closes(want, before, after)
    agree, _ = row_fit(question, g.passage.text, r.start, r.label)
    return weight + AGREED * agree, len(framed)


def _closes(want: Described, before: Row | None, after: Row | None) -> bool:
    """Is the row the figure net of what the question says was taken off (right after
    the row naming it), or the figure before what it says is taken off later (right
    before that row)?"""
    if want.taken_off and before is not None and terms(before.label) & want.taken_off:
        return True
    return bool(want.taken_after and after is not None and terms(after.label) & want.taken_after)


def _figures(r: Row) -> tuple[float | None, ...]:
    return tuple(r.values)
