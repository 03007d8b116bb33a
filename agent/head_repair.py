"""A table's column heads as stored by an older ingest, repaired for display.

A head printed in lines over two columns ("2023" centred over "Amount" and "Percent / to
Sales") was read with its middle line spread over both columns, so the heads stored in
the chunks read "2023 Percent Amount | 2023 Percent to Sales" (J&J's Q2 2023 release; the
parser now keeps the line with its own column, which takes a re-ingest). Read again:
where sibling columns share their opening words, and the last shared word goes on into a
phrase in one sibling ("Percent to Sales": its next word is lowercase, a preposition)
but not in another ("Percent Amount"), that word is the one sibling's own. A table's
title saying a parenthesised unit twice ("($ in Millions) Q2 ($ in Millions)": the unit
found above the table and again in the labels' column head) says it once.
"""

from __future__ import annotations

import re

_GROUP = re.compile(r"\([^()]*\)")


def said_once(title: str) -> str:
    """The title with each parenthesised group after its first saying dropped."""
    seen: set[str] = set()

    def first(m: re.Match[str]) -> str:
        key = " ".join(m.group(0).lower().split())
        if key in seen:
            return ""
        seen.add(key)
        return m.group(0)

    return " ".join(_GROUP.sub(first, title).split())


def repaired(head: str) -> str:
    """A Markdown header row's cells (``a | b | c``) with the value columns' heads
    unstacked, before a row's empty cells take their heads away with them: the sibling
    that shows where the stacked word belongs may be a column the row leaves empty."""
    line = head.strip()
    if line.startswith("|") and line.endswith("|"):  # a Markdown row, not cells joined
        line = line[1:-1]
    cells = [c.strip() for c in (line if line != head.strip() else head).split("|")]
    if len(cells) < 3:
        return head
    return " | ".join([cells[0], *unstacked(cells[1:])])


def unstacked(heads: list[str]) -> list[str]:
    """The heads with a stacked word taken from the siblings it does not begin a phrase in."""
    words = [h.split() for h in heads]
    out = list(heads)
    i = 0
    while i < len(words):
        j = i + 1
        while j < len(words) and _shared(words[i], words[j]) > 0:
            j += 1
        if j - i > 1:
            _repair(words, out, i, j)
        i = j
    return out


def _shared(a: list[str], b: list[str]) -> int:
    n = 0
    while n < min(len(a), len(b)) - 1 and a[n] == b[n]:
        n += 1
    return n


def _repair(words: list[list[str]], out: list[str], start: int, end: int) -> None:
    """Within siblings ``start``..``end`` sharing opening words, drop their last shared
    word where it begins no phrase, when in another sibling it does."""
    n = min(_shared(words[start], words[k]) for k in range(start + 1, end))
    tails = [words[k][n:] for k in range(start, end)]
    goes_on = [bool(t) and t[0][:1].islower() for t in tails]
    if not any(goes_on) or all(goes_on):
        return
    for k, on in zip(range(start, end), goes_on, strict=True):
        if not on:
            out[k] = " ".join([*words[k][: n - 1], *words[k][n:]])
