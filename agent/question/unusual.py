"""Whether a question asks what out of the ordinary moved a result ("Did anything outside
<Company>'s normal business lift its 2031 profit?", "Did any one-time items lift its fiscal
2016 net income?"), and which way.

Such a question names a result ("net income", "earnings") but asks for the events behind
it: a gain on a sale, an impairment, a settlement, a tax law's effect. The result's amount
alone answers nothing. Words in ``lexicon/unusual_items.json``."""

from __future__ import annotations

import re
from functools import cache
from typing import Literal

from pipeline.text import lexicon
from pipeline.text.periods import LONE_YEAR_RE

Way = Literal["up", "down", ""]

_WORDS = r"(?<![\w-])(?:{})(?![\w-])"
_GAP = r"(?:[\w'’&.-]+\s+){0,5}?"  # "outside Adobe's normal business", "not in its core …"


@cache
def _outside() -> re.Pattern[str]:
    outside = lexicon.alternation("unusual_items.outside", space=r"\s+")
    ordinary = lexicon.alternation("unusual_items.ordinary", space=r"\s+")
    return re.compile(rf"(?<![\w-])(?:{outside})\s+{_GAP}(?:{ordinary})(?![\w-])", re.I)


def _said(name: str, text: str) -> bool:
    return lexicon.pattern(name, template=_WORDS, flags=re.I, space=r"\s+").search(text) is not None


@cache
def _unusual_thing() -> re.Pattern[str]:
    unusual = lexicon.alternation("unusual_items.unusual", space=r"\s+")
    things = lexicon.alternation("unusual_items.things", space=r"\s+")
    return re.compile(rf"(?<![\w-])(?:{unusual})\s+(?:{things})(?![\w-])", re.I)


def asks_unusual(text: str) -> bool:
    """Does the question ask which events out of the ordinary moved a result? It calls a
    gain or a charge unusual ("one-off gains"), or names a result and calls what moved it
    unusual, or outside the ordinary business."""
    if _unusual_thing().search(text):
        return True
    if not _said("unusual_items.results", text):
        return False
    return _said("unusual_items.unusual", text) or _outside().search(text) is not None


def asked_way(text: str) -> Way:
    """Which way the question asks the result moved ("increased", "held back"), or ""."""
    up = _said("unusual_items.raised", text)
    down = _said("unusual_items.lowered", text)
    return "up" if up and not down else "down" if down and not up else ""


def unusual_search(text: str) -> str:
    """The words to search for statements of such events: the events' own words, with the
    result and the years the question names ("net income 2019 gain sale impairment …")."""
    result = lexicon.pattern("unusual_items.results", template=_WORDS, flags=re.I, space=r"\s+")
    named = [m.group(0) for m in result.finditer(text)][:1]
    years = LONE_YEAR_RE.findall(text)
    return " ".join(dict.fromkeys([*named, *years, *lexicon.words("unusual_items.search")]))
