"""The table rows a figure question asks for, searched in every table of the scope's
documents (``agent/row_index.py``) rather than among the passages a search ranked first:
a row printed in a note deep in a filing, or on a statement page the search missed, is
reached wherever it is.

Two ways a row is wanted:

- by the question's words: a row whose label the question says in full (weighed by how
  rare each word is among the document's labels), the more so when the question's other
  words are its heading row's or its table's title's ("trademarks" under "Intangible
  assets with indefinite lives");
- by a line item of the vocabulary the question asks, or a metric's operand: a row naming
  the item (``row_match``), the item's own statement first (the cash-flow statement's
  "Depreciation and amortization" for an EBITDA), the group's primary one before a part's.

Each way keeps its best few tables, so every operand of a metric reaches its own table.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from agent.figures.asking import what_is_asked
from agent.figures.items import MIN_ROW_MATCH, norm, row_match, shown_label
from agent.figures.statements import TITLED, primary
from agent.question.parsed import parse
from agent.question.units import without_unit
from agent.rewrite import core_question
from agent.row_index import RowEntry, RowIndex, words_of
from pipeline.text.expand import spelled_out
from pipeline.text.finance import LineItem, vocabulary

MIN_PRECISION = 0.6  # of a label's weight, the question's words must say this much
MIN_SCORE = 0.3  # precision × how much of the question's label words the row covers
CONTEXT_SHARE = 0.5  # a word said by the row's heading or title counts half a label's
WORD_TABLES = 4  # tables kept for the question's words
SAME_LABEL_TABLES = 1  # tables kept for one label the question's words say
TITLE_TABLES = 1  # tables kept for their titles saying the question's words
MIN_TITLE = 0.6  # of the question's label words, a title must say this much (two at least)
TITLE_SHARE = 0.8  # a table found by its title scores below a row its label names
ITEM_TABLES = 2  # tables kept for each line item asked
MAX_TABLES = 8
STATEMENT_BONUS = 0.2  # an item's row on its own statement
PRIMARY_BONUS = 0.05  # … the group's ("Consolidated") statement
YEAR_BONUS = 0.05  # a table whose header names the years asked, over another year's


@dataclass(frozen=True)
class FoundRow:
    chunk_id: str
    label: str
    score: float


def asks_figure(question: str) -> bool:
    """Does the question ask for a figure (an item, a metric, an amount of a period)?"""
    q = parse(question)
    if q.overview or q.page is not None:
        return False
    return q.numeric or (bool(q.periods) and not q.kinds)


def asked_items(question: str) -> list[LineItem]:
    """The line items the question asks, and the operands of the metric it asks."""
    items = vocabulary().items
    keys = list(parse(question).items)
    ask = what_is_asked(question)
    if ask is not None:
        keys += [n.id for n in ast.walk(ask.formula) if isinstance(n, ast.Name)]
    return [items[k] for k in dict.fromkeys(keys) if k in items]


def question_words(question: str, known: set[str] | frozenset[str]) -> frozenset[str]:
    """The words of the question a row's label may say: its content words without its
    periods and ``known`` (its phrasing, the documents' own names), with its
    abbreviations spelled out."""
    asked = without_unit(core_question(question))
    longs = " ".join(form for _, a in spelled_out(question) for form in a.long)
    return words_of(f"{asked} {longs}") - known


def find_rows(
    indexes: Sequence[RowIndex], question: str, known: set[str] | frozenset[str] = frozenset()
) -> list[FoundRow]:
    """The best row of each table the question asks for, best first, at most
    ``MAX_TABLES`` tables (``known``: words naming no row: the question's phrasing, the
    scope's owner and file-name words)."""
    wanted = question_words(question, known)
    years = frozenset(parse(question).periods)
    found: list[FoundRow] = []
    for index in indexes:
        dated = _dated(index, years)
        found += _best_tables(_one_label(dated(_by_words(index, wanted))), WORD_TABLES)
        found += _best_tables(dated(_by_title(index, wanted)), TITLE_TABLES)
        for item in asked_items(question):
            found += _best_tables(dated(_by_item(index, item)), ITEM_TABLES)
    out: dict[str, FoundRow] = {}
    for f in sorted(found, key=lambda f: -f.score):
        out.setdefault(f.chunk_id, f)
    return list(out.values())[:MAX_TABLES]


def _best_tables(rows: list[FoundRow], n: int) -> list[FoundRow]:
    """The ``n`` best tables, each by its best row."""
    best: dict[str, FoundRow] = {}
    for r in sorted(rows, key=lambda r: -r.score):
        best.setdefault(r.chunk_id, r)
    return list(best.values())[:n]


def _by_words(index: RowIndex, wanted: frozenset[str]) -> list[FoundRow]:
    """Rows whose label the question's words say, scored by precision × coverage."""
    present = frozenset(w for w in wanted if index.df.get(w))
    whole = index.weight(present)
    if not whole:
        return []
    out: list[FoundRow] = []
    for r in index.rows:
        common = r.words & present
        if not common:
            continue
        precision = index.weight(common) / index.weight(r.words)
        if precision < MIN_PRECISION:
            continue
        said = index.weight(common) + CONTEXT_SHARE * index.weight(r.context & present)
        score = precision * min(1.0, said / whole)
        if score >= MIN_SCORE:  # of rows alike, a statement's: where figures are asked of
            titled = any(p.search(r.title) for p in TITLED.values())
            out.append(FoundRow(r.chunk_id, r.label, score + titled * PRIMARY_BONUS))
    return out


def _dated(index: RowIndex, years: frozenset[int]) -> Callable[[list[FoundRow]], list[FoundRow]]:
    """Rows of tables whose header names the years asked scored up by ``YEAR_BONUS``."""

    def dated(rows: list[FoundRow]) -> list[FoundRow]:
        if not years:
            return rows
        return [
            replace(r, score=r.score + YEAR_BONUS)
            if years <= index.years.get(r.chunk_id, frozenset())
            else r
            for r in rows
        ]

    return dated


def _one_label(rows: list[FoundRow]) -> list[FoundRow]:
    """Of the tables repeating one label ("Stock-based compensation" on the cash-flow
    statement, in the tax-rate reconciliation, among the deferred taxes), the best
    ``SAME_LABEL_TABLES``: the others' rows are other figures of that name (a tax effect),
    which would only contradict the one asked."""
    kept: dict[str, list[FoundRow]] = {}
    for r in sorted(rows, key=lambda r: -r.score):
        same = kept.setdefault(norm(shown_label(r.label)), [])
        if len(same) < SAME_LABEL_TABLES and all(x.chunk_id != r.chunk_id for x in same):
            same.append(r)
    return [r for same in kept.values() for r in same]


def _by_title(index: RowIndex, wanted: frozenset[str]) -> list[FoundRow]:
    """Tables whose title says most of the question's words: a figure its column names
    ("Flexibles Segment" over rows of balances) is in no row's label."""
    present = frozenset(w for w in wanted if index.df.get(w))
    whole = index.weight(present)
    out: list[FoundRow] = []
    for chunk_id, title in index.titles.items() if whole else ():
        common = title & present
        share = index.weight(common) / whole
        if len(common) >= 2 and share >= MIN_TITLE:
            out.append(FoundRow(chunk_id, "", TITLE_SHARE * share))
    return out


@lru_cache(maxsize=256)
def _item_words(item: LineItem) -> frozenset[str]:
    return frozenset().union(*(words_of(n) for n in item.names))


def _by_item(index: RowIndex, item: LineItem) -> list[FoundRow]:
    """Rows naming a line item, those of its own statement (the group's) first."""
    out: list[FoundRow] = []
    said = _item_words(item)
    for r in index.rows:
        if not r.words & said:
            continue
        match = row_match(r.label, item)
        if match >= MIN_ROW_MATCH:
            out.append(FoundRow(r.chunk_id, r.label, match + _statement_bonus(r, item)))
    return out


def _statement_bonus(r: RowEntry, item: LineItem) -> float:
    pattern = TITLED.get(item.statement)
    if pattern is None or not pattern.search(r.title):
        return 0.0
    return STATEMENT_BONUS + (PRIMARY_BONUS if primary(r.title) else 0.0)
