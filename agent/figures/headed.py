"""Rows named by two lines: a short row under a figure-less heading ("Earnings per share"
over "Basic" and "Diluted") is the item the two name together, said whole."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from agent.figures.grid import Grid, Row
from agent.figures.items import MIN_ROW_MATCH, row_match
from agent.figures.parts import group_label
from pipeline.text.finance import LineItem, vocabulary

HEADED = 0.95  # "Diluted" under "Earnings per share": the item, named by two rows
_QUALIFIER_ROW = 2  # words at most of a row qualifying the heading above it


def headed_match(g: Grid, r: Row, item: LineItem) -> float:
    """How surely a short row names the item with the figure-less heading above it
    ("Earnings per share" over "Basic" and "Diluted"); 0 when it does not."""
    if len(r.label.split()) > _QUALIFIER_ROW or _names_an_item(r.label):
        return 0.0
    heading = group_label(g, r)
    return HEADED * row_match(f"{heading} {r.label}", item) if heading else 0.0


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
    return replace(r, label=f"{r.label} {heading[:1].lower()}{heading[1:]}")


def read_as(g: Grid, r: Row, item: LineItem) -> tuple[float, Row]:
    """How surely a row is the item, and the row as a sentence names it: by its own
    label, else with the heading above it ("Diluted" under "Earnings per share")."""
    s = row_match(r.label, item)
    if s >= MIN_ROW_MATCH:
        return s, r
    h = headed_match(g, r, item)
    return (h, headed(g, r)) if h >= MIN_ROW_MATCH else (s, r)
