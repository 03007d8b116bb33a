"""Which of a row's columns the question asks for, when its header says more than a period.

A note prints one year under several column groups: "Pension U.S. 2022 | Pension
International 2022 | Retiree Medical 2022", "Three Months Ended … 2022 | Six Months Ended
… 2022", "January 28, 2023 Gross Carrying Amount | January 28, 2023 Accumulated
Amortization". The year alone does not tell them apart; the question does: the period's
length it names ("in the six months ended …") and the words of a group it says
("international pension plans", "accumulated amortization"). A column is chosen by its
year, then its length, then the most of the question's words its header says besides the
period; the period before it is read from the same group.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.figures.grid import Grid
from agent.figures.items import asked_items, years
from agent.figures.periods import months_of
from agent.scope import stem
from pipeline.text.periods import YEAR

# what a header says of its period or its scale, not of the group its figures belong to
_PERIOD_WORDS = re.compile(
    rf"\b{YEAR}\b|\b\d{{1,2}}\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)"
    r"[a-z]*\b|\b(?:three|six|nine|twelve|months?|weeks?|years?|quarters?|ended|ending|fiscal"
    r"|as|of|at|in|the|and|end|beginning|start|millions?|thousands?|billions?|dollars?|except"
    r"|per|share|data)\b",
    re.I,
)
_WORD = re.compile(r"[a-z]{2,}")


def group_words(header: str) -> frozenset[str]:
    """The stems of what a column's header says besides its period and scale ("Pension
    International 2022" → pension, international)."""
    rest = _PERIOD_WORDS.sub(" ", header.replace("U.S.", "us").replace("U.S", "us"))
    return frozenset(stem(w) for w in _WORD.findall(rest.lower()))


def group_said(header: str) -> str:
    """A column's group as its header prints it, without its period and scale ("Pension
    International"); "" when it says none."""
    text = _PERIOD_WORDS.sub(" ", re.sub(r"\([^)]*\)", " ", header))
    return " ".join(w for w in re.sub(r"[^\w.&'-]+", " ", text).split() if w != ".")


def question_words(question: str) -> frozenset[str]:
    """The question's words, and those of every name of the line items it asks: a group
    printed by another name of the item ("Capital Spending" for capex) is said too."""
    text = question.replace("U.S.", "us").replace("U.S", "us")
    names = " ".join(n for a in asked_items(question) for n in a.item.names if n.isascii())
    return frozenset(stem(w) for w in _WORD.findall(f"{text} {names}".lower()))


def said_share(g: Grid, col: int, question: str) -> int:
    """How many of the words of the column's group the question says."""
    return len(group_words(g.columns[col].text) & question_words(question))


def asked_column(g: Grid, cols: Sequence[int], question: str) -> tuple[int, bool]:
    """The column of ``cols`` the question asks for: of the year it names (else the
    latest), of the length it names (else a whole year's before a part's), then the one
    whose group the question says most of; and whether its group decided it among columns
    of the same period (so the period does not leave the figure ambiguous)."""
    at = _of_year(g, cols, question)
    months = months_of(question)
    if months in (None, 12):  # a whole year's column before a part's
        at = [i for i in at if g.columns[i].months in (None, 12)] or at
    else:  # the length named, else a column naming none
        exact = [i for i in at if g.columns[i].months == months]
        at = exact or [i for i in at if g.columns[i].months is None] or at
    scores = {i: said_share(g, i, question) for i in at}
    best = max(scores.values(), default=0)
    top = [i for i in at if scores[i] == best]
    if best > 0 and len(top) == 1:
        return top[0], len(at) > 1
    return at[0], False


def _of_year(g: Grid, cols: Sequence[int], question: str) -> list[int]:
    """The columns of the first year the question names that the row has; else of the
    latest dated year; else all (an undated table)."""
    for y in years(question):
        hit = [i for i in cols if g.columns[i].year == y]
        if hit:
            return hit
    dated = [i for i in cols if g.columns[i].year is not None]
    if not dated:
        return list(cols)
    latest = max(g.columns[i].year or 0 for i in dated)
    return [i for i in dated if g.columns[i].year == latest]


def same_group(g: Grid, cols: Sequence[int], lead: int) -> list[int]:
    """The columns of ``cols`` of the lead's group (its header's words besides the period);
    all of them when the lead's header says none."""
    own = group_words(g.columns[lead].text)
    if not own:
        return list(cols)
    return [i for i in cols if group_words(g.columns[i].text) == own]
