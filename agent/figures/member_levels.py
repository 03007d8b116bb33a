"""Which rows of a group are members of the kind a ranking asks for.

A table's rows under one heading are not always parts of one level:

- a row whose figure is the sum of all the others' is their total, not a member ("WW"
  = "US" + "Intl");
- a row whose figure is the sum of the run of rows right after it is their parent
  ("Surgery" over "Advanced" and "General", "Oncology" over its products): the group has
  two levels. A question naming a parent ("Which Oncology product …") asks for its
  children, any other for the top level (the parents and the rows under none: "Which
  MedTech franchise …" ranks Surgery, Orthopaedics, Vision, Interventional Solutions);
- rows naming only places ("US", "Intl", "Europe", "Asia-Pacific, Africa") split a whole
  by geography: they are regions, never products, and, when one of them was their total,
  the split of one row, no segments either (``by_place``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from agent.figures.grid import Row
from agent.figures.items import norm
from agent.scope import stem
from pipeline.text.lexicon import words
from pipeline.text.totals import TOTAL_ROW

MIN_CHILDREN = 2
_LABEL_WORD = re.compile(r"[a-z][a-z.'’-]*")


def _same(a: float, b: float) -> bool:
    """Equal within the rounding of printed figures (half a percent, or one unit)."""
    return abs(a - b) <= max(1.0, abs(b) * 0.005)


def _value(r: Row, col: int) -> float | None:
    return r.values[col] if col < len(r.values) else None


def without_total(rows: Sequence[Row], col: int) -> tuple[list[Row], bool]:
    """The rows without one whose figure is the sum of all the others' (their total), and
    whether there was one."""
    vals = [_value(r, col) for r in rows]
    if len(rows) <= MIN_CHILDREN or any(v is None for v in vals):
        return list(rows), False
    whole = sum(v or 0.0 for v in vals)
    for i, v in enumerate(vals):
        if v and _same(whole - v, v):
            return [r for j, r in enumerate(rows) if j != i], True
    return list(rows), False


def _children(vals: Sequence[float | None], i: int) -> int:
    """How many rows right after the ``i``-th add up to its figure (0 when none do)."""
    parent = vals[i]
    if not parent:
        return 0
    run = 0.0
    for n, v in enumerate(vals[i + 1 :], start=1):
        if v is None:
            return 0
        run += v
        if n >= MIN_CHILDREN and _same(run, parent):
            return n
    return 0


def _closing(vals: Sequence[float | None], k: int) -> int:
    """How many rows right before the ``k``-th add up to its figure, a subtotal closing
    them ("Europe / Asia-Pacific / International"); 0 when none do."""
    total = vals[k]
    if not total:
        return 0
    run = 0.0
    for n in range(1, k + 1):
        v = vals[k - n]
        if v is None:
            return 0
        run += v
        if n >= MIN_CHILDREN and _same(run, total):
            return n
    return 0


def _tree(rows: Sequence[Row], col: int) -> list[tuple[Row, list[Row]]]:
    """The top-level rows, each with the rows under it: those right after it that add up
    to it, or those right before it that it closes (a closing row adding up every row
    before it is the whole's total, left out)."""
    vals = [_value(r, col) for r in rows]
    top: list[tuple[Row, list[Row]]] = []
    i = 0
    while i < len(rows):
        n = _children(vals, i)
        top.append((rows[i], list(rows[i + 1 : i + 1 + n])))
        i += 1 + n
    heads = [_value(r, col) for r, _ in top]
    out: list[tuple[Row, list[Row]]] = []
    for k, (r, after) in enumerate(top):
        n = 0 if after else _closing(heads, k)
        if n and n == k:
            continue  # it closes every row before it: the whole's total
        if n and len(out) >= n and not any(u for _, u in out[-n:]):
            closed = [x for x, _ in out[-n:]]
            del out[-n:]
            out.append((r, closed))
        else:
            out.append((r, after))
    return out


def at_level(rows: Sequence[Row], col: int, question: str, *, leaves: bool = False) -> list[Row]:
    """The rows of the level asked: the children of the parent the question names, else
    the top level, or with ``leaves`` the rows under no other (a region's finest split:
    "U.S., Europe, Asia-Pacific" rather than "U.S., International")."""
    tree = _tree(rows, col)
    under = _named_parent(tree, question)
    if under:
        return under
    if leaves:
        return [x for r, under in tree for x in (under or [r])]
    return [r for r, _ in tree]


def _named_parent(tree: Sequence[tuple[Row, list[Row]]], question: str) -> list[Row]:
    """The children of the parent the question names; [] when it names none of them."""
    return next((under for r, under in tree if under and named_by(question, r.label)), [])


def parented(rows: Sequence[Row], col: int) -> bool:
    """Does a "Total …" row head rows adding up to it ("Total Oncology" over its products:
    a parent printed before its children)?"""
    vals = [_value(r, col) for r in rows]
    return any(TOTAL_ROW.match(r.label) and _children(vals, i) for i, r in enumerate(rows))


_TOTAL_WORDS = frozenset({"total"})
_REST_WORDS = frozenset({"other", "all"})


def named_by(question: str, label: str) -> bool:
    """Does the question say every word of the row's label ("Which Oncology product"
    names "Total Oncology"), its total words aside?"""
    asked = {stem(w) for w in _LABEL_WORD.findall(question.lower())}
    words = _LABEL_WORD.findall(norm(label))
    if _REST_WORDS & set(words):  # "Other Oncology" is the rest of Oncology, not it
        return False
    said = {stem(w) for w in words} - _TOTAL_WORDS
    return bool(said) and said <= asked


@cache
def _places() -> frozenset[tuple[str, ...]]:
    """Each place's name as the words a table labels a row with ("u.s.", "asia-pacific",
    "north america")."""
    return frozenset(tuple(_words(name)) for name in words("geography.places"))


@cache
def _joining() -> frozenset[str]:
    return frozenset(words("geography.joining"))


def _words(text: str) -> list[str]:
    return _LABEL_WORD.findall(re.sub(r"\([^)]*\)", " ", text.lower()))


def _longest_place(said: Sequence[str], i: int) -> int:
    """How many words from the ``i``-th make a place's name (the longest one), 0 if none."""
    longest = max((len(p) for p in _places()), default=0)
    for n in range(min(longest, len(said) - i), 0, -1):
        if tuple(said[i : i + n]) in _places():
            return n
    return 0


def is_place(label: str) -> bool:
    """Does the label name only places ("Western Hemisphere excluding U.S.", "Intl")? A
    word of a place's name alone is none ("North", "Pacific")."""
    said = _words(label)
    i, named = 0, False
    while i < len(said):
        if said[i] in _joining():
            i += 1
            continue
        n = _longest_place(said, i)
        if not n:
            return False
        i, named = i + n, True
    return named


def by_place(rows: Sequence[Row]) -> bool:
    """Do the rows split a whole by place (every one names only places, "Other" aside)?"""
    named = [r for r in rows if not _only_joining(r.label)]
    return len(named) >= MIN_CHILDREN and all(is_place(r.label) for r in named)


def mentions_place(label: str) -> bool:
    """Does the label name a place among its words ("MGM China", "Europe")?"""
    said = _words(label)
    return any(_longest_place(said, i) for i in range(len(said)))


def _only_joining(label: str) -> bool:
    return all(w in _joining() for w in _LABEL_WORD.findall(label.lower()))


@dataclass(frozen=True)
class Levelled:
    rows: list[Row]  # the members of the level asked
    totalled: bool  # a total was among the group's rows (a "WW" beside "US" and "Intl")
    nested: bool  # the rows had two levels, each parent the sum of its children
    under: bool = False  # the members are the children of the parent the question names


def members_of(rows: Sequence[Row], col: int, question: str, *, leaves: bool = False) -> Levelled:
    """The rows of the level asked without their totals, whether a total was among them
    (a row labelled as the whole, "WW", "Worldwide"; one adding up all the others; the
    whole's closing a two-level group) and whether they had two levels."""
    kept = [r for r in rows if not is_whole(r.label)]
    named = len(kept) < len(rows)
    kept, first = without_total(kept, col)
    tree = _tree(kept, col)
    nested = any(under for _, under in tree)
    # a "Total …" row is a member only as the parent printed over the rows it adds up
    # ("Total Oncology" over its products: the therapeutic area); any other is a total
    vals = [_value(r, col) for r in kept]
    heads = {id(r) for i, r in enumerate(kept) if _children(vals, i)}
    kept = [r for r in kept if id(r) in heads or not TOTAL_ROW.match(r.label)]
    under = bool(_named_parent(_tree(kept, col), question))
    kept = at_level(kept, col, question, leaves=leaves)
    # a named parent's children have their total in it: none of them is one (DARZALEX,
    # half of Oncology's sales, is no total of the other four)
    kept, last = (kept, False) if under else without_total(kept, col)
    return Levelled(kept, named or first or last, nested, under)


@cache
def _whole_words() -> frozenset[str]:
    return frozenset(words("geography.whole"))


def is_whole(label: str) -> bool:
    """Is the row labelled as the whole world ("WW", "Worldwide", "Total company")?"""
    return " ".join(_LABEL_WORD.findall(label.lower())) in _whole_words()
