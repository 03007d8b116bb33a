"""The kind of member a ranking question asks for ("which region", "which segment") and
whether a group's members are of it: a table's split by place is no set of products, a
group captioned by another kind answers nothing of this one. Split from ``ranking.py``;
the kinds' words are ``finance_terms.json``'s "member_kinds"."""

from __future__ import annotations

import re

from agent.figures.grid import Row
from agent.figures.headings import Group
from agent.figures.items import asked_items
from agent.figures.member_levels import by_place, mentions_place
from agent.figures.partitions import whole
from agent.rewrite import content_terms
from agent.scope import stem
from pipeline.text.finance import vocabulary

# the words after "which" ("Rank …" asks for every member in order: the words after it)
WHICH = re.compile(
    r"\b(?:which|rank)\s+((?:[\w&.'’-]+\s+){0,4}[\w&.'’-]+)|哪(?:个|一个|些|类|一)?(..)",
    re.I,
)


def kind_words(question: str) -> frozenset[str]:
    """Stems a table names the kind of member asked by: the noun after "which" ("which
    region": geographic, area …)."""
    m = WHICH.search(question)
    said = [w for w in (m.groups() if m else ()) if w]
    kinds = vocabulary().member_kinds.values()
    # a kind's name of two words first: a "therapeutic area" is no geographic one
    text = " ".join(said).lower()
    for words in kinds:
        if any(" " in w and re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text) for w in words):
            return frozenset(stem(w) for w in words)
    asked = {stem(w.lower()) for text in said for w in re.findall(r"[\w-]+", text)}
    out: set[str] = set()
    for words in kinds:
        stems = {stem(w) for w in words}
        if stems & asked:
            out |= stems
    return frozenset(out)


def of_another_kind(question: str, grp: Group, rows: list[Row], *, totalled: bool) -> bool:
    """Are the members not of the kind the question asks for: one whole's split by place
    where products or segments are asked (``_split_by_place``), a group whose heading or
    table caption names another kind ("Sales to customers by geographic area" when the
    segments are asked; segments naming places are regions), or, for regions, members
    none of which names a place under a caption naming no kind ("Subscription / Product /
    Services")?"""
    kind = asked_kind(question)
    if kind is None:
        return False
    if _split_by_place(grp, rows, kind, totalled=totalled):
        return True
    p = grp.grid.passage
    named = _kinds_named(f"{grp.heading} {p.columns} {p.text.lstrip().split(chr(10))[0]}")
    placed = any(mentions_place(r.label) for r in rows)
    if named and kind not in named:  # segments named by places are a company's regions
        return not (kind == "region" and named == {"segment"} and placed)
    return kind == "region" and not named and not placed


def _split_by_place(grp: Group, rows: list[Row], kind: str, *, totalled: bool) -> bool:
    """Are the members one whole's split by place where another kind is asked? Places are
    never products; segments named only by places are the world's regions ("Americas /
    EMEA / Asia Pacific"), never a home-and-abroad pair ("US / Intl"), a row's split with
    its total ("WW") among them, or the rows under a heading naming a thing ("REMICADE")."""
    if not by_place(rows):
        return False
    if kind == "category":
        return True
    split = totalled or len(rows) < _REGIONS or _names_a_thing(grp)
    return kind == "segment" and split


_REGIONS = 3  # the fewest places a company's segments split the world into


def _names_a_thing(grp: Group) -> bool:
    """Does the group's heading name a thing of its own ("REMICADE", "Oral Care"), not
    the measure ("Net sales:"), a kind of member or the table's title?"""
    head = grp.heading.strip()
    if not head or asked_items(head) or _kinds_named(head):
        return False
    return not whole(grp.grid).heading.startswith(head)


def _kinds_named(text: str) -> set[str]:
    """The kinds of member the text names ("by geographic area": region)."""
    said = {stem(t) for t in content_terms(text)}
    return {
        name for name, kind in vocabulary().member_kinds.items() if said & {stem(w) for w in kind}
    }


def asked_kind(question: str) -> str | None:
    """The kind of member the question asks for ("region", "segment", "category"), by the
    noun after "which"; None when it names none."""
    asked = kind_words(question)
    for name, said in vocabulary().member_kinds.items():
        if {stem(w) for w in said} & asked:
            return name
    return None
