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

from collections.abc import Sequence

from agent.evidence import Evidence
from pipeline.text.bilingual import english_reading
from pipeline.text.script import HAN_RE, han_count

# the share of Han characters under which a turn's passages are English: an English
# filing may quote a Chinese name or two, a Chinese report is mostly Han
_ENGLISH_BELOW = 0.02


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


def read_as(question: str, evidence: Sequence[Evidence]) -> str:
    """The English reading to answer a Chinese question from English passages, or ""."""
    reading = english_question(question)
    return reading if reading and english_evidence(evidence) else ""
