"""Everyday words for what a one-word section heading is about.

A filing heads its buildings "Properties" and its workforce "Employees" or "Human
Capital": a question asking "What buildings does it use?" or "How large is its
workforce?" shares no word with the heading, and one word of a heading says too little
for the dense model to place it ("Properties" stands as near to "intellectual property").
``data/heading_synonyms.json`` holds, per kind of heading (its topic words as filings print
them), the words a reader asks about it with: ``named_headings`` and ``naming`` give the
heading words a question's everyday words name ("buildings" → "properties"), for the match
by words (``sections.named_within``), taken when the question's own words name no heading.
The match by meaning (``topic_match.py``) reads headings as printed: describing them with
these words moved its fitted measure (a "Human Capital Management" question fell under its
rare-word threshold), and its thresholds were not refitted for that.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agent.scope import stem

DATA = Path(__file__).with_name("data") / "heading_synonyms.json"


class HeadingSynonymsDataError(RuntimeError):
    """The heading synonyms' data file is missing or unreadable."""


@dataclass(frozen=True)
class Kind:
    stems: frozenset[str]  # the heading's topic words (its first form's), stemmed
    words: tuple[str, ...]  # the everyday words and phrases for it, lower case
    said: re.Pattern[str]  # any of them in a text, as whole words


@cache
def kinds() -> tuple[Kind, ...]:
    try:
        raw = json.loads(DATA.read_text(encoding="utf-8"))["headings"]
        out: list[Kind] = []
        for key, words in raw.items():
            said = sorted((str(w).lower() for w in words), key=len, reverse=True)
            alternatives = "|".join(re.escape(w) for w in said)
            pattern = re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.I)
            stems = frozenset(stem(w) for w in key.split("|")[0].split())
            out.append(Kind(stems, tuple(said), pattern))
        return tuple(out)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, re.error) as e:
        raise HeadingSynonymsDataError(f"cannot read the heading synonyms {DATA}") from e


def named_headings(text: str) -> frozenset[str]:
    """The heading words (stemmed) the text's everyday words name: "Which buildings …?"
    → {"property"}; empty when it uses none."""
    return frozenset(s for k in kinds() if k.said.search(text) for s in k.stems)


def naming(text: str) -> list[frozenset[str]]:
    """The headings the text's everyday words name, each as its topic words (stemmed):
    "How large is its workforce?" → [{"employe"}, {"human", "capital"}]; empty when it
    uses none."""
    return [k.stems for k in kinds() if k.said.search(text)]


# A word rarer than this in general English (Zipf scale) says what the question is about:
# "absorb" (3.6) is, "use" (6.3) or "large" (5.3) is not.
RARE_ZIPF = 4.5
_TEXT_WORD = re.compile(r"[a-z]{3,}")


def asks_beyond(words: list[str], said: str) -> bool:
    """Does a question that reaches a heading by an everyday word ask, besides that word,
    an uncommon one the section never says? "What gas do plants absorb from the air?"
    says "plants" of a Properties section and asks "absorb": a question of something
    else. ``words``: the question's topic words as written; ``said``: the section's
    heading and sentences."""
    from wordfreq import zipf_frequency  # loaded on first use: its tables are large

    others = [w for w in words if not named_headings(w)]
    stems = {stem(w) for w in _TEXT_WORD.findall(said.lower())}
    return any(stem(w) not in stems and zipf_frequency(w, "en") < RARE_ZIPF for w in others)
