"""An analyst's shorthand written out in the scope's own words, before anything reads the
question: "What was PFE's LTD at YE2021?" asks for long-term debt, "MGM's CFO in 1H23" for
the cash from operations of the first half of fiscal 2023, "Regional Ops" for the segment
a filing calls Regional Operations.

Every reader of the question (its item, its period, the names the scope must use) then
sees the filing's words. Nothing is written in that the scope does not use: an
abbreviation is spelled out only in words the scoped documents use, a cut word only when
they use the whole word more than the cut one. The abbreviations and cut words are data
(``pipeline/text/data/lexicon/shorthand.json``); an abbreviation that names a person as
well as an amount ("CFO") is left alone when the question asks about a person.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Protocol

from agent.question.acronyms import METRIC_ACRONYMS
from agent.scope import company_suffixes
from pipeline.text import lexicon
from pipeline.text.finance import vocabulary


class Scope(Protocol):
    """What the rewrite reads of the scope (``agent.scope.ScopeStats``)."""

    def df(self, term: str) -> int: ...  # how many of its chunks use a word
    def present(self, term: str) -> bool: ...  # a word it uses, or its documents' initials
    def ticker_names(self) -> dict[str, str]: ...  # "AMCR": "Amcor"
    def initials_name(self, letters: str, said: str = "") -> str: ...  # "DM": "Digital Media"


Used = Callable[[str], int]

# "1H23", "Q4'22", "3Q22", "H1'24", "9M23": a part of a year run into its year; the
# period readers read the part and the year apart ("H1 FY2023")
_COMPACT = re.compile(
    r"(?<![\w'’])(?P<part>[qQ][1-4]|[1-4][qQ]|[hH][12]|[12][hH]|9[mM])"
    r"(?:['’]|(?=\d))(?P<year>\d{4}|\d{2})(?![\w'’])"
)
# a word's end: no letter on, nor an apostrophe but a possessive's ("Pharma's", and a
# plural's bare apostrophe: "Regional Ops' EBITDAR")
_WORD_END = r"(?:(?=['’]s\b)|(?<=s)(?=['’](?!\w))|(?![\w'’]))"
_WORD = re.compile(r"[A-Za-z][A-Za-z'’&]*")
_POSSESSIVE = re.compile(r"['’]s?$")


def spelled_in_scope(question: str, scope: Scope) -> str:
    """The question with its compact periods, the tickers of the scope's companies
    ("AMCR" → "Amcor"), its abbreviations, cut words and initials written out as the scope
    writes them; unchanged when it has none (or the scope uses none of them)."""
    q = _COMPACT.sub(_spaced_period, question)
    tickers = scope.ticker_names()
    q = _named(q, tickers)
    q = _amounts(q, scope.df)
    q = _clipped(q, scope.df)
    return _initials(q, scope, set(tickers))


# two or three capitals standing alone ("DM revenue"), as initials are written; not an
# owner ("GE's revenue": another company the question asks about, not a name of the scope's)
_INITIALS = re.compile(r"(?<![\w&'’.-])([A-Z]{2,3})(?![\w&.'’-])")


def _initials(question: str, scope: Scope, tickers: set[str]) -> str:
    """Initials the scope never writes ("DM") as the name they stand for in it ("Digital
    Media"); not a metric's acronym ("EPS"), an abbreviation the vocabulary spells out
    ("OCI"), nor a company's ticker or initials ("JNJ")."""

    def spelled(m: re.Match[str]) -> str:
        letters = m.group(1)
        if letters.lower() in METRIC_ACRONYMS or letters in tickers or scope.present(letters):
            return letters
        if any(a.pattern.fullmatch(letters) for a in vocabulary().abbreviations):
            return letters  # the vocabulary's own ("OCI"): searched in its spelled-out words
        return scope.initials_name(letters, question) or letters

    return _INITIALS.sub(spelled, question)


def _named(question: str, tickers: Mapping[str, str]) -> str:
    """A company asked by its trading symbol ("AMCR's") asked by its name ("Amcor's"): a
    filing prints its symbol once, on its cover, and the figures under its name."""
    out = question
    for symbol, name in tickers.items():
        out = re.sub(rf"(?<![\w&-]){re.escape(symbol)}(?![\w&-])", name, out)
    return out


def _spaced_period(m: re.Match[str]) -> str:
    part = m.group("part").upper()
    year = m.group("year")
    fiscal = f"FY{year if len(year) == 4 else '20' + year}"
    if part == "9M":
        return f"nine months of {fiscal}"
    kind = "Q" if "Q" in part else "H"
    return f"{kind}{part.replace(kind, '')} {fiscal}"


def _amounts(question: str, used: Used) -> str:
    """Abbreviations naming an amount ("CFO", "LTD") written out, unless the question asks
    about a person or the word closes a company's name ("Amcor Ltd")."""
    asked = {w.lower() for w in _WORD.findall(question)}
    if asked & set(lexicon.words("shorthand.person_words")):
        return question
    out = question
    for short in lexicon.keys("shorthand.amounts"):
        long = _first_used(lexicon.words(f"shorthand.amounts.{short}"), used)
        if not long:
            continue
        pattern = re.compile(rf"(?<![\w&'’-]){re.escape(short)}(?![\w&-])", re.I)
        out = pattern.sub(functools.partial(_unless_suffix, long=long), out)
    return out


def _unless_suffix(m: re.Match[str], long: str) -> str:
    """The amount's wording, or the word as written when it closes a name ("Kestrel Ltd":
    the word after a capitalised name that is no possessive)."""
    before = m.string[: m.start()].split()
    prev = before[-1] if before else ""
    suffix = m.group(0).lower().strip(".") in company_suffixes()
    if suffix and prev[:1].isupper() and not _POSSESSIVE.search(prev):
        return m.group(0)
    return long


def _first_used(forms: tuple[str, ...], used: Used) -> str:
    """The first wording all of whose words the scope uses, or ""."""
    for form in forms:
        if all(used(w) > 0 for w in re.findall(r"[A-Za-z]+", form) if len(w) > 2):
            return form
    return ""


def _clipped(question: str, used: Used) -> str:
    """Cut words ("Ops", "Pharma") written whole, as the scope writes them more often."""
    out = question
    for short in lexicon.keys("shorthand.clipped"):
        pattern = re.compile(rf"(?<![\w'’]){re.escape(short)}{_WORD_END}", re.I)
        if not pattern.search(out):
            continue
        forms = lexicon.words(f"shorthand.clipped.{short}")
        whole = max(forms, key=used)
        if used(whole) <= used(short):
            continue
        out = pattern.sub(functools.partial(_cased, whole=whole), out)
    return out


def _cased(m: re.Match[str], whole: str) -> str:
    """The whole word in the case the cut one was written in ("Ops" → "Operations")."""
    written = m.group(0)
    if written.isupper() and len(written) > 1:
        return whole.upper()
    return whole[:1].upper() + whole[1:] if written[:1].isupper() else whole
