"""The names an event's sentence gives after its verb ("we completed our acquisition of
privately held Fotolia", "we acquired all of the outstanding shares of Be & Cheery"): what
a question asking which businesses a company acquired (or sold) wants listed, one
statement per name. Words in ``lexicon/event_names.json``."""

from __future__ import annotations

import re
from functools import cache

from pipeline.text import lexicon

_NAME = r"[A-Z][\w'’.-]*(?:\s+(?:&\s+)?[A-Z][\w'’.-]*){0,3}"  # "Be & Cheery", "Empire City"


@cache
def _named() -> re.Pattern[str]:
    verbs = lexicon.alternation("event_names.verbs", space=r"\s+")
    fillers = lexicon.alternation("event_names.fillers", space=r"\s+")
    return re.compile(rf"(?<![\w-])(?:{verbs})\s+(?:(?:{fillers})\s+)*({_NAME})")


@cache
def _not_names() -> frozenset[str]:
    return frozenset(lexicon.words("event_names.not_names"))


def event_names(text: str) -> frozenset[str]:
    """The names the text gives right after an event's verb, without a leading word that
    names nothing ("The", a month)."""
    out: set[str] = set()
    for m in _named().finditer(" ".join(text.split())):
        words = m.group(1).split()
        while words and words[0].rstrip(".,") in _not_names():
            words = words[1:]
        if words:
            out.add(" ".join(words).rstrip(".,’'"))
    return frozenset(out)
