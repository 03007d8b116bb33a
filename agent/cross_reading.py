"""Which question the offline answerer reads: a Chinese (or mixed) question of English
documents is read as its English reading (``pipeline/text/bilingual.py``), its answer
still said in Chinese.

The English layers (figures from statements, sections by their headings, sentences by
their words) find what an English report prints by English words; a Chinese question shares
none with it beyond the line items the finance vocabulary names in both languages. The
reading is used only when the question holds Chinese, the vocabulary read most of it
(``Reading.trusted``) and the turn's passages are English: a Chinese report is read in
its own words, and a question the vocabulary cannot read stays as asked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.evidence import Evidence
from pipeline.text.bilingual import english_reading
from pipeline.text.script import HAN_RE, han_count

# the share of Han characters under which a turn's passages are English: an English
# filing may quote a Chinese name or two, a Chinese report is mostly Han
_ENGLISH_BELOW = 0.02
# the share of its Chinese content a question's reading must read for the question to be
# asked of English passages at all: below it, most of what it asks (a substance, a place,
# a person the report never names) has no English words the report could print, and the
# few words left (表现 read as "performance") would answer a question nobody asked
_UNREAD_ABOVE = 0.5
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def english_question(question: str) -> str:
    """The question's trusted English reading, or "" (no Chinese in it, or too little
    of it read)."""
    if not HAN_RE.search(question):
        return ""
    reading = english_reading(question)
    return reading.text if reading.trusted else ""


def english_evidence(evidence: Sequence[Evidence]) -> bool:
    """Are the turn's passages (any) in English?"""
    text = "".join(p.text for e in evidence for p in e.passages)
    return bool(text) and han_count(text) / len(text) < _ENGLISH_BELOW


def unreadable(question: str, evidence: Sequence[Evidence]) -> bool:
    """A Chinese question of English passages that the vocabulary reads less than half
    of: nothing in them can answer it in the words it is asked in."""
    if not HAN_RE.search(question) or _LATIN_WORD.search(question):
        return False  # a mixed question's English words are asked of English passages
    return english_evidence(evidence) and english_reading(question).read < _UNREAD_ABOVE


def read_as(question: str, evidence: Sequence[Evidence]) -> str:
    """The English reading to answer a Chinese question from English passages, or ""."""
    reading = english_question(question)
    return reading if reading and english_evidence(evidence) else ""
