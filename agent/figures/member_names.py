"""Which row of a group a member named in a question is (split from
``named_members.py``): the row whose own words the name says most of ("Consumer Health";
a cut word meets its whole, "Pharma" "Pharmaceutical"; initials meet the words they stand
for, "UK" "United Kingdom"), else the one row printing a word of the name ("the Strip":
"Las Vegas Strip Resorts"). Line items, the measure's own row and rows standing for the
whole group ("Reportable segment …", "Worldwide") are no members; the owner's possessive
("PepsiCo's QFNA") names no member."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from agent.figures.grid import Row
from agent.figures.headings import Group
from agent.figures.items import shown_label
from agent.figures.partitions import is_item
from agent.figures.rank_columns import named_in
from agent.figures.worded_rows import terms
from agent.question.compare import measure_words
from pipeline.text.finance import LineItem
from pipeline.text.lexicon import words

_BARE = frozenset({"total", "net"})
POSSESSIVE = re.compile(r"\b[\w.&-]+['’]s\b|\b[\w.&-]+s['’](?!\w)")
MIN_COVER = 0.6  # the share of a row label's own words a name must say
PREFIX = 4  # a cut word meets its whole from this many letters ("phar…")


def member_rows(grp: Group, names: Sequence[str], col: int, measure: LineItem) -> list[Row] | None:
    """One row of the group for each name, all different; None when a name has none."""
    rows = [
        r
        for r in grp.members
        if col < len(r.values)
        and r.values[col] is not None
        and not is_item(r.label)
        and not named_in(r.label, measure)  # the measure's own row is their total
        and not terms(r.label) & _whole_words()  # "Reportable segment …", "Worldwide"
    ]
    out: list[Row] = []
    for name in names:
        r = _row(rows, _unowned(name, grp.grid.passage.doc_id))
        if r is None or r in out:
            return None
        out.append(r)
    return out


def _row(rows: Sequence[Row], name: str) -> Row | None:
    said = terms(name)
    own = {id(r): terms(shown_label(r.label)) - _BARE for r in rows}
    covered = [(_cover(own[id(r)], r.label, said), r) for r in rows if own[id(r)]]
    fit = [(c, r) for c, r in covered if c >= MIN_COVER]
    if fit:
        top = max(c for c, _ in fit)
        best = [r for c, r in fit if c == top]
        return best[0] if len(best) == 1 else None
    # a word of the name printed in one row's label only ("the Strip")
    distinct = said - _measure_stems() - _BARE
    alone = [r for r in rows if own[id(r)] & distinct]
    for w in distinct:
        holding = [r for r in rows if w in own[id(r)]]
        if len(holding) == 1 and len(alone) == 1:
            return holding[0]
    return None


def _cover(own: frozenset[str], label: str, said: frozenset[str]) -> float:
    """The share of a label's own words the name says; all of them when the name says
    the label's initials ("UK": "United Kingdom", "US": "U.S.")."""
    letters = "".join(w[0] for w in re.findall(r"[A-Za-z]+", shown_label(label))).lower()
    if len(letters) >= 2 and letters in said:
        return 1.0
    return len({w for w in own if _meets(w, said)}) / len(own)


def _unowned(name: str, doc_id: str) -> str:
    """The name without its owner's possessive ("PepsiCo's QFNA": the document's company;
    "the Strip's", a member, stays)."""
    letters = re.sub(r"[^a-z]", "", doc_id.lower())

    def owner(m: re.Match[str]) -> str:
        word = re.sub(r"[^a-z]", "", m.group(0).lower().removesuffix("'s").removesuffix("’s"))
        return " " if len(word) >= 3 and word in letters else m.group(0)

    return POSSESSIVE.sub(owner, name)


@cache
def _whole_words() -> frozenset[str]:
    return terms(" ".join(words("comparing.whole_rows")))


@cache
def _measure_stems() -> frozenset[str]:
    return terms(" ".join(measure_words()))


def _meets(word: str, said: frozenset[str]) -> bool:
    """Is a label's word said by the name: itself, or its cut form or its whole
    ("pharma" and "pharmaceut")?"""
    for w in said:
        if w == word:
            return True
        if min(len(w), len(word)) >= PREFIX and (w.startswith(word) or word.startswith(w)):
            return True
    return False


def named_context(names: Sequence[str], rows: Sequence[Row], context: str) -> int:
    """How many of the names' words that no chosen row says its context (a group's
    heading, a table's title) says, a cut word meeting its whole."""
    said = terms(" ".join(shown_label(r.label) for r in rows))
    rest = terms(" ".join(names)) - said - _measure_stems() - _BARE
    around = terms(context)
    return sum(1 for w in rest if _meets(w, around))
