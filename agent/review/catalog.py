"""The kinds of sub-goal a plan is made of. The data (cues and keywords in both languages)
lives in ``catalog.json``; this module only gives it a type.

``goal_cues``: words in a user's goal that make the kind relevant. ``keywords`` / ``regex``:
what its tool looks for in the document. ``labels``: the block labels it reads (empty =
any). ``sections``: words of a heading whose section states the kind whatever its wording
(a filing's "Contractual Obligations" table, a note on commitments or covenants), read
whole beside the keyword hits; ``sections_not``: headings with such a word that do not
(revenue's "performance obligations"). A kind's signature (its keywords as one pattern)
is what stored rules match on. A kind whose words are a word class of the lexicon
(``goal_cues_from`` / ``keywords_from``: "duties.obligation.said" — what binds a party,
in ``pipeline/text/data/lexicon/duties.json``) reads them from there.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pipeline.perceive.models import BlockLabel
from pipeline.text import lexicon

_DATA = Path(__file__).with_name("catalog.json")


@dataclass(frozen=True)
class Kind:
    id: str
    title_en: str
    title_zh: str
    tool: str
    goal_cues: tuple[str, ...]
    keywords: tuple[str, ...] = ()
    regex: str = ""
    labels: tuple[BlockLabel, ...] = ()
    weight: float = 1.0  # tool calls per hit, relative: tables and OCR cost more
    sections: tuple[str, ...] = ()
    sections_not: tuple[str, ...] = ()

    def names_section(self, heading: str) -> bool:
        """Whether a heading names a section that states this kind."""
        low = heading.lower()
        return any(w in low for w in self.sections) and not any(w in low for w in self.sections_not)

    def title(self, lang: str) -> str:
        return self.title_zh if lang == "zh" else self.title_en


_FROM = {"goal_cues_from": "goal_cues", "keywords_from": "keywords"}


def _kind(item: dict[str, Any]) -> Kind:
    fields = {k: v for k, v in item.items() if k not in _FROM}
    for src, dst in _FROM.items():
        words = [w for name in item.get(src, ()) for w in lexicon.words(name)]
        fields[dst] = list(dict.fromkeys([*fields.get(dst, []), *words]))
    tuples = {k: tuple(v) for k, v in fields.items() if isinstance(v, list)}
    return Kind(**{**fields, **tuples})


@cache
def _load() -> tuple[tuple[Kind, ...], frozenset[str]]:
    data = json.loads(_DATA.read_text(encoding="utf-8"))
    kinds = tuple(_kind(item) for item in data["kinds"])
    return kinds, frozenset(data["goal_stopwords"])


def kinds() -> tuple[Kind, ...]:
    return _load()[0]


def by_id(kind_id: str) -> Kind | None:
    return next((k for k in kinds() if k.id == kind_id), None)


def goal_stopwords() -> frozenset[str]:
    """Words of a goal that say what to do, not what about (never searched for)."""
    return _load()[1]


GOAL_TERMS = "goal_terms"
"""The kind made from the goal's own words; always a candidate."""
