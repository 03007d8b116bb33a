"""A company whose figures the question asks that the scope never names: "What was <Name>'s
revenue?", "<某公司>一季度的营业收入是多少？" asked of another company's report. Every other
word of such a question is the report's own (revenue, the quarter), so the figures would
answer with the report's own row; the name alone says it is not this report. The words
of the name are those every search of the turn found in no chunk of the scope
(``features.scope_missing``). A name the scope does use is ``other_company``'s."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.evidence import Evidence
from agent.models.features import scope_missing
from agent.models.judge import METRIC_ACRONYMS
from agent.models.other_company import SUBJECT_PATTERNS, abbreviates
from agent.models.short_names import long_names
from agent.question import parse
from agent.rewrite import content_terms, core_question
from agent.scope import company_suffixes, names_company, stem
from pipeline.text import lexicon
from pipeline.text.bilingual import company_names, known_subjects
from pipeline.text.script import HAN, HAN_RE

_ENDS = lexicon.alternation("zh_periods.subject_ends")
# the opening words of a Chinese question up to a period word, a year or the first 的;
# a period word opening it ("年初的货币资金") is no name
_ZH_SUBJECT = re.compile(rf"^\s*(?!{_ENDS})([{HAN}]{{2,12}}?)(?=(?:{_ENDS}|\d{{4}}\s*年|的))")
# a date the question opens with, before its subject: "截至2019年底，<公司>有多少名员工"
_AS_OF = lexicon.alternation("zh_periods.date_prepositions")
_OPENING_DATE = re.compile(rf"^\s*(?:{_AS_OF})[^，,。？?]{{0,16}}[，,]\s*")
MIN_NAME = 2  # characters: one character names nothing


def absent_subject(question: str, evidence: Sequence[Evidence]) -> str:
    """The name the question asks about when no chunk of the scope uses any of its words
    (a name cut into words by the search is wholly missing), or ""."""
    if not any(ev.reads == "search" for ev in evidence):
        return ""
    core = core_question(question)
    # a company the vocabulary knows is a company whatever is asked of it
    known = (n for n in known_subjects(core) if _unsearched(n, evidence))
    if other := next(known, ""):
        return other
    # a figure of a report asked (a line item, a metric): "意大利的首都" names a country
    # whose capital no report gives, not another company's report
    asked = parse(question)
    # a count of another company's ("how many directors were elected at <Name>'s meeting")
    # is a figure of its report as well
    if not asked.numeric:
        return ""
    named = company_names(core)
    if named:  # "百事…" of PepsiCo's report is its own; "微软…" another company's
        return next((en for _, en in named if not _owns(en, evidence)), "")
    gone = scope_missing(evidence)
    # a foreign name the passages spell otherwise (蒙特罗 of 蒙泰罗), a short form they
    # write in full: the scope's own name, not another's
    gone -= {t for covered, _ in long_names(question, evidence, gone) for t in covered}
    for name in [*_latin_names(core), *_han_names(core)]:
        terms = _terms(name)
        # "Pepsi" of PepsiCo, "JnJ": a short form of the owner's name is the owner
        if terms and _unused(name, terms, gone, evidence) and not abbreviates(name, evidence):
            return name
    return ""


def _terms(name: str) -> list[str]:
    """A name's smallest words: a name no dictionary holds ("星河重工") is judged by its
    parts ("星河", "重工"), the whole being found missing or a chance of its pairs; a legal
    form ("Company", "Inc") names no company in particular."""
    found = [
        t for t in content_terms(name) if not t.isdigit() and t.lower() not in company_suffixes()
    ]
    return [stem(t) for t in found if not any(o != t and o in t for o in found)]


def _unused(name: str, terms: list[str], gone: set[str], evidence: Sequence[Evidence]) -> bool:
    """Does the scope never use the name: none of its words, or not its first, the word
    that makes it this company's ("Caesars" of "Caesars Entertainment": a report of
    another casino uses "entertainment" all the same)? Not its first alone when a Chinese
    report is in the scope: that report never writes its own company's English name."""
    if all(t in gone for t in terms):
        return True
    head = stem(name.split(maxsplit=1)[0])
    chinese = any(HAN_RE.search(p.text) for ev in evidence for p in ev.passages)
    return terms[0] == head and head in gone and not chinese


def _unsearched(name: str, evidence: Sequence[Evidence]) -> bool:
    """A company a Chinese question names ("可口可乐"), read as its English name, that is not
    the scope's: a search of the Chinese words never looks for the English ones, so none
    being found says the scope does not use them. Its full name is no abbreviation of the
    owner's (a long list of lenders' names holds any letters in order)."""
    owner = {w for ev in evidence for w in ev.owner}
    if names_company(name, owner, {w for ev in evidence for w in ev.names}):
        return False
    terms = _terms(name)
    used = {stem(t) for ev in evidence for t, n in ev.term_df.items() if n > 0}
    return not any(t in used for t in terms)


def _latin_names(core: str) -> list[str]:
    """The capitalised names where an English question puts its subject ("<Name>'s")."""
    out = []
    for pattern in SUBJECT_PATTERNS:
        for m in pattern.finditer(core):
            raw = m.group(1).split()
            raw = raw[1:] if m.start(1) == 0 else raw  # a question's first word is capitalised
            figures = any(c.isdigit() for w in raw for c in w)
            if raw and not figures and not all(w.lower() in METRIC_ACRONYMS for w in raw):
                out.append(" ".join(raw))
    return out


def _owns(english: str, evidence: Sequence[Evidence]) -> bool:
    """Is a company's English name that of a report of the scope?"""
    owner = {w for ev in evidence for w in ev.owner}
    names = {w for ev in evidence for w in ev.names}
    return names_company(english, owner, names) or abbreviates(english, evidence)


def _han_names(core: str) -> list[str]:
    m = _ZH_SUBJECT.match(_OPENING_DATE.sub("", core))
    return [m.group(1)] if m and len(m.group(1)) >= MIN_NAME else []
