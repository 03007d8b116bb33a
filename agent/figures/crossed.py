"""A figure named by its row and by a column that is no period: "the operating lease
obligations due in less than one year" is the row "Operating lease obligations" under
"Less Than 1 Year", not the row's total; "the estimated fair value of securities due
within one year" the row "Due within one year" under "Estimated Fair Value"; "the average
price paid per share in the fourth quarter" the row "Total fourth quarter" under "Average
Price Paid per Share". Period columns are the line-item finder's (``lookup.Finder``).
Wordings of one maturity bucket and words naming no item are data
(``agent/data/crossed_cells.json``)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agent import prompts
from agent.evidence import Evidence, Passage
from agent.figures.attribute_rows import attribute_columns, attribute_sentence
from agent.figures.candidate import FigureAnswer
from agent.figures.grid import figure, scale_named
from agent.figures.items import years
from agent.figures.markdown_tables import row_cells
from agent.figures.render import scale_word
from agent.scope import stem
from pipeline.text.periods import TABLE_YEAR_RE
from pipeline.text.script import HAN_RE

_DATA = Path(__file__).resolve().parents[1] / "data" / "crossed_cells.json"
COVERED = 0.75  # the share of a header's or a label's words the question must say
_WORD = re.compile(r"\d+(?:-\d+)?|[a-z]+")
_MARKER = re.compile(r"\(\s*(?:\d{1,2}|[a-z])\s*\)")


@dataclass(frozen=True)
class _Hit:
    fit: tuple[float, int]  # the row's and column's words said, then how many
    line: str


@cache
def _data() -> tuple[list[tuple[re.Pattern[str], str]], dict[str, str], frozenset[str]]:
    """Bucket wordings (each to its first), single words read as another, generic words."""
    raw = json.loads(_DATA.read_text(encoding="utf-8"))
    same = [
        (re.compile(rf"(?<![\w-]){re.escape(w)}(?![\w-])"), group[0])
        for group in raw["same"]
        for w in sorted(group[1:], key=len, reverse=True)
    ]
    return same, {**raw["numbers"], **raw["forms"]}, frozenset(raw["generic"])


def _words(text: str) -> list[str]:
    """A text's words as compared: maturity buckets said one way, numbers as digits,
    stemmed, without words naming no item."""
    same, numbers, generic = _data()
    low = " ".join(_MARKER.sub(" ", text.lower()).replace("–", "-").split())
    low = re.sub(r"(\d)\s*-\s*(\d)", r"\1-\2", low)
    for pattern, canonical in same:
        low = pattern.sub(canonical, low)
    out = [numbers.get(w, w) for w in _WORD.findall(low)]
    return [stem(w) for w in out if w not in generic]


def _said(words: Sequence[str], asked: frozenset[str]) -> float:
    """The share of ``words`` the question says; 0 unless it says every number."""
    if not words or any(w[0].isdigit() and w not in asked for w in words):
        return 0.0
    return sum(w in asked for w in words) / len(words)


def crossed_answers(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[FigureAnswer]:
    """The cell whose row and non-period column the question both names, best said
    first; none when no table of the turn has one."""
    if lang != "en":
        return []
    asked = frozenset(_words(question))
    hits = [h for ev in evidence for p in ev.passages for h in _table_hits(p, asked, question)]
    hits.sort(key=lambda h: h.fit, reverse=True)
    return [FigureAnswer([hits[0].line])] if hits else []


def _table_hits(p: Passage, asked: frozenset[str], question: str) -> list[_Hit]:
    lines = [ln for ln in p.text.split("\n") if ln.strip().startswith("|")]
    if len(lines) < 3:
        return []
    head = row_cells(lines[0])
    columns = _columns(head, asked)
    if not columns:
        return []
    wanted = set(years(question))
    scale = scale_named(head[0]) or scale_named(
        p.columns
    )  # the caption before a header carried over
    out: list[_Hit] = []
    block: int | None = None  # the year a year-only row opens a block of rows with
    for line in lines[1:]:
        cells = row_cells(line)
        if re.fullmatch(r"[\s|:-]+", line) or not cells:
            continue
        label = cells[0]
        if TABLE_YEAR_RE.fullmatch(label.strip()):
            block = int(label.strip())
            continue
        named = {int(y) for y in TABLE_YEAR_RE.findall(label)} or ({block} if block else set())
        if wanted and named and not named & wanted:
            continue  # another period's row
        row_words = _words(label)
        row_fit = _said(row_words, asked)
        if row_fit < COVERED or len(row_words) < 2:
            continue
        for i, (header, col_fit, n) in columns.items():
            raw = _figure_at(cells, i)
            if raw is None:
                continue
            fit = (row_fit + col_fit, len([w for w in row_words if w in asked]) + n)
            money = "$" in p.text and not raw.startswith("$") and not raw.endswith("%")
            shown = f"${raw}" if money else raw
            out.append(_Hit(fit, _sentence(label, header, shown, scale, p.chunk_id)))
    return out


def _columns(head: list[str], asked: frozenset[str]) -> dict[int, tuple[str, float, int]]:
    """The header's non-period columns the question names: what sets each apart from
    the others (the words every header shares, "Payments Due by Period", say nothing)."""
    cells = {i: c for i, c in enumerate(head) if i and c.strip()}
    if len(cells) < 2 or any(TABLE_YEAR_RE.search(c) for c in cells.values()):
        return {}
    words = {i: _words(c) for i, c in cells.items()}
    shared = set.intersection(*(set(w) for w in words.values()))
    out: dict[int, tuple[str, float, int]] = {}
    for i, ws in words.items():
        own = [w for w in ws if w not in shared]
        fit = _said(own, asked)
        if fit >= COVERED:
            out[i] = (cells[i], fit, sum(w in asked for w in own))
    return out


def _figure_at(cells: list[str], i: int) -> str | None:
    """The figure printed under column ``i`` (a "$" cell before it spans the two)."""
    for c in cells[i : i + 2]:
        if figure(c) is not None:
            return c.strip()
        if c.strip() not in ("$", ""):
            return None
    return None


def _sentence(label: str, header: str, raw: str, scale: str, chunk_id: str) -> str:
    """ "Operating lease obligations, Less Than 1 Year: $700 million [doc#350]." """
    row = " ".join(_MARKER.sub(" ", label).split()).rstrip(":")
    # a price, a rate or a per-share figure is not in the table's scale
    unscaled = raw.endswith("%") or _PER_UNIT.search(f"{label} {header}")
    unit = "" if unscaled else scale_word(scale, "en")
    header = " ".join(header.split())
    if not unit and not raw.startswith("$") and _attribute(header) and not HAN_RE.search(row):
        # a schedule's cell ("Loan period" of "Survey drones": "3 days"), not an amount
        # under a bucket ("Less Than 1 Year"): said as the value and what it is
        return f"{attribute_sentence(row, [(header, raw)], '')} [{chunk_id}]."
    return f"{row}, {header}: {raw}{unit} [{chunk_id}]."


def _attribute(header: str) -> bool:
    return not re.search(r"\d", header) and attribute_columns([header])


_PER_UNIT = re.compile(r"\bper\b|\bprice\b|\brate\b|%", re.I)
