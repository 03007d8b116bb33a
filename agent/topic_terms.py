"""The words that name a topic in a question, a heading or a statement, and when two of
them are one word: what ``sections.py`` matches headings by and ``models/sections.py`` and
``models/verdict_lead.py`` read statements with. Apart from ``sections.py`` so that the
judge's helpers read them without importing the section reader (which imports the gate).
The words are data (``agent/data/sections.json``)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from agent.rewrite import content_terms
from agent.scope import stem

DATA = Path(__file__).with_name("data") / "sections.json"
_STEM_CHARS = 6  # a shorter word is a prefix of too many others ("risk", "riskier")
_SHARED = 0.75  # "operation" and "operating" share too little to be one word


@cache
def section_words() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


@cache
def generic() -> frozenset[str]:
    return frozenset(stem(w) for w in section_words()["generic"])


@cache
def _same_topic() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each everyday phrasing of a topic ("buy back") and the word a filing uses for it
    ("repurchase"), longest phrasing first ("buy backs" before "buy back")."""
    pairs = [(p, word) for word, ps in section_words()["same_topic"].items() for p in ps]
    pairs.sort(key=lambda pw: -len(pw[0]))
    return tuple((re.compile(rf"(?<!\w){re.escape(p)}(?!\w)", re.I), w) for p, w in pairs)


def same_topic_words(text: str) -> str:
    """The text with each everyday phrasing of a topic read as the filing's word for it
    ("Did they buy back stock?" → "Did they repurchase stock?"): a question and a heading
    or statement then meet on one word."""
    for pattern, word in _same_topic():
        text = pattern.sub(word, text)
    return text


def topic_terms(text: str, ignore: Iterable[str] = ()) -> frozenset[str]:
    """The words of a question or heading that can name a topic, stemmed (a topic's
    everyday phrasing read as the filing's word, ``same_topic_words``)."""
    skip = generic() | {stem(w) for w in ignore}
    return frozenset(
        s
        for s in (stem(t) for t in content_terms(same_topic_words(text)))
        if s not in skip and not s.isdigit() and len(s) > 1
    )


@cache
def _qualifiers() -> frozenset[str]:
    return frozenset(stem(w) for w in section_words()["qualifiers"])


def deciding(asked: frozenset[str]) -> frozenset[str]:
    """The asked words a statement must hold to decide a yes/no question: all but those
    that only qualify or frame the thing asked ("one-off" and "results" of "Were there any
    one-off gains in its 2016 results?": a statement of the gain itself decides it), or all
    of them when nothing else is asked."""
    return asked - _qualifiers() or asked


def meets(asked: frozenset[str], terms: frozenset[str]) -> frozenset[str]:
    """The asked words a text's words meet: the same stem, or one the other's longer form
    ("seasonal", "seasonality"; "competitor", "competition": most of the shorter word)."""
    return frozenset(a for a in asked if any(_same(a, t) for t in terms))


def _same(a: str, b: str) -> bool:
    if a == b:
        return True
    shared = next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    return shared >= _STEM_CHARS and shared >= _SHARED * min(len(a), len(b))
