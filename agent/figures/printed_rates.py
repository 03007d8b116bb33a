"""A rate of change the report prints itself, beside the two figures it is worked from: a
key-figures table's "本报告期比上年同期增减 | -16.55%", a "% Change" column. Asked for a
rate, the answer says the printed one first, cited where it is printed, before the working
from the statements (which rounds differently and is on other pages): a reader checks the
figure against the page that prints it.

A row prints the rate when it holds the current figure the change is worked from and,
under a change heading in force above it, a percentage within a point of the worked one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent import prompts
from agent.figures.en_said import en_label
from agent.figures.formula import Cell
from agent.figures.grid import Grid, Row, figure
from agent.figures.items import shown_label
from agent.figures.markdown_tables import row_cells
from agent.figures.zh_said import label_unit
from pipeline.text.lexicon import pattern
from pipeline.text.script import HAN_RE

_CHANGE_HEAD = pattern("table_headings.change_columns", template="%|{}", flags=re.I)
_RATE_ASKED = pattern("change_words.rate_asked", template="(?<![a-z])(?:{})", flags=re.I)
AGREE = 1.0  # percentage points a printed rate may differ from the worked one
_SAME = 1e-9  # relative difference of two figures read as the same printed figure


@dataclass(frozen=True)
class PrintedRate:
    raw: str  # as printed: "-16.55%"
    head: str  # its column's heading: "本报告期比上年同期增减"
    label: str  # its row's label: "营业收入（元）"
    chunk_id: str


def asks_rate(question: str) -> bool:
    """Does the question ask for a rate (a percentage, 增长率, 比例, 幅度), not an amount?"""
    return bool(_RATE_ASKED.search(question))


def printed_rate(tables: Sequence[Grid], before: Cell, now: Cell, pct: float) -> PrintedRate | None:
    """The rate a table prints for the change from ``before`` to ``now`` (``pct``
    worked): in a row printing ``now``'s figure (a key-figures table may leave the year
    before's out), the percentage under a change heading nearest ``pct``, within a
    point; None when no row prints one."""
    best: tuple[float, PrintedRate] | None = None
    for g in tables:
        for r in g.rows:
            if not _holds(r, now.value):
                continue
            for raw, head in _change_cells(g, r):
                value = figure(raw)
                off = abs(value - pct) if value is not None else AGREE + 1
                if off <= AGREE and (best is None or off < best[0]):
                    best = (off, PrintedRate(raw, head, r.label, g.passage.chunk_id))
    return best[1] if best is not None else None


def _holds(r: Row, value: float) -> bool:
    return any(v is not None and abs(v - value) <= _SAME * max(1.0, abs(value)) for v in r.values)


def _change_cells(g: Grid, r: Row) -> list[tuple[str, str]]:
    """The row's percentages under change headings of the header line in force above it
    (the last line above it printing no figure), each with its heading."""
    text = g.passage.text
    cells = row_cells(text[r.start : r.end])
    heads = _head_above(text[: r.start])
    if heads is None or len(heads) != len(cells):
        return []
    return [
        (cell, head)
        for head, cell in zip(heads, cells, strict=True)
        if "%" in cell and _CHANGE_HEAD.search(head) and figure(cell) is not None
    ]


def _head_above(text: str) -> list[str] | None:
    for line in reversed(text.rstrip("\n").split("\n")):
        if not line.lstrip().startswith("|") or set(line.strip()) <= set("|-: "):
            continue
        cells = row_cells(line)
        if any(c and figure(c) is not None and not _CHANGE_HEAD.search(c) for c in cells[1:]):
            continue  # a row of figures
        return cells
    return None


def printed_rate_line(p: PrintedRate, now: Cell, lang: prompts.Lang) -> str:
    """The printed rate as the answer's lead: "营业收入本报告期比上年同期增减为−16.55%（报告所列）
    [id]。" / "The report prints the change in “营业收入” (“本报告期比上年同期增减”) as
    −16.55% [id]." """
    raw = p.raw.replace(" ", "")
    said = ("−" + raw[1:]) if raw.startswith("-") else raw
    label = label_unit(shown_label(p.label))[0]
    if lang == "zh":
        return f"{label}{p.head}为{said}（报告所列）[{p.chunk_id}]。"
    named = en_label(now, label) if HAN_RE.search(label) else label
    return f"The report prints the change in {named} (“{p.head}”) as {said} [{p.chunk_id}]."


def printed_lead(
    tables: Sequence[Grid], question: str, before: Cell, now: Cell, lang: prompts.Lang
) -> list[str]:
    """The printed rate's line, for a question asking a rate; none otherwise."""
    if not before.value or not asks_rate(question):
        return []
    pct = (now.value - before.value) / abs(before.value) * 100
    p = printed_rate(tables, before, now, pct)
    return [printed_rate_line(p, now, lang)] if p is not None else []
