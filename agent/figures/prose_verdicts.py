"""The sentence that says in words what a yes/no verdict read from a cell decides.

"Has Tessel paid dividends in 2024?" is decided by the sign of a statement's row
("Dividends paid | (12)"), and a filing also says it in prose where its policy is told:
"We maintained a quarterly dividend of $0.05 per share throughout 2024." That sentence
decides the question as plainly as the row, and it is where a reader looks: the verdict
quotes it, cited, beside the row. A sentence qualifies when it is prose (not a table
row), names the thing the verdict measures (the head word of its measure: "dividends"),
the year the verdict is of, and states an amount; the one under a heading naming the
thing ("Dividend Policy") is quoted first, then the one saying most of the question's
words. Only a "Yes" is supported so: a sentence stating an amount of the thing
in the year agrees with a verdict that it happened, never with one that it did not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.evidence import Evidence, units
from agent.figures.formula import Cell
from agent.figures.sentences import said
from agent.scope import stem, word_set
from pipeline.text.finance import Judgement

# an amount a sentence states: money, a percentage, or a number with a scale
_AMOUNT = re.compile(
    r"[$€£¥]\s?\d|\d(?:[\d,]*\.?\d*)\s*(?:%|percent\b|cents?\b|(?:thousand|million|billion)\b)",
    re.I,
)


def verdict_sentence(j: Judgement, question: str, cell: Cell, evidence: Sequence[Evidence]) -> str:
    """The quoted, cited sentence saying in words what the cell decides ("- “…” [id]"),
    or "" when the verdict is no sign-alone "Yes" or no sentence of the turn says it."""
    if j.above or j.trend or not cell.value or cell.year is None:
        return ""
    head = _head(j)
    best: tuple[tuple[bool, float], str, str] | None = None
    for ev in evidence:
        for p in ev.passages:
            if p.chunk_id == cell.chunk_id:
                continue  # the row's own chunk is cited already
            for u in units(p.text):
                if u.kind != "sentence" or not _states(u.text, head, cell.year):
                    continue
                rank = (head in word_set(p.section), said(question, u.text))
                if best is None or rank > best[0]:
                    best = (rank, u.text.strip(), p.chunk_id)
    return f"- “{best[1]}” [{best[2]}]" if best else ""


def _head(j: Judgement) -> str:
    """The head word of what the verdict measures: "dividend" of "dividends paid"."""
    words = re.findall(r"[a-z]+", j.measure.get("en", "").lower())
    return stem(words[0]) if words else ""


def _states(sentence: str, head: str, year: int) -> bool:
    """Does the sentence name the thing measured, the year, and an amount of it?"""
    if not head or head not in word_set(sentence):
        return False
    return bool(re.search(rf"(?<!\d){year}(?!\d)", sentence)) and bool(_AMOUNT.search(sentence))
