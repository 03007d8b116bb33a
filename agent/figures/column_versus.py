"""Two members compared when a table prints its members across the head: "How did
Biopharma's revenues in the U.S. compare with its revenues internationally?" over a table
whose columns are "Worldwide / U.S. / International" of each year, or "How did Digital
Marketing's gross profit compare with Print and Publishing's?" over a segment table whose
columns are the segments.

The row is the one the question names, as ``column_members.py`` reads it; the two
members are the columns of the period asked whose names the question says. Both cells are
shown, cited: "Biopharma, U.S. = $29,221; International = $50,336 [id]."
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence
from agent.figures.candidate import FigureAnswer
from agent.figures.column_members import (
    column_members,
    figured_members,
    names_member,
    question_stems,
    row_score,
    said_in_full,
    tables,
)
from agent.figures.items import years
from agent.figures.periods import months_of
from agent.question.compare import asks_change, asks_extreme
from pipeline.text.finance import vocabulary

_PAIR = 2
_COMPARED = re.compile(r"\b(?:compar\w*|versus|vs\b|against|beside|stack up|relative to)", re.I)
_VERDICT = re.compile(r"\s*(?:did|does|do|is|was|were|has|have|had|will|can)\b", re.I)


def _distinct(members: list[tuple[str, int]], said: set[str]) -> list[tuple[str, int]]:
    """The members the question names by words no other member has ("Marketing" of
    "Digital Marketing" beside "Digital Media"), half of those words at least."""
    out = []
    for n, i in members:
        own = {w for w in question_stems(n) if len(w) > 1}
        rest = {w for m, _ in members if m != n for w in question_stems(m)}
        mine = own - rest
        if mine and names_member(" ".join(sorted(mine)), said):
            out.append((n, i))
    return out


def column_versus(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> FigureAnswer | None:
    """The two named members' cells of the row the question names; None when the question
    names no two members printed across one table's head."""
    if lang != "en" or asks_extreme(question) or asks_change(question) or _VERDICT.match(question):
        return None  # a ranking, a growth or a yes/no is no two figures side by side
    if any(w in question.lower() for w in vocabulary().share_words) or not _COMPARED.search(
        question
    ):
        return None  # a share, or one figure asked of a member
    said = question_stems(question)
    year = max(years(question), default=None)
    months = months_of(question)
    best: tuple[float, list[str], str, list[tuple[str, int]]] | None = None
    for table in tables(evidence):
        members = column_members(table, year, months)
        # members said in full ("U.S.") before those half said ("Change U.S.")
        full = [(n, i) for n, i in members if said_in_full(n, said)]
        named = full if len({n for n, _ in full}) >= _PAIR else []
        named = named or _distinct(members, said)
        if len({n.lower() for n, _ in named}) < _PAIR:
            continue
        for at, cells in enumerate(table.rows):
            both = figured_members(named, cells)
            score = row_score(table, at, question, said, year, whole=True)
            if score > 0 and len(both) == _PAIR and (best is None or score > best[0]):
                best = (score, cells, table.passage.chunk_id, both)
    if best is None:
        return None
    _, cells, cid, both = best
    shown = "; ".join(f"{n} = {cells[i].strip()}" for n, i in both)
    return FigureAnswer([f"{cells[0].strip()}: {shown} [{cid}]."])
