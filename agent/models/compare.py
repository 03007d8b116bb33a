"""Questions that compare rows of a table: "Which region had the biggest drop in
revenues?", "哪个业务的增长最快？".

Every row of the table answers the question's words equally well; the answer is the row
whose figure is the extreme one (see ``row_value``); "(36%)" is negative. Totals are not
candidates: they are the sum, not one of the things compared.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Protocol

from agent.evidence import Passage, Unit
from pipeline.text.finance import vocabulary
from pipeline.text.periods import YEAR_ONLY_RE
from pipeline.text.totals import TOTAL_ROW

_NEGATIVE = re.compile(
    r"\b(drops?|declines?|decreases?|fall|fell|loss|losses|worst|lowest|least|smallest|"
    r"weakest|slowest|shrank|shrink)\b|下降|下滑|减少|下跌|亏损|最低|最少|最差|最小|最慢",
    re.I,
)
# The words ``wants_minimum`` reads: which end a superlative names, and measures of
# decline (their largest is the lowest signed figure).
# what held the whole back is its worst part: "which segment dragged down growth"
_HELD_BACK = r"dragg(?:ed|ing)? down|drags? down|held back|holds? back|weigh(?:ed|s)? on"
_ABSOLUTE_LOW = re.compile(rf"\b(worst|weakest|{_HELD_BACK})\b|最差|拖累", re.I)
_ABSOLUTE_HIGH = re.compile(r"\b(best|strongest)\b|最好", re.I)
_LOW = re.compile(r"\b(lowest|least|smallest|slowest|fewest|minimum)\b|最低|最少|最小|最慢", re.I)
_HIGH = re.compile(
    r"\b(highest|most|largest|biggest|greatest|top|fastest|maximum)\b|最高|最多|最大|最快", re.I
)
_DECLINE = re.compile(
    r"\b(drops?|declines?|declined|decreases?|decreased|fall|fell|loss|losses|lost|lose|"
    r"shrank|shrink)\b|下降|下滑|减少|下跌|亏损",
    re.I,
)
_CHANGE = re.compile(
    r"\b(drop|declin|decreas|fall|fell|grow|growth|increas|rise|rose|perform|change|improv|"
    r"topline|top line|top-line)|增长|下降|下滑|减少|增加|变化|表现",
    re.I,
)
_PERCENT = re.compile(r"(\(?)(-?\d+(?:\.\d+)?)\s*%(\)?)")
_NUMBER = re.compile(r"(\(?)(-?\$?\s?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\$?\s?\d+(?:\.\d+)?)(\)?)")
_TOTAL = TOTAL_ROW
_YEAR = YEAR_ONLY_RE
_SUPERLATIVE_ZH = "(最高|最低|最多|最少|最大|最小|最好|最差|最快|最慢)"
_EXTREME = re.compile(
    r"\b(which|who)\b.*\b(highest|lowest|most|least|best|worst|weakest|strongest|biggest|largest|"
    rf"smallest|greatest|top|fastest|slowest|{_HELD_BACK})\b|"
    rf"哪.{{0,16}}(?:{_SUPERLATIVE_ZH}|拖累)|{_SUPERLATIVE_ZH}的.{{0,8}}(是谁|是哪|是什么)",
    re.I,
)


_HOW_TO_COMPARE = re.compile(
    r"(?:\b(?:highest|lowest|most|least|best|worst|biggest|largest|smallest|greatest|top|"
    r"fastest|slowest|weakest|strongest)\b|"
    + "|".join((_SUPERLATIVE_ZH, _NEGATIVE.pattern, _CHANGE.pattern))
    + r")[A-Za-z]*",
    re.I,
)


_SUPERLATIVES = (
    "highest", "lowest", "most", "least", "best", "worst", "weakest", "strongest", "biggest",
    "largest", "smallest", "greatest", "top", "fastest", "slowest",
)  # fmt: skip
# A capitalised superlative before a capitalised word: a name ("Best Orchard", "Top Harbor"), or
# emphasis ("the Highest EBIT Margin", "Lowest Revenue").
_TITLED = re.compile(rf"\b({'|'.join(w.capitalize() for w in _SUPERLATIVES)}) ([A-Z][a-z]+)\b")


@cache
def _measure_words() -> frozenset[str]:
    """Words naming what a table measures or whose members it ranks (line items, metrics,
    changes, members' kinds): "Highest Revenue" is emphasis, not a name."""
    v = vocabulary()
    said = [n for item in v.items.values() for n in item.names]
    said += [m.search for m in v.metrics] + [*v.top_line, *v.share_words]
    said += [w for ws in (*v.moves.values(), *v.member_kinds.values()) for w in ws]
    return frozenset(w for text in said for w in re.findall(r"[a-z]+", text.lower()))


def unnamed(question: str) -> str:
    """The question with each superlative that is part of a name joined to the name's next
    word ("Best_Orchard"), so that no comparison reads it: a capitalised superlative followed
    by a capitalised word that names no measure or member."""

    def join(m: re.Match[str]) -> str:
        said = m.group(0)
        return said if m.group(2).lower() in _measure_words() else said.replace(" ", "_")

    return _TITLED.sub(join, question)


def asks_extreme(question: str) -> bool:
    """ "Which region had the highest …", "哪个业务增长最快": the answer is one row of a table."""
    return _EXTREME.search(unnamed(question)) is not None


def what_is_compared(question: str) -> str:
    """The question without the words that say how to compare ("biggest drop", "增长最快"):
    a table of regions never uses them, it holds the figures they are read from."""
    joined = unnamed(question)
    kept = _HOW_TO_COMPARE.sub(" ", joined)
    for name in set(joined.split()) - set(question.split()):
        kept = kept.replace(name, name.replace("_", " "))
    return " ".join(kept.split())


class RowCandidate(Protocol):
    passage: Passage
    unit: Unit
    score: float
    rank: float
    cover: float


def wants_minimum(question: str) -> bool:
    """Is the answer the row with the lowest figure? A superlative says which end ("the
    lowest", "the most"); a measure of decline ("drop", "loss", "lost", 下降) is read
    from its signed figure, so its largest is the lowest figure and its least the
    highest ("lost the smallest sum" is the highest net figure). "Worst" and "best" are ends
    whatever they measure. Without a superlative, a decline asks for the lowest."""
    question = unnamed(question)
    if _ABSOLUTE_LOW.search(question):
        return True
    if _ABSOLUTE_HIGH.search(question):
        return False
    decline = _DECLINE.search(question) is not None
    low = _LOW.search(question) is not None
    high = _HIGH.search(question) is not None
    if low == high:  # no end named (or both): a decline asks for the lowest figure
        return decline
    return low != decline


def asks_change(question: str) -> bool:
    """ "Biggest drop", "worst topline performance", "增长最快": a change, not a level."""
    return _CHANGE.search(question) is not None


def row_value(text: str, *, change: bool = False) -> float | None:
    """The figure a row is compared by, or None for a row without one: its first
    percentage, else its first change-like figure ("(74)" in a "% Change" column), else
    (for a question about change) the change from its second figure to its first, else its
    first figure. The first is the current period in reports' column order."""
    label = re.split(r"\s{2,}|\|", text.strip().strip("|"), maxsplit=1)[0]
    if _TOTAL.match(label):
        return None
    percents = _PERCENT.findall(text)
    if percents:
        opened, value, closed = percents[0]
        return -abs(float(value)) if opened and closed else float(value)
    figures = []
    for opened, raw, closed in _NUMBER.findall(text[len(label) :]):
        digits = re.sub(r"[^\d.\-]", "", raw)
        if _YEAR.match(raw.strip()) or not re.fullmatch(r"-?\d+(\.\d+)?", digits):
            continue  # a period label ("$ 2,000" and "2,000" are figures), or no number
        value = -abs(float(digits)) if opened and closed else float(digits)
        change_like = "$" not in raw and abs(value) <= 100 and bool(opened or value < 0)
        figures.append((change_like, value))
    changes = [v for is_change, v in figures if is_change]
    if changes:
        return changes[0]
    if change and len(figures) >= 2 and figures[1][1]:
        (_, now), (_, before) = figures[:2]
        return (now - before) / abs(before) * 100
    return figures[0][1] if figures else None


def promote_extreme(candidates: Sequence[RowCandidate], question: str) -> float:
    """Give the extreme row of the table that speaks most to the question the best score
    of all; how much of the question that table's passage speaks to (0: no table)."""
    tables: dict[str, list[tuple[float, RowCandidate]]] = {}
    change = asks_change(question)
    for c in candidates:
        v = row_value(c.unit.text, change=change) if c.unit.kind == "row" else None
        if v is not None:
            tables.setdefault(c.passage.chunk_id, []).append((v, c))
    ranked = [rows for rows in tables.values() if len(rows) >= 2]
    if not ranked:
        return 0.0
    valued = max(ranked, key=lambda rows: (rows[0][1].cover, max(c.score for _, c in rows)))
    pick = min if wants_minimum(question) else max
    _, best = pick(valued, key=lambda vc: vc[0])
    best.score = max(c.score for c in candidates)
    best.rank = max(c.rank for c in candidates) + 1.0
    return best.cover
