"""A guidance table's cells read apart: each measure's range, midpoint and change.

Releases print guidance as a row per measure whose cells merge its range and midpoint,
often with the change on the prior year below it in the same cell ("Adjusted EPS
(Diluted) / Mid-point  Change vs. Prior Year / Mid-point | $10.70 – $10.80 / $10.75
5.5% – 6.5% / 6.0% | $10.60 – $10.70 / $10.65 4.5% – 5.5% / 5.0%"), and a parser may run
several rows into one. The label is cut after each midpoint it names ("/ Mid-point"),
each cell into its ranges ("low – high / midpoint"); the n-th part of the label names the
n-th range of every cell. A part saying only the change ("Change vs. Prior Year") is the
change of the measure named before it. Columns are the months each forecast was given
("July 2023 | April 2023"), read from the row's own cells, its table's header, or the
chunk before it on the page.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from agent.evidence import Evidence, Passage, units
from agent.figures.guidance import guidance_table
from pipeline.text import lexicon
from pipeline.text.periods import YEAR

_FIG = r"\(?[$€£¥]?\s?\d[\d,]*(?:\.\d+)?\s?(?:%|[BMK](?![A-Za-z]))?\)?"
_GROUP = re.compile(rf"({_FIG})\s*(?:–|—|-|to)\s*({_FIG})(?:\s*/\s*({_FIG}))?")
_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_ISSUED = re.compile(rf"\b(?:{_MONTHS})\s+{YEAR}\b(?!\s*,)", re.I)
_MID = lexicon.pattern("guidance.row_words", template=r"(?:{})[\d,]*", flags=re.I)
_AS_WORDS = r"(?<![\w-])(?:{})(?![\w-])"
_CHANGE = lexicon.pattern("guidance.change_labels", template=_AS_WORDS, flags=re.I)
_NOTE = re.compile(r"(?<=[A-Za-z)])\d+(?:,\d+)*")  # a footnote's marks: "Sales2,5"
_PAREN = re.compile(r"\([^)]*\)")
_TITLE = lexicon.pattern("guidance.headings", template=_AS_WORDS, flags=re.I)
_TITLE_LENGTH = 80  # a title's line, not a sentence mentioning guidance
_BACK = 3  # chunks before a table its title may sit in


@dataclass(frozen=True)
class Guided:
    """One measure's guidance as one column prints it."""

    measure: str  # "Adjusted EPS (Diluted)"
    change: bool  # the change on the prior year, not the measure's level
    column: str  # "July 2023", or "" when the table names none
    index: int  # the column's place in its row (0: the first, the release's own forecast)
    low: str
    high: str
    mid: str  # "" when the cell prints none
    passage: Passage
    row: str  # the row as printed
    heading: Passage | None = None  # the passage titling the table ("FULL-YEAR 2023 GUIDANCE")
    title: str = ""  # that title's line


def _segments(label: str) -> list[str]:
    """The label cut after each midpoint it names."""
    cuts = [m.end() for m in _MID.finditer(label)]
    parts = [label[a:b] for a, b in zip([0, *cuts], cuts, strict=False)]
    return [p.strip() for p in parts if p.strip()]


def _measures(label: str) -> list[tuple[str, bool]]:
    """Each part's measure and whether it is the change, in the label's order."""
    out: list[tuple[str, bool]] = []
    last = ""
    for part in _segments(_PAREN.sub(lambda m: m.group(0) if len(m.group(0)) < 12 else " ", label)):
        text = _MID.sub(" ", part)
        text = _NOTE.sub("", text).replace("/", " ")
        change = _CHANGE.search(text)
        own = " ".join(text[: change.start()].split()) if change else " ".join(text.split())
        if own:
            last = own
            out.append((own, False) if not change else (own, True))
        else:
            out.append((last, True))
    return out


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


def _columns(p: Passage, evidence: Sequence[Evidence]) -> list[str]:
    """The months the passage's forecasts were given, in column order: its own header
    line, or the last one of the chunks before it on its page in the turn."""
    for q in _before(p, evidence, _BACK):
        if q.page != p.page:
            continue
        for line in [*q.columns.split("\n"), *q.text.split("\n")]:
            dates = [m.group(0) for m in _ISSUED.finditer(line)]
            if dates:
                return dates
    return []


def guided(evidence: Sequence[Evidence]) -> list[Guided]:
    """Every measure's guidance in the turn's guidance tables, by row and column."""
    out: list[Guided] = []
    seen: set[str] = set()
    for ev in evidence:
        for p in ev.passages:
            if p.chunk_id in seen or not guidance_table(p):
                continue
            seen.add(p.chunk_id)
            columns = _columns(p, evidence)
            heading, title = _heading(p, evidence)
            for u in units(p.text):
                if u.kind == "row":
                    out += [
                        replace(g, heading=heading, title=title) for g in _row(p, u.text, columns)
                    ]
    return out


def _before(p: Passage, evidence: Sequence[Evidence], back: int) -> list[Passage]:
    """The passage and the chunks of its document just before it that the turn holds,
    nearest first."""
    doc, _, n = p.chunk_id.rpartition("#")
    if not n.isdigit():
        return [p]
    near = {q.chunk_id: q for ev in evidence for q in ev.passages if q.doc_id == p.doc_id}
    return [p, *(q for k in range(1, back + 1) if (q := near.get(f"{doc}#{int(n) - k}")))]


def _heading(p: Passage, evidence: Sequence[Evidence]) -> tuple[Passage | None, str]:
    """The line titling the guidance table ("FULL-YEAR 2023 GUIDANCE:"), in its passage
    before its rows or in a chunk just before it, and the passage holding it."""
    for q in _before(p, evidence, _BACK):
        head = q.text if q is not p else q.text.split("|", 1)[0]
        lines = [ln.strip(" :") for ln in head.split("\n") if _TITLE.search(ln)]
        short = [ln for ln in lines if len(ln) <= _TITLE_LENGTH]
        if short:
            return q, short[-1]
    return None, ""


def _row(p: Passage, row: str, columns: list[str]) -> list[Guided]:
    cells = _cells(row)
    if len(cells) < 2:
        return []
    measures = _measures(cells[0])
    out: list[Guided] = []
    for j, cell in enumerate(cells[1:]):
        column = columns[j] if j < len(columns) else ""
        groups = list(_GROUP.finditer(_ISSUED.sub(" ", cell)))
        if len(groups) != len(measures):
            continue  # the label's parts and the cell's ranges do not pair
        for (measure, change), g in zip(measures, groups, strict=True):
            low, high, mid = (x.strip() for x in (g.group(1), g.group(2), g.group(3) or ""))
            out.append(Guided(measure, change, column, j, low, high, mid, p, row))
    return out
