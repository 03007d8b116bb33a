"""What a question asks in words, as the answerability rules read it: its content words,
the names it is asked of, and whether it names the document or the company whose report
it is.

``answerability.py`` weighs these against the chosen units (its gate, its name-only rule);
``world_asked.py`` and the composer read them too. Kept apart from the gate so that a rule
needing the question's words need not import the gate, nor the gate the rule. The words
naming a document are data (``data/answerability_words.json``, ``document``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from agent.evidence import Evidence
from agent.models.focus import names as zh_names
from agent.models.joined_terms import joined_terms
from agent.models.judge import METRIC_ACRONYMS
from agent.models.phrasing import phrasing_words
from agent.models.zh_person import person_names
from agent.own_name import own_name_words
from agent.rewrite import core_question, key_terms
from agent.scope import stem
from pipeline.text.periods import PERIOD_TOKEN_RE
from pipeline.text.script import HAN_RE
from pipeline.text.words import NAME_WORD_RE

WORDS = Path(__file__).with_name("data") / "answerability_words.json"

_LATIN_NAME = re.compile(r"[A-Z][A-Za-z0-9&.'-]+")


@cache
def word_lists() -> dict[str, dict[str, list[str]]]:
    """The answerability word lists by role, then language (operators, document)."""
    raw: dict[str, dict[str, list[str]]] = json.loads(WORDS.read_text(encoding="utf-8"))
    return raw


@cache
def _document_words() -> re.Pattern[str]:
    said = sorted(
        (w for ws in word_lists()["document"].values() for w in ws), key=len, reverse=True
    )
    return re.compile("|".join(re.escape(w) for w in said), re.I)


def about_document(question: str, evidence: Sequence[Evidence]) -> bool:
    """Does the question name the document ("this 10-K", "本报告") or the company whose
    report it is? A question of world knowledge never does."""
    if _document_words().search(question):
        return True
    own = own_stems(question, evidence)
    return any(stem(t) in own for t in key_terms(core_question(question)))


def own_stems(question: str, evidence: Sequence[Evidence]) -> set[str]:
    """Stems of the words naming the report's company: its name's words, and the
    question's short forms of them ("MGM" of a scope named "mgmresort", "JnJ", "PEP")."""
    own = {stem(w) for ev in evidence for w in (*ev.owner, *ev.names)}
    return own | own_name_words(question, [w for ev in evidence for w in (*ev.owner, *ev.names)])


def question_words(question: str, evidence: Sequence[Evidence]) -> dict[str, str]:
    """Stem → word of the question's content words: no figures, years, phrasing words, or
    words naming the document or its owner."""
    core = core_question(question)
    phrasing = phrasing_words(core)
    own = own_stems(question, evidence)
    out: dict[str, str] = {}
    for t in joined_terms(core, key_terms(core)):
        key = stem(t)
        if _figure(t, core) or key in phrasing or key in own:
            continue
        out.setdefault(key, t)
    return out


def _figure(term: str, core: str) -> bool:
    """A figure, a year or a period ("2005", "23岁", "FY2022"), not a word asked; in a
    Chinese question a Latin name with digits ("A380", "MP3") is a name all the same."""
    if not any(c.isdigit() for c in term):
        return False
    named = HAN_RE.search(core) and re.search(r"[A-Za-z]", term)
    return not named or bool(PERIOD_TOKEN_RE.match(term.lower()))


def asked_words(question: str, evidence: Sequence[Evidence]) -> list[str]:
    """The question's content words besides the names it is asked of, when it is asked of
    a name other than the report's own: what it asks of that one ("capital" of "the
    capital of <State>"); none when it names no other (a topic of the report itself)."""
    words = question_words(question, evidence)
    named = asked_names(question) & set(words)
    return [w for k, w in words.items() if k not in named] if named else []


def asked_names(question: str) -> set[str]:
    """Stems of the names the question is asked of: capitalised words inside an English
    question (not metric acronyms), jieba's place/person/organisation words in Chinese."""
    core = core_question(question)
    if HAN_RE.search(core):
        # a capitalised Latin word in a Chinese question is a name, or a piece of one
        # ("<Latin>航空"); English terms in lower case are its words, no name
        # and a person's name the cutter split ("严" + "长寿"), whole (``zh_person``)
        zh = set(zh_names(question)) | {stem(n) for n in person_names(question)}
        return zh | {stem(w.lower()) for w in _LATIN_NAME.findall(core)}
    out = set()
    for i, m in enumerate(NAME_WORD_RE.finditer(core)):
        w = re.sub(r"['’]s$", "", m.group(0)).strip(".")
        if i and w[:1].isupper() and w.lower() not in METRIC_ACRONYMS:
            out.add(stem(w))
    return out
