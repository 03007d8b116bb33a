"""A measure asked plainly that the filing states in a row of its own ("Effective income
tax rate | 20.7 % | 19.0 % | 24.3 %"): the row is the answer, as the company reports it,
never the rate recomputed from its operands, unless the question asks to work it out.
Which measures, the words asking to work one out, and the words of a row on another basis
("Non-GAAP effective tax rate") are data (``agent/data/stated_rows.json``)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from agent.figures.grid import Grid
from agent.figures.items import norm
from pipeline.text.finance import Metric, vocabulary

_DATA = Path(__file__).resolve().parents[1] / "data" / "stated_rows.json"
# a footnote's marker after a label ("Effective tax rate(2)", "… rate (a)")
_MARKER = re.compile(r"\s*\(\s*(?:\d{1,2}|[a-z])\s*\)\s*$")
_REPORTED = re.compile(r"^(?:gaap|reported|as reported|total)\s+|\s+\(?(?:gaap|as reported)\)?$")
# a label's closing note of the kind of measure it is ("Free cash flow, non-GAAP measure")
_KIND_NOTE = re.compile(r"\s+(?:non\s+)?gaap\s+measure$")


@cache
def _data() -> tuple[tuple[Metric, ...], re.Pattern[str], re.Pattern[str]]:
    raw = json.loads(_DATA.read_text(encoding="utf-8"))
    metrics = tuple(m for m in vocabulary().metrics if m.key in set(raw["metrics"]))

    def words(key: str) -> re.Pattern[str]:
        alternation = "|".join(re.escape(norm(w)) for w in raw[key])  # as questions are read
        return re.compile(rf"(?<![\w-])(?:{alternation})(?![\w-])", re.I)

    return metrics, words("work_words"), words("other_basis")


def stated_row_label(question: str, tables: Sequence[Grid]) -> str:
    """The label of the row stating the measure the question asks plainly (the one
    naming the question's wording first), or "" when none does, the measure is not one
    read so, or the question asks to work it out."""
    metrics, work, other = _data()
    q = norm(question)
    if work.search(q):
        return ""
    asked = [m for m in metrics if m.find(q) is not None]
    if not asked:
        return ""
    labels: list[str] = []
    for g in tables:
        for r in g.rows:
            label = r.label
            if label in labels or not _states(label, asked, q, other):
                continue
            labels.append(label)
    if not labels:
        return ""
    # the row on the question's basis, then the label as the question words it
    return max(
        labels, key=lambda label: (_basis(label, other) == _basis(q, other), _bare(label) in q)
    )


def _basis(text: str, other: re.Pattern[str]) -> frozenset[str]:
    return frozenset(w.lower() for w in other.findall(norm(text)))


def _bare(label: str) -> str:
    return _REPORTED.sub("", _KIND_NOTE.sub("", _MARKER.sub("", norm(label)))).strip()


def _states(label: str, asked: list[Metric], q: str, other: re.Pattern[str]) -> bool:
    """Does the row label name an asked measure whole, on the basis the question asks?"""
    bare = _bare(label)
    if any((hit := m.find(bare)) is not None and hit.group(0) == bare for m in asked):
        return True  # the measure's own name, whatever basis word it holds ("cash")
    basis = other.findall(bare)
    if any(w.lower() not in q for w in basis):
        return False
    bare = other.sub("", bare).strip()
    for m in asked:
        hit = m.find(bare)
        if hit is not None and hit.group(0) == bare:
            return True
    return False
