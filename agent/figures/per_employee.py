"""A figure per employee ("revenue per employee", "how much net income did each employee
earn"): the figure's cell over the headcount a sentence of the filing states ("As of
December 1, 2017, we employed 17,973 people."; "we had approximately 79,000 employees").

No statement prints a headcount, so the cells method cannot work the quotient; answering
the figure alone would answer another question. This method reads the figure as the cells
method would (the question without its "per employee"), the headcount from the turn's
sentences, and works one over the other with both cited. A headcount not in the turn is a
need: the sentence stating it is searched for, and until it is found the answer says the
documents do not give the number of employees. A sentence stating two counts side by side
("55,000 full-time and 17,000 part-time employees") gives no one headcount: neither is
taken.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent import prompts
from agent.evidence import Evidence, units
from agent.figures.candidate import FigureAnswer
from agent.figures.cells import cells_answer
from agent.figures.formula import Cell
from agent.figures.grid import SCALES
from agent.figures.render import ids
from agent.figures.verify import Computed

# "per employee", "for each employee", "each Pfizer employee", "per head"
_ASKED = re.compile(
    r"\b(?:per|for each|each(?: [\w&.'’-]+){0,2}) (?:employee|worker|head)\b(?!s)",
    re.I,
)
# a count, then at most a few words ("full-time, part-time and seasonal"), then the noun
# counted; a percentage ("53% of our employees") or a sum ("$1,200 million") is no count
_COUNT = re.compile(
    r"(?<![\d.,$])(?P<n>\d{1,3}(?:,\d{3})+|\d{3,})(?![\d%.,]\d)(?!\s*%)(?!\s+(?:thousand|million|billion)\b)"
    r"(?:[\s,]+[A-Za-z/-]+){0,6}?[\s,]+"
    r"(?:employees|people|persons|associates|team members|workers)\b",
    re.I,
)
# another count just before ("55,000 full-time and 17,000 part-time employees")
_OTHER_COUNT = re.compile(r"\d,\d{3}(?:\s+[A-Za-z/-]+){1,3}\s+$")
_EMPLOYS = re.compile(r"\bemploy|\bworkforce\b|\bheadcount\b", re.I)
_SEARCH = "number of employees we employed approximately people worldwide"
_NOTE = "The documents do not say how many employees the company had."


@dataclass(frozen=True)
class Headcount:
    value: int
    quote: str
    chunk_id: str
    page: int


def asks_per_employee(question: str) -> bool:
    return _ASKED.search(question) is not None


def without_per_employee(question: str) -> str:
    """The question asking the figure itself ("How much revenue did Adobe bring in?")."""
    return " ".join(_ASKED.sub(" ", question).split())


def headcount(evidence: Sequence[Evidence]) -> Headcount | None:
    """The first headcount a sentence of the turn states, or None."""
    for ev in evidence:
        for p in ev.passages:
            for u in units(p.text):
                found = _count(u.text) if u.kind == "sentence" else None
                if found is not None:
                    return Headcount(found, " ".join(u.text.split()), p.chunk_id, p.page)
    return None


def _count(sentence: str) -> int | None:
    """The one count of people a sentence about employing states, or None."""
    if not _EMPLOYS.search(sentence):
        return None
    for m in _COUNT.finditer(sentence):
        if _OTHER_COUNT.search(sentence[: m.start()]):
            return None  # two counts side by side: no one headcount
        return int(m.group("n").replace(",", ""))
    return None


def per_employee_answers(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[FigureAnswer]:
    """The figure per employee with its working; the figure's own needs; or, without a
    headcount in the turn, the search for it and the note that it is not given."""
    if lang != "en" or not asks_per_employee(question):
        return []
    figures = cells_answer(without_per_employee(question), evidence, lang)
    found = next((f for f in figures if f.lines and len(f.cells) == 1), None)
    if found is None:
        return [f for f in figures if not f.lines]  # its statement's page still to read
    count = headcount(evidence)
    if count is None:
        return [FigureAnswer(missing=[_NOTE], searches=[_SEARCH], wanted=[("employees", None)])]
    return [_worked(found.cells[0], count)]


def _worked(cell: Cell, count: Headcount) -> FigureAnswer:
    """ "Total revenue per employee FY2017 = total revenue $7,301,505 thousands ÷ 17,973
    employees = $406.25 thousand [a][b]": the quotient in the cell's own unit, so the
    working checks as written; the headcount's sentence quoted after it."""
    people = Cell(
        "employees", "employees", count.value, f"{count.value:,}", cell.year, "",
        count.chunk_id, count.page,
    )  # fmt: skip
    value = cell.value / count.value
    scale = cell.scale if cell.scale in SCALES and cell.scale.isascii() else ""
    digits = max(0, 3 - math.floor(math.log10(abs(value)))) if value else 0
    when = f" FY{cell.year}" if cell.year else ""
    name = f"{cell.label[:1].upper()}{cell.label[1:]} per employee{when}"
    unit = f" {scale[:-1]}" if scale else ""  # "thousands" → "$406.2 thousand"
    line = (
        f"{name} = {cell.label.lower()} ${cell.raw.lstrip('$ ')}{unit} ÷ "
        f"{count.value:,} employees = ${value:,.{digits}f}{unit} {ids([cell, people])}."
    )
    in_dollars = value * SCALES.get(scale, 1.0)
    check = Computed(name, in_dollars, "ratio")
    quote = f'"{count.quote}" [{count.chunk_id}]'
    return FigureAnswer([line, quote], cells=[cell, people], computed=[check])
