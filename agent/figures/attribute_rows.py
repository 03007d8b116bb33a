"""A row of a table that is no statement of figures, said as a sentence.

A policy's schedule, a price list or a register heads its columns with what each cell is
("Retention period", "Custodian", "Hotel per night"), not with periods. Its row read the
way a statement's is ("18 months in Retention period") is no sentence anyone writes; it is
said as the value and what it is: "The retention period for blood samples is 5 years, and
the custodian is Laboratory manager" (the cells as printed), the column the question
names first. A table whose columns are periods ("2023", "Year ended June 30") is left to
the figure sentences (``figures/row_said.py``, ``writing._row_sentence``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.question.kinds import asked_kinds
from agent.scope import stem
from pipeline.text.lexicon import pattern
from pipeline.text.periods import PERIOD_MENTION_RE

# A column heading naming a period or a change between periods, not what a cell is.
_PERIODIC = pattern("table_headings.period_columns", template=r"%|\b(?:{})\b", flags=re.I)
_CHANGE = pattern("table_headings.change_columns", flags=re.I)
# What a table's first header cell says when it titles the table: its statement or unit.
_TITLE = pattern("table_headings.title_words", template=r"\bin\b|[$€£¥%]|{}", flags=re.I)
_WORD = re.compile(r"[a-z]{3,}")
# A heading that is a verb's phrase ("Approved by", "Issued to"): said before its cell.
_PREPOSITION = re.compile(r"\b(?:by|to|for|from|with|at|on|in)$", re.I)


def titles_table(cell: str) -> bool:
    """Does a header's first cell title the table (its statement, its unit: "(In
    millions)", "单位：元"), or only name the label column ("Item", "Region", "项目")?"""
    return bool(_TITLE.search(cell))


def attribute_columns(heads: Sequence[str]) -> bool:
    """Do the column headings say what each cell is (none names a period or a change)?"""
    named = [h for h in heads if h]
    return bool(named) and not any(
        PERIOD_MENTION_RE.search(h) or _PERIODIC.search(h) or _CHANGE.search(h) for h in named
    )


def attribute_sentence(label: str, pairs: Sequence[tuple[str, str]], question: str) -> str:
    """ "The retention period for audit logs is 18 months, and the custodian is IT
    security": each (heading, cell) pair as "the heading is the cell" ("approved by Flight
    officer" for a heading ending in a preposition); first the pairs whose heading shares a
    word with the question, then those whose cell is the kind of thing asked (words for
    "who", a figure for "how long"). No citation, no full stop."""
    asked = {stem(w) for w in _WORD.findall(question.lower())}
    kinds = asked_kinds(question) if question else frozenset()
    ordered = sorted(pairs, key=lambda hv: (not _words(hv[0]) & asked, not _fits(hv[1], kinds)))
    said = [_clause(h, v) for h, v in ordered]
    first, value = ordered[0]
    if _PREPOSITION.search(first):  # "Tide gauges: approved by Station warden, and …"
        said[0] = f"{label}: {said[0]}"
    else:
        said[0] = f"The {_lowered(first, heading=True)} for {_lowered(label)} is {value}"
    if len(said) == 1:
        return said[0]
    return ", ".join(said[:-1]) + ", and " + said[-1]


def _words(text: str) -> set[str]:
    return {stem(w) for w in _WORD.findall(text.lower())}


def _fits(value: str, kinds: frozenset[str]) -> bool:
    """Is the cell the kind of thing asked: words for who or where, a figure for how long,
    how much or when?"""
    figure = bool(re.search(r"\d", value))
    if kinds & {"person", "place"}:
        return not figure
    return figure if kinds & {"number", "date"} else False


def _clause(heading: str, value: str) -> str:
    if _PREPOSITION.search(heading):
        return f"{_lowered(heading, heading=True)} {value}"
    return f"the {_lowered(heading, heading=True)} is {value}"


def _lowered(text: str, *, heading: bool = False) -> str:
    """A heading or a label as it reads inside a sentence: a capital that only opens its
    cell goes ("Retention period" → "retention period", "Blood samples" → "blood
    samples"); an acronym, a capital further on or a row's one-word label keeps its case
    ("IT owner", "New York", "Beijing": a name for all this knows). A column's heading
    names what its cells are, so one word alone there is lowered ("Custodian")."""
    words = text.split()
    first = words[0] if words else ""
    opener = len(first) > 1 and first[0].isupper() and first[1:].islower()
    plain_after = not any(c.isupper() for w in words[1:] for c in w)
    if opener and plain_after and (heading or len(words) > 1):
        return first[0].lower() + text[1:]
    return text
