"""Questions that name the things compared: "Among A, B and C, which provided the
most …?". Each alternative is a row of the tables ("Total cash provided by operating
activities"); the answer is the one with the extreme figure for the year asked, every
alternative's figure shown and cited. An alternative no table of the turn holds is
searched for, never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from agent.evidence import Evidence
from agent.figures.grid import Grid, Row
from agent.figures.items import years
from agent.figures.periods import into_year, months_of
from agent.figures.render import number, scale_word
from agent.figures.turn_tables import grids
from agent.question.compare import asks_extreme, wants_minimum
from agent.rewrite import content_terms
from pipeline.text.periods import DATED_RE
from pipeline.text.totals import TOTAL_OR_NET

_AMONG = re.compile(r"\bamong(?: the)?\s+(.+?)\s*,?\s+(?:which|who|what)\b", re.I)
_SPLIT = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", re.I)
_ASIDE = re.compile(r"\([^)]*\)")  # an aside in brackets ("(or …)") restates, it does not ask
PREFIX = 5  # "operations" meets "operating", "financing" meets "finance"
MAX_CHOICES = 6


Found = tuple[float, Grid, Row, int]  # the figure, its table, its row, its column


@dataclass
class Choice:
    lines: list[str] = field(default_factory=list)
    searches: list[str] = field(default_factory=list)  # keyword queries for missing rows


def alternatives(question: str) -> list[str]:
    """The things a question lists to compare ("operations", "investing", "financing
    activities"), or [] when it lists none."""
    m = _AMONG.search(question)
    if m is None:
        return []
    parts = [p.strip() for p in _SPLIT.split(m.group(1)) if p.strip()]
    return parts if 2 <= len(parts) <= MAX_CHOICES else []


def _key(phrase: str) -> str:
    """The word that tells an alternative from the others: its first content word."""
    words = content_terms(phrase)
    return words[0].lower()[:PREFIX] if words else ""


def _row_for(key: str, tables: Sequence[Grid], col_of: dict[int, int]) -> tuple[Grid, Row] | None:
    """The row naming the alternative, a total or net figure before a part of it."""
    best: tuple[tuple[int, int], Grid, Row] | None = None
    for i, g in enumerate(tables):
        col = col_of.get(i)
        if col is None:
            continue
        for r in g.rows:
            words = [w.lower() for w in re.findall(r"[A-Za-z]+", r.label)]
            if not any(w.startswith(key) for w in words):
                continue
            if col >= len(r.values) or r.values[col] is None:
                continue
            score = (1 if TOTAL_OR_NET.match(r.label) else 0, -len(words))
            if best is None or score > best[0]:
                best = (score, g, r)
    return (best[1], best[2]) if best else None


def choice_answer(question: str, evidence: Sequence[Evidence]) -> Choice | None:
    """The alternative with the extreme figure, or the searches for the ones missing; None
    when the question lists no alternatives or no table holds any of them."""

    options = alternatives(question)
    if not options or not asks_extreme(question):
        return None
    ys = years(question)
    year = max(ys) if ys else None
    tables = grids(evidence)
    months = months_of(question)
    into = into_year(question, months)
    col_of = {
        i: c
        for i, g in enumerate(tables)
        if (c := g.column_for(year, months=months, into=into)) is not None
    }
    found: list[Found] = []
    missing: list[str] = []
    tail = " ".join(content_terms(options[-1])[1:])  # the noun the list shares
    for option in options:
        hit = _row_for(_key(option), tables, col_of)
        if hit is None:
            missing.append(" ".join(dict.fromkeys(f"total {option} {tail}".split())))
            continue
        g, r = hit
        col = col_of[tables.index(g)]
        found.append((r.values[col] or 0.0, g, r, col))
    if not found:
        return None
    if missing:
        return Choice(searches=[f"{m} {year}" if year else m for m in missing])
    pick = min if wants_minimum(_ASIDE.sub(" ", question)) else max
    best = pick(found, key=lambda f: f[0])
    others = [f for f in found if f is not best]
    return Choice(lines=[_sentence(best, others, pick is min)])


def _figure(f: Found) -> str:
    value, g, _, _ = f
    money = "$" if g.currency == "$" else ""
    sign = "−" if value < 0 else ""
    return f"{sign}{money}{number(abs(value))}{scale_word(g.scale, 'en')}"


def _sentence(best: Found, others: list[Found], least: bool) -> str:
    _, g, r, col = best
    column = g.columns[col]
    period = re.sub(r"\([^)]*\)", "", column.text).strip()
    dated = DATED_RE.search(period)
    when = f"in the year ended {dated.group(0)}" if dated else f"in FY{column.year}"
    word = "lowest" if least else "highest"
    rest = "; ".join(f"{o[2].label[:1].lower() + o[2].label[1:]} {_figure(o)}" for o in others)
    cited = "".join(
        f"[{cid}]" for cid in dict.fromkeys(f[1].passage.chunk_id for f in [best, *others])
    )
    return f"{r.label} was the {word} {when}: {_figure(best)}, against {rest} {cited}."
