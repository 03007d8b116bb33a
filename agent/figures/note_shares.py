"""A part's share of a total a note prints, the total named by no line item: "What share
of the total warranty costs was labour?" over a warranty note's "Labour | Parts | Total
warranty costs".

The total is the row "Total <whole>" (its heading's words); the part is the row above it,
in the same list, whose label holds the part's words. The working is shown and cited:
"Labour as a share of total warranty costs in the year ended March 31, 2025 = labour 120 ÷
total warranty costs 480 = 25.00% [id]". When no table of the turn prints the total, its
note is searched for by the total's words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.figures.candidate import FigureAnswer
from agent.figures.grid import Grid, Row
from agent.figures.items import asked_items, norm, years
from agent.figures.periods import into_year, months_of
from agent.figures.render import number
from agent.figures.verify import Computed
from agent.scope import stem, word_set
from pipeline.text.periods import DATED_RE
from pipeline.text.totals import TOTAL_WORD

# "what percentage of <owner's> total <whole> <period> was <part>?"
_ASKED = re.compile(
    r"\bwhat\s+(?:percentage|percent|share|proportion|portion|fraction)\s+of\s+"
    r"(?:[\w.&-]+['’]s?\s+)?(?:the\s+)?total\s+(?P<whole>[a-z][\w ,&-]*?)\s+"
    r"(?:in|for|during|at|as of)\b.*?\b(?:was|were|is|are)\s+(?:the\s+)?"
    r"(?P<part>[a-z][\w ,&-]*?)\s*\?",
    re.I | re.S,
)
_SEARCH_K = 8


def note_share(question: str, tables: Sequence[Grid]) -> FigureAnswer | None:
    """The part's share of the total the question names, worked from the note's rows;
    the search for the note when no table of the turn prints the total; None when the
    question asks no share of a total that no line item names."""
    m = _ASKED.search(question)
    if m is None or asked_items(m.group("whole")):
        return None  # a share of revenue, of total assets: the items' own methods
    whole, part = m.group("whole").strip(), m.group("part").strip()
    ys = years(question)
    months = months_of(question)
    for g in tables:
        col = g.column_for(max(ys) if ys else None, months=months, into=into_year(question, months))
        found = _rows(g, whole, part) if col is not None else None
        if found is None or col is None:
            continue
        total, piece = found
        t, p = total.values[col], piece.values[col]
        if t is None or p is None or t == 0:
            continue
        return _answer(g, col, (piece, p), (total, t))
    return FigureAnswer(searches=[f"total {whole} {part}"], search_k=_SEARCH_K)


def _rows(g: Grid, whole: str, part: str) -> tuple[Row, Row] | None:
    """The total's row and the part's row above it, in the same list."""
    wanted, piece = _stems(whole), _stems(part)
    for i, r in enumerate(g.rows):
        if not (TOTAL_WORD.match(r.label) and wanted <= _stems(r.label)):
            continue
        for above in reversed(g.rows[:i]):
            if TOTAL_WORD.match(above.label):
                break  # the list before this one
            if piece <= _stems(above.label):
                return r, above
    return None


def _stems(text: str) -> set[str]:
    return {stem(w) for w in word_set(norm(text))}


def _answer(g: Grid, col: int, piece: tuple[Row, float], total: tuple[Row, float]) -> FigureAnswer:
    (pr, p), (tr, t) = piece, total
    share = p / t * 100
    column = re.sub(r"\s*\([^)]*\)", "", g.columns[col].text).strip()
    dated = DATED_RE.search(column)
    said = f"{column[: dated.start()].lower()}{dated.group(0)}" if dated else column
    when = f" in the {said}" if column else ""
    cid = g.passage.chunk_id
    line = (
        f"{pr.label} as a share of {tr.label[:1].lower()}{tr.label[1:]}{when} = "
        f"{pr.label[:1].lower()}{pr.label[1:]} {number(p)} ÷ {tr.label[:1].lower()}"
        f"{tr.label[1:]} {number(t)} = {share:.2f}% [{cid}]."
    )
    check = Computed("share", share, "ratio", percent=True, bound="share")
    return FigureAnswer([line], computed=[check])
