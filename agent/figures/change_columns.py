"""A change an earnings release prints on the basis a question names.

A release's sales tables print, beside the two periods' figures, the change on several
bases, each in its own column: "% Change Reported | Operational | Currency | Adjusted
Operational", or per period group ("FOURTH QUARTER Percent Change Total | Operations |
Currency", then "TWELVE MONTHS …"). The grids read only the periods' figures; the change
asked "on an operational basis", "as reported" or "from currency" is none of them and no
working gives it (the currency effect is not the change of two printed figures). It is
read here from the printed cell: in a row holding the current figure the answer worked
from, under the header line of its table, the column whose heading names the basis asked
(bases and their words: ``pipeline/text/data/lexicon/change_bases.json``) and, among
several, the period group of the current figure's own column.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from agent import prompts
from agent.figures.formula import Cell
from agent.figures.grid import Grid, Row, figure
from agent.figures.items import shown_label
from agent.figures.markdown_tables import row_cells
from pipeline.text import lexicon

_BASES = ("adjusted_operational", "constant_currency", "organic", "operational", "currency")
_ALL = (*_BASES, "reported")
_RULE = re.compile(r"^[\s|:-]*$")
_WORD = re.compile(r"[a-z]{3,}")
_SAME = 1e-9  # relative difference of two figures read as the same printed figure


@cache
def _patterns() -> dict[str, re.Pattern[str]]:
    """Each basis's words as one pattern (letters, not word ends, around them: a heading
    prints its footnote's number on the word, "Operational1,2")."""
    return {
        b: lexicon.pattern(f"change_bases.{b}", template=r"(?<![a-z])(?:{})(?![a-z])", flags=re.I)
        for b in _ALL
    }


def _basis(text: str, bases: Sequence[str]) -> str | None:
    """The basis of ``bases`` a text says, the longest words first ("adjusted operational"
    before "operational")."""
    found = [(m.end() - m.start(), b) for b in bases if (m := _patterns()[b].search(text))]
    return max(found)[1] if found else None


def names_basis(head: str) -> bool:
    """Does a column heading name a basis a change is printed on ("Total", "Operations",
    "Currency")?"""
    return _basis(head, _ALL) is not None


def asked_basis(question: str) -> str | None:
    """The basis the question asks a change on, other than as reported; None when it
    names none (a reported change is the printed-rate lead's)."""
    return _basis(question, _BASES)


@dataclass(frozen=True)
class BasisCell:
    raw: str  # as printed: "(1.1)"
    head: str  # its column's heading: "% Change Operational1,2"
    label: str  # its row's label
    chunk_id: str


def header_cells(text: str, start: int) -> list[str] | None:
    """The header line of the Markdown table the row at ``start`` is in: the line above
    its rule line."""
    lines = text[:start].rstrip("\n").split("\n")
    for i in range(len(lines) - 1, 0, -1):
        if _RULE.match(lines[i]) and lines[i].strip().startswith("|"):
            return row_cells(lines[i - 1])
    return None


def _holds(r: Row, value: float) -> bool:
    return any(v is not None and abs(v - value) <= _SAME * max(1.0, abs(value)) for v in r.values)


def _words(text: str) -> frozenset[str]:
    return frozenset(_WORD.findall(text.lower()))


def basis_cell(tables: Sequence[Grid], basis: str, now: Cell) -> BasisCell | None:
    """The printed change on ``basis`` in a row holding ``now``'s figure: its own row
    first, then any; among a row's columns of the basis, the one whose heading shares the
    most words with ``now``'s column (its period group); None when no row prints one."""
    best: tuple[tuple[int, int], BasisCell] | None = None
    for g in tables:
        for r in g.rows:
            if not _holds(r, now.value):
                continue
            own = int(g.passage.chunk_id == now.chunk_id and r.label == now.label)
            heads = header_cells(g.passage.text, r.start)
            cells = row_cells(g.passage.text[r.start : r.end])
            if heads is None or len(heads) != len(cells):
                continue
            for head, raw in zip(heads[1:], cells[1:], strict=True):
                if _basis(head, _ALL) != basis or figure(raw) is None:
                    continue
                key = (own, len(_words(head) & _words(now.period)))
                if best is None or key > best[0]:
                    best = (key, BasisCell(raw, head, r.label, g.passage.chunk_id))
    return best[1] if best is not None else None


def basis_lead(tables: Sequence[Grid], question: str, now: Cell, lang: prompts.Lang) -> list[str]:
    """The printed change on the basis the question names, as the answer's lead: "The
    report prints the operational change in International (“% Change Operational”) as
    (1.1)% [id]."; none when it names no basis or no row prints one."""
    basis = asked_basis(question)
    found = basis_cell(tables, basis, now) if basis is not None and lang == "en" else None
    if basis is None or found is None:
        return []
    raw = found.raw.replace(" ", "")
    said = raw if raw.endswith("%") else f"{raw}%"
    head = re.sub(r"(?<=[a-z])\d(?:,\d)*", "", found.head)  # its footnote marks
    name = basis.replace("_", " ")
    label = shown_label(found.label)
    return [
        f"The report prints the {name} change in {label} (“{head}”) as {said} [{found.chunk_id}]."
    ]
