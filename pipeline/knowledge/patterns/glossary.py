"""Glossary lines ("Term: definition", "Term — definition"), in either language."""

from __future__ import annotations

import re

from pipeline.knowledge.patterns.surface import (
    LABELS,
    ZH_RE,
    Found,
    clean_definition,
    clean_term,
    enough,
)
from pipeline.text.lexicon import pattern
from pipeline.text.normalise import nfkc

_GLOSSARY = re.compile(r"^[\s•●▪·\-–*]*(?P<t>[^:：—–]{2,40}?)\s*(?:[:：]|\s[—–]\s)\s*(?P<d>.{8,})$")


def find_glossary(sentence: str) -> Found | None:
    m = _GLOSSARY.match(nfkc(sentence))
    if not m:
        return None
    raw = m.group("t")
    term = clean_term(raw)
    if not term or LABELS.match(term) or (term.split()[0][:1].islower() and " " in term):
        return None
    d = clean_definition(m.group("d"))
    return Found(term, "glossary", d) if enough(d) and _prose(d) else None


_PRONOUN_START = pattern("definitions.first_person_en_zh", template=r"^(?:{})\b", flags=re.I)


_RATE = re.compile(r"\d\s*%|\d\s*percent\b|\d\s*个百分点|\d\s*％", re.I)


def _prose(definition: str) -> bool:
    """Explanatory text, not a row of figures or a paragraph that merely follows a label."""
    if _PRONOUN_START.match(definition) or "$" in definition or _RATE.search(definition):
        return False  # "Services: The 7.7% growth was driven by…" explains a figure
    if len(re.findall(r"\d[\d,.]*", definition)) >= 3:
        return False
    if ZH_RE.search(definition):
        return True
    words = definition.split()
    alpha = sum(1 for w in words if re.match(r"[A-Za-z]", w))
    return len(words) >= 4 and alpha >= 0.7 * len(words)
