"""Which documents of the scope a question names by their company.

A visitor who uploads two companies' reports and asks "Which segment had the weakest top
line performance for Kestrel in 2025?" asks about one of them: the other's tables answer
nothing and crowd the search. A company is named by a capitalised word of the question
(its first only when it cannot be a sentence's capital: "MGM's", not "What") that a word
of a document's file name starts with ("MGM" in MGMRESORTS_10Q.pdf), or by its initials
("J&J", "JnJ" for JOHNSON_JOHNSON_…), or by the trading symbol the filing states ("ADBE");
a Chinese report's company, which its cover names ("东北电气发展股份有限公司"), by the
opening of that name (its short name, "东北电气"; legal forms in ``data/company_suffixes.json``);
an English report's company by its Chinese name ("百事" of PepsiCo's, ``bilingual.json`` names).
Words every filing's name uses ("earnings", "10K")
name no company; they are in ``data/filing_words.json``. The result only ever narrows the
scope: no named document, or every one, leaves it as it is.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from agent.scope import DocStats, names_company
from pipeline.text.bilingual import company_names
from pipeline.text.script import HAN

_DATA = Path(__file__).parent / "data" / "filing_words.json"
_FORMS = Path(__file__).parent / "data" / "company_suffixes.json"
ZH_SHORT = 4  # characters of a Chinese company's name its short name is ("东北电气")
_TOKEN = re.compile(r"[A-Za-z][A-Za-z&.'’-]*")
_POSSESSIVE = re.compile(r"['’]s?$")
MIN_PREFIX = 3  # "MGM" for MGMRESORTS; two letters name nothing


@lru_cache(maxsize=1)
def _filing_words() -> frozenset[str]:
    raw = json.loads(_DATA.read_text(encoding="utf-8"))
    return frozenset(w.lower() for w in raw["words"])


def named_documents(
    question: str, doc_ids: Sequence[str], names: Sequence[str], stats: Sequence[DocStats]
) -> tuple[str, ...]:
    """The documents (of ``doc_ids``, with their file ``names`` and ``stats`` in the same
    order) the question names by company; all of them when it names none or every one."""
    if len(doc_ids) < 2:
        return tuple(doc_ids)
    tokens = _tokens(question)
    hit = tuple(
        d
        for d, name, st in zip(doc_ids, names, stats, strict=True)
        if any(_names(t, name, st) for t in tokens)
        or _names_zh(question, st)
        or _names_en(question, st)
    )
    return hit if hit else tuple(doc_ids)


def _tokens(question: str) -> list[str]:
    """The question's capitalised words, possessives dropped ("MGM's"). Its first word is
    capitalised anyway: it counts only when it is one no sentence starts with by chance
    (two capitals, "MGM", "J&J", or a possessive)."""
    found = [m.group(0) for m in _TOKEN.finditer(question)]
    if found and sum(c.isupper() for c in found[0]) < 2 and not _POSSESSIVE.search(found[0]):
        found = found[1:]
    out = []
    for raw in found:
        t = _POSSESSIVE.sub("", raw).strip(".-")
        if t and any(c.isupper() for c in t) and t.lower() not in _filing_words():
            out.append(t)
    return out


def _names(token: str, file_name: str, st: DocStats) -> bool:
    if token in st.symbols:  # its ticker, as the filing states it ("ADBE", "BBY")
        return True
    low = token.lower()
    words = [
        w.lower()
        for w in re.findall(r"[A-Za-z]+", file_name.rsplit(".", 1)[0])
        if w.lower() not in _filing_words()
    ]
    if len(low) >= MIN_PREFIX and any(w.startswith(low) for w in words):
        return True
    letters = "".join(c for c in token if c.isupper())
    return len(letters) >= 2 and ("&" in token or letters != token) and letters in st.initials


def names_a_company(question: str, names: Sequence[str], stats: Sequence[DocStats]) -> bool:
    """Does the question name the company of any of these documents?"""
    tokens = _tokens(question)
    pairs = list(zip(names, stats, strict=True))
    return any(_names(t, n, st) for t in tokens for n, st in pairs) or any(
        _names_zh(question, st) or _names_en(question, st) for st in stats
    )


def is_company_report(file_name: str, st: DocStats) -> bool:
    """Is this a company's report: its cover names a registrant, or its file name says
    what kind of filing it is ("ORRIN_LABS_2025_10K.md")? An encyclopedia article or a
    set of notes is none, and a question about it needs no word on which company."""
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", file_name.rsplit(".", 1)[0])}
    return bool(st.lead or zh_company(st)) or bool(said & _filing_words())


def company_groups(names: Sequence[str], stats: Sequence[DocStats]) -> list[int]:
    """For each document (file ``names`` and ``stats`` in the same order), the number of
    its company among them: two documents are one company's when the first words of their
    file names or of their covers' registrants are the same or one starts the other
    ("MGMRESORTS_2023Q2_10Q.pdf" and a 10-K whose cover names "MGM Resorts
    International"). A document whose name and cover say nothing of a company is a
    company of its own."""
    keys = [_company_words(n, st) for n, st in zip(names, stats, strict=True)]
    group = list(range(len(keys)))
    for i in range(len(keys)):
        for j in range(i):
            if group[i] == i and _same(keys[i], keys[j]):
                group[i] = group[j]
    return group


def _company_words(file_name: str, st: DocStats) -> frozenset[str]:
    if zh := zh_company(st):  # a Chinese report's file name is no company's ("issue-67.pdf")
        return frozenset({zh[:ZH_SHORT], st.lead} - {""})
    said = [w.lower() for w in re.findall(r"[A-Za-z]+", file_name.rsplit(".", 1)[0])]
    lead = next((w for w in said if w not in _filing_words() and len(w) >= MIN_PREFIX), "")
    return frozenset({lead, st.lead} - {""})


def _same(a: frozenset[str], b: frozenset[str]) -> bool:
    return any(
        x == y or (min(len(x), len(y)) >= MIN_PREFIX and (x.startswith(y) or y.startswith(x)))
        for x in a
        for y in b
    )


def zh_company(st: DocStats) -> str:
    """The company a Chinese report's title or cover names, without its legal form
    ("东北电气发展" of "东北电气发展股份有限公司 2018 年第一季度报告"), or ""."""
    for line in [*st.title.splitlines(), *st.cover.splitlines()]:
        m = _zh_name().match("".join(line.split()))
        if m is not None:
            return m.group(1)
    return ""


def _names_zh(question: str, st: DocStats) -> bool:
    """Does a Chinese question name the report's company by the opening of its name?"""
    name = zh_company(st)
    return bool(name) and name[:ZH_SHORT] in question


def _names_en(question: str, st: DocStats) -> bool:
    """Does a Chinese question name an English report's company by its Chinese name
    ("百事" of PepsiCo's 10-K: ``pipeline/text/bilingual.company_names``)?"""
    return any(names_company(en, st.owner, st.names) for _, en in company_names(question))


@lru_cache(maxsize=1)
def _zh_name() -> re.Pattern[str]:
    forms = json.loads(_FORMS.read_text(encoding="utf-8"))["zh_forms"]
    ends = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return re.compile(rf"([{HAN}]{{2,16}}?)(?:{ends})")
