"""Rows named by two lines: a short row under a figure-less heading ("Earnings per share"
over "Basic" and "Diluted") is the item the two name together, said whole. Under a
heading naming a per-share item itself ("Earnings per common share––diluted:") every row
is that item for what its label names ("Income from continuing operations attributable
to …", "Net income attributable to …"): the one whose label the question says most, else
the group's last, its bottom line."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from agent.figures.grid import Grid, Row
from agent.figures.items import MIN_ROW_MATCH, norm, row_match
from agent.figures.parts import group_label
from pipeline.text.finance import LineItem, vocabulary

HEADED = 0.95  # "Diluted" under "Earnings per share": the item, named by two rows
_QUALIFIER_ROW = 2  # words at most of a row qualifying the heading above it
# a longer row under a heading naming a per-share item: that item, for what the row names
# (below a short row's HEADED); more for the share of its words the question says, a
# little for the group's bottom line
UNDER_ITEM, SAID_WORDS, BOTTOM_LINE = 0.8, 0.1, 0.02
_PER_SHARE_NAME = re.compile(r"\bper (?:\w+ ){0,2}share\b", re.I)
_WORD = re.compile(r"[a-z]{3,}")


def headed_match(g: Grid, r: Row, item: LineItem, question: str = "") -> float:
    """How surely a short row names the item with the figure-less heading above it
    ("Earnings per share" over "Basic" and "Diluted"), or a longer row is the per-share
    item its heading names (``under_item``); 0 when it does not, or when a short row names
    an item by itself ("Net income" under "Cash flows from operating activities:")."""
    # "per common share" is "per share" as the items name it
    heading = _PER_SHARE_NAME.sub("per share", group_label(g, r).replace("–", " "))
    if not heading.strip():
        return 0.0
    if len(r.label.split()) > _QUALIFIER_ROW:
        return under_item(g, r, heading, item, question)
    if _names_an_item(r.label):
        return 0.0
    return HEADED * row_match(f"{heading} {r.label}", item)


def under_item(g: Grid, r: Row, heading: str, item: LineItem, question: str) -> float:
    """How surely a row under a heading naming a per-share item is the one asked: the
    item, with the share of the label's words the question says and a little for the
    group's last row; 0 for an item no per-share name names, or another heading."""
    per_share = any(_PER_SHARE_NAME.search(norm(n)) for n in item.names)
    if not per_share or row_match(heading, item) < MIN_ROW_MATCH:
        return 0.0
    words = set(_WORD.findall(norm(r.label)))
    asked = set(_WORD.findall(norm(question)))
    said = len(words & asked) / len(words | (asked & _group_words(g, r))) if words else 0.0
    return UNDER_ITEM + SAID_WORDS * said + BOTTOM_LINE * _closes_group(g, r)


def _group_words(g: Grid, r: Row) -> set[str]:
    """The words of the labels of the rows under the same heading: a question's word one
    of them says and this one does not counts against it ("… from continuing operations
    attributable to …" asked: "Net income attributable to …" leaves "continuing" unsaid,
    its shorter label no better a match)."""
    heading = group_label(g, r)
    return {w for x in g.rows if group_label(g, x) == heading for w in _WORD.findall(norm(x.label))}


def _closes_group(g: Grid, r: Row) -> bool:
    """Is the row the last of its heading's group (no row of figures below it before
    the next heading)?"""
    later = sorted((x for x in g.rows if x.start > r.start), key=lambda x: x.start)
    return not later or group_label(g, later[0]) != group_label(g, r)


@lru_cache(maxsize=4096)
def _names_an_item(label: str) -> bool:
    """Does a short row name a line item by itself ("Net income" under "Cash flows from
    operating activities:")? Then it is that item, no qualifier of the heading above it:
    "Basic" and "Diluted" name nothing alone."""
    return any(row_match(label, i) >= MIN_ROW_MATCH for i in vocabulary().items.values())


def headed(g: Grid, r: Row) -> Row:
    """The row under a heading, labelled as a sentence names it whole ("Diluted" under
    "Earnings per share": "Diluted earnings per share", a per-share figure unscaled)."""
    heading = group_label(g, r)
    if len(r.label.split()) > _QUALIFIER_ROW:  # "Diluted earnings per share (Net income …)"
        return replace(r, label=f"{heading.rstrip(': ')} ({r.label.rstrip(': ')})")
    return replace(r, label=f"{r.label} {heading[:1].lower()}{heading[1:]}")


def read_as(g: Grid, r: Row, item: LineItem, question: str = "") -> tuple[float, Row]:
    """How surely a row is the item, and the row as a sentence names it: by its own
    label, else with the heading above it ("Diluted" under "Earnings per share")."""
    s = row_match(r.label, item)
    if s >= MIN_ROW_MATCH:
        return s, r
    h = headed_match(g, r, item, question)
    return (h, headed(g, r)) if h >= MIN_ROW_MATCH else (s, r)
