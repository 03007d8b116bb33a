"""A part's share of a whole where the part is a column, not a row: "What share of
Pfizer's FY20 total revenues came from international markets?" read off

    (MILLIONS)      | Worldwide 2020 | U.S. 2020 | International 2020
    Total revenues  |        41,651  |   21,455  |            20,196

The row is the one the question names as the whole ("total revenues", "North America net
sales", "Pfizer CentreOne's revenues"); the part is the column of the period asked whose
own header words (those the period's other columns do not share) the question names as
the part ("international markets", "Rigid Packaging"). Its total is the column of that
period whose figure is the sum of a run of at least two of the period's columns holding
the part, whatever its header says ("Worldwide", "Total") — the mirror of
``part_totals.printed_total``. A part worded as a complement ("outside the US") is the
other column of a two-column total. The working names both columns and is cited.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from agent.figures.candidate import FigureAnswer
from agent.figures.formula import Cell
from agent.figures.grid import Grid, Row
from agent.figures.items import shown_label
from agent.figures.part_shares import (
    NOT_WHOLE,
    PERIOD_TAIL,
    asked_part,
    complement_of,
    label_words,
    names_word,
    period_columns,
    said_count,
    whole_words,
)
from agent.figures.part_totals import ordered_rows
from agent.figures.render import decimals
from agent.figures.verify import Computed
from pipeline.text.totals import CONSOLIDATED_ROW

MIN_PARTS = 2  # columns a total adds up


@dataclass(frozen=True)
class _Found:
    g: Grid
    row: Row
    part: int  # the part's column
    total: int  # the column adding up the run holding it
    run: tuple[int, ...]


def _header_words(g: Grid, cols: Sequence[int]) -> dict[int, set[str]]:
    """Each column's own header words: those not every column of the period says (the
    period's "Year Ended December 31, … 2020"), figures left out."""
    said = {i: {w for w in label_words(g.columns[i].text) if not w[:1].isdigit()} for i in cols}
    common = set.intersection(*said.values()) if said else set()
    return {i: ws - common for i, ws in said.items()}


def _whole_rows(g: Grid, whole: str) -> list[Row]:
    """The rows the whole names: every word of the label (past "Total") said by the
    whole's phrase, its owner's words with it ("Pfizer CentreOne's revenues" names the
    row "Pfizer CentreOne"); the longest labels first, a sum of other rows last."""
    asked = set(label_words(whole))
    found: list[tuple[int, bool, int, Row]] = []
    rows = ordered_rows(g)
    for n, r in enumerate(rows):
        label = [w for w in label_words(shown_label(r.label)) if w not in NOT_WHOLE]
        if label and all(names_word(w, asked) for w in label):
            found.append((-len(label), bool(CONSOLIDATED_ROW.match(r.label)), n, r))
    return [r for *_, r in sorted(found, key=lambda f: f[:3])]


def _close(total: float, summed: float) -> bool:
    return abs(summed - total) <= max(1.0, abs(total) * 0.005)


def _total_of(row: Row, cols: Sequence[int], part: int) -> tuple[int, tuple[int, ...]] | None:
    """The column of ``cols`` whose figure is the sum of a run of at least two of the
    others (in printed order, empty "$" columns skipped) holding ``part``."""
    filled = [i for i in cols if i < len(row.values) and row.values[i] is not None]
    for t in filled:
        total = row.values[t] or 0.0
        others = [i for i in filled if i != t]
        if t == part or total == 0 or part not in others:
            continue
        at = others.index(part)
        for lo in range(at + 1):
            for hi in range(at + 1, len(others) + 1):
                run = others[lo:hi]
                summed = sum(row.values[i] or 0.0 for i in run)
                if len(run) >= MIN_PARTS and _close(total, summed):
                    return t, tuple(run)
    return None


def _find(g: Grid, question: str, whole: str, part: str) -> _Found | None:
    wanted = whole_words(whole)
    cols = [i for i in period_columns(g, question, wanted) if g.columns[i].year is not None]
    heads = _header_words(g, cols)
    rest = complement_of(part)
    asked = set(label_words(PERIOD_TAIL.split(rest if rest is not None else part)[0]))
    named = [i for i in cols if heads[i] and all(names_word(w, asked) for w in heads[i])]
    title = g.passage.section.rsplit(" > ", 1)[-1]
    head = g.passage.text[: min((r.start for r in g.rows), default=0)]
    for row in _whole_rows(g, whole):
        if said_count(wanted, " ".join((title, head, row.label))) < len(wanted):
            continue  # the table says not every word of the whole asked
        for col in named:
            total = _total_of(row, cols, col)
            if total is None:
                continue
            t, run = total
            at = col
            if rest is not None:  # "outside the US": the other column of a two-column total
                if len(run) != MIN_PARTS:
                    continue
                at = next(i for i in run if i != col)
            share = (row.values[at] or 0.0) / (row.values[t] or 1.0) * 100
            if 0 < share <= 100:
                return _Found(g, row, at, t, run)
    return None


def column_share(question: str, tables: Sequence[Grid]) -> FigureAnswer | None:
    """The share of the whole's row the part's column holds, from the first table (by
    rank) printing both in the period asked; None when no share of a whole is asked or no
    table holds the part as a column of such a row."""
    asked = asked_part(question)
    if asked is None:
        return None
    whole, part = asked
    for g in sorted(tables, key=lambda g: g.passage.rank or 99):
        found = _find(g, question, whole, part)
        if found is not None:
            return _answer(found, question)
    return None


def _shown(raw: str) -> str:
    return raw.strip("()$ ")


def _answer(f: _Found, question: str) -> FigureAnswer:
    g, row = f.g, f.row
    value, total = row.values[f.part] or 0.0, row.values[f.total] or 0.0
    share = value / total * 100
    digits = decimals(question, 1)
    part_head, total_head = g.columns[f.part].text, g.columns[f.total].text
    label = shown_label(row.label)
    p = g.passage
    line = (
        f"{label}: {part_head} as a share of {total_head} (the total of the {len(f.run)} "
        f"columns beside it) = {_shown(row.raws[f.part])} ÷ {_shown(row.raws[f.total])} "
        f"= {share:.{digits}f}% [{p.chunk_id}]."
    )
    cells = [
        Cell(
            "",
            row.label,
            row.values[i] or 0.0,
            row.raws[i],
            g.columns[i].year,
            g.columns[i].text,
            p.chunk_id,
            p.page,
            g.unit(row),
        )
        for i in (f.part, f.total)
    ]
    check = Computed("share", share, "ratio", percent=True, bound="share")
    return FigureAnswer([line], cells=cells, computed=[check])
