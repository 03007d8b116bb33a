"""Which places a company operates or sells in: the answer leads with the passage naming them.

"Which countries does Acme operate in?" shares "countries" and "operate" with sentences
that name no country ("we test new concepts around the country", "a geographically
diverse group"), which the selector may rank first; the answer is the sentence or the
table that names several places ("We have operations in the U.S., Canada and Mexico", a
table of net sales by region). So when the question asks which places (its noun in
``lexicon/geography.json`` "asked"), the passage among the turn's candidates naming the
most distinct places (the regions and countries of ``lexicon/geography.json``, none of
the words naming no particular place: "International", "Foreign"; a passage with a unit
naming a firm by its legal form beside a place, a list of subsidiaries or guarantors and
their jurisdictions, counts none) leads, its
units that name places first, in reading order; nothing chosen is dropped. The planner
searches the region names besides the question's words (``region_search``): a filing's
list of its divisions by region shares no word with "geographies".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from agent.entities import find_all
from agent.models.candidates import Candidate
from pipeline.text.lexicon import alternation, words

_LEAST = 2  # distinct places a passage names: one is a home, not where a company operates
_SHOWN = 4  # units of the leading passage written first (a region's row each)
_BETWEEN = 3  # words between "which"/"what" and the noun asked ("which geographic regions")


@cache
def _asked() -> re.Pattern[str]:
    nouns = alternation("geography.asked", space=r"\s+")
    return re.compile(
        rf"\b(?:which|what)\b(?:\s+[\w'’&.-]+){{0,{_BETWEEN}}}?\s+(?:{nouns})\b", re.I
    )


def asks_places(question: str) -> bool:
    """Does the question ask which places ("Which countries …", "What are the geographies
    …", "Which regions do its sales come from?")?"""
    return _asked().search(question) is not None


@cache
def _places() -> re.Pattern[str]:
    unnamed = set(words("geography.unnamed"))
    names = sorted((w for w in words("geography.places") if w not in unnamed), key=len)
    alternatives = "|".join(re.escape(n) for n in reversed(names))  # the longest first
    return re.compile(rf"(?<![\w.])(?:{alternatives})(?![\w])", re.I)


def region_search() -> str:
    """The words a keyword search for where a company operates adds: the regions a filing
    lists its operations by (a question's "geographies" shares no word with "5) Europe,
    which includes all of our businesses in Europe")."""
    return " ".join(words("geography.regions"))


def places(text: str) -> frozenset[str]:
    """The places a text names, lower case; a place is capitalised ("us" is a pronoun)."""
    found = (m.group(0) for m in _places().finditer(text))
    return frozenset(p.lower() for p in found if p[0].isupper())


def places_first(
    question: str, chosen: list[Candidate], found: Sequence[Candidate]
) -> list[Candidate]:
    """``chosen`` led by the units naming places of the passage naming the most of them,
    when the question asks which places and the first chosen unit names fewer than two;
    unchanged otherwise."""
    if not chosen or not asks_places(question):
        return chosen
    if len(places(chosen[0].unit.text)) >= _LEAST:
        return chosen  # the first unit names them already ("operations in A, B and C")
    named: dict[str, set[str]] = {}
    held: dict[str, list[Candidate]] = {}
    listing: set[str] = set()  # passages listing firms (subsidiaries, guarantors)
    for c in [*chosen, *found]:
        said = places(c.unit.text)
        key = c.passage.chunk_id
        if said and find_all("organisation", c.unit.text, ""):  # its own firms too
            listing.add(key)  # a subsidiary's name and jurisdiction: no place it operates in
        if not said or key in listing:
            continue
        named.setdefault(key, set()).update(said)
        if all(c.unit.start != h.unit.start for h in held.get(key, [])):
            held.setdefault(key, []).append(c)
    named = {k: v for k, v in named.items() if k not in listing}
    if not named:
        return chosen
    # of the passages naming the most, the earliest in the filing: its business
    # description says where it operates, a note repeats it
    page = {c.passage.chunk_id: c.passage.page for c in [*chosen, *found]}
    best = max(named, key=lambda k: (len(named[k]), -page[k]))
    if len(named[best]) < _LEAST:
        return chosen
    lead = sorted(held[best], key=lambda c: c.unit.start)[:_SHOWN]
    return [*lead, *(c for c in chosen if c not in lead)]
