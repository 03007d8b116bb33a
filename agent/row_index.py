"""Every table row of a document by its label: the index a figure question searches to
reach the row it asks for wherever the row is printed (a note deep in the filing, the
cash-flow statement), not only among the passages a search ranked first.

Built once per document version beside its word statistics (``agent/scope.py``) from the
stored chunks' Markdown tables: each row's label, the heading row it sits under ("Intangible
assets with indefinite lives:" above "Trademarks") and its table's title (the section's
last heading and the table's header row), each as stemmed content words.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

from agent.figures.items import norm, shown_label
from agent.rewrite import content_terms
from agent.scope import stem
from pipeline.models import Chunk

# a cell holding a figure: "$8,192", "(25,493)", "6.8 %", "—" (a nil figure)
_FIGURE = re.compile(r"^\(?-?[$€£¥]?\s*\(?-?\d[\d,.]*\)?\s*%?\)?$|^[—–-]$")
_YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
_SEPARATOR = re.compile(r"^\|?\s*:?-{2,}")
_MAX_LABEL = 160  # a longer first cell is a sentence the parser put in a table
_DATA = Path(__file__).resolve().parent / "data" / "label_words.json"


@dataclass(frozen=True)
class RowEntry:
    chunk_id: str
    label: str  # as printed
    words: frozenset[str]  # the label's stemmed content words
    context: frozenset[str]  # its heading row's and its table's title's words
    title: str  # its table's title as printed: the section's last heading, the header row


@dataclass
class RowIndex:
    rows: tuple[RowEntry, ...] = ()
    df: Counter[str] = field(default_factory=Counter)  # rows whose label or context use a word
    titles: dict[str, frozenset[str]] = field(default_factory=dict)  # each table's title words
    years: dict[str, frozenset[int]] = field(default_factory=dict)  # the years its header names

    def idf(self, word: str) -> float:
        return math.log(1 + len(self.rows) / (1 + self.df.get(word, 0)))

    def weight(self, words: frozenset[str] | set[str]) -> float:
        return sum(self.idf(w) for w in words)


@cache
def _words_data() -> tuple[dict[str, str], frozenset[str]]:
    data = json.loads(_DATA.read_text(encoding="utf-8"))
    return dict(data["forms"]), frozenset(data["dates"])


@lru_cache(maxsize=1 << 15)  # labels repeat from table to table ("Total", "Other")
def words_of(text: str) -> frozenset[str]:
    """A label's or a question's stemmed content words, each irregular form read as its
    word ("paid" as "pay"); dates, years and figures left out."""
    forms, dates = _words_data()
    out = set()
    for t in content_terms(norm(text)):
        if any(c.isdigit() for c in t) or t in dates:
            continue
        out.add(stem(forms.get(t, t)))
    return frozenset(out)


def row_index(chunks: Sequence[Chunk]) -> RowIndex:
    rows: list[RowEntry] = []
    titles: dict[str, frozenset[str]] = {}
    years: dict[str, frozenset[int]] = {}
    for ch in chunks:
        if "|" in ch.text:
            found, titles[ch.chunk_id], years[ch.chunk_id] = _table_rows(ch)
            rows += found
    df: Counter[str] = Counter()
    for r in rows:
        df.update(r.words | r.context)
    titled = {c: t for c, t in titles.items() if t}
    return RowIndex(tuple(rows), df, titled, {c: y for c, y in years.items() if y})


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _table_rows(ch: Chunk) -> tuple[list[RowEntry], frozenset[str], frozenset[int]]:
    """The rows of the chunk's Markdown tables, each with its heading row and title, and
    the words and years of the titles."""
    out: list[RowEntry] = []
    heading: frozenset[str] = frozenset()
    title: frozenset[str] = frozenset()
    titled = ""
    section = ch.section[-1] if ch.section else ""
    header_next = True
    titles: set[str] = set()
    years: set[int] = set()
    for line in ch.text.split("\n"):
        if not line.lstrip().startswith("|"):
            header_next = True
            continue
        if _SEPARATOR.match(line.strip().strip("|").strip()):
            continue
        cells = _cells(line)
        if header_next:  # the table's header row titles it, with the section's heading
            titled = f"{section}\n{' | '.join(cells)}"
            title = words_of(titled)
            titles |= title
            years.update(int(y) for y in _YEAR.findall(titled))
            heading, header_next = frozenset(), False
            continue
        label = cells[0] if cells else ""
        if not label or len(label) > _MAX_LABEL:
            continue
        words = words_of(shown_label(label))
        if not words:
            continue
        if not any(_FIGURE.match(c) for c in cells[1:] if c):
            heading = words  # a heading row: the rows below are its parts
            continue
        out.append(RowEntry(ch.chunk_id, label, words, (heading | title) - words, titled))
    return out, frozenset(titles), frozenset(years)
