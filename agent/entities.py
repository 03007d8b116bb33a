"""The thing a factoid question asks for, and where a sentence holds one.

``kinds.py`` says whether a sentence holds the kind asked (a feature the selector weighs);
this module finds the thing itself, so the answer can lead with the sentence holding it
and say it: the firm for "who audits …" (a name ending in a legal form, "Ernst & Young
LLP", "……会计师事务所"), the person for "who is the CEO" (a run of two to four capitalised
words, or jieba's person tag), the date for "when" (a month, a year, "1998年3月"), the place
for "where" (a state or country, "City, State", a capitalised name after "in", or jieba's
place tag) and the count for "how many" (a figure before the thing counted). What the
question itself names does not count: the answer to "who audits Acme?" is not Acme.

The words are data (``data/entity_kinds.json``, and ``agent/data/company_suffixes.json``
for the legal forms of a company's name).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from agent.answer_kinds import _tagged, count_span
from agent.question.kinds import COUNTED, FIRST_ASKING, asked_kinds
from agent.question.kinds import marks as _marks
from agent.rewrite import core_question
from agent.scope import stem
from pipeline.text.lexicon import pattern
from pipeline.text.script import HAN, HAN_RE

Entity = Literal["organisation", "person", "date", "place", "count"]
_DATA = Path(__file__).with_name("data") / "entity_kinds.json"
_SUFFIXES = Path(__file__).with_name("data") / "company_suffixes.json"
_NAME_WORD = r"[A-Z][a-z'’-]+"
_ZH_COUNT = re.compile(r"(?:多少|几)[个种位名家次条项人座所只件]")
# "which firm …", "on which exchange …", "哪家公司"
# "What does <Company> say about …?": what the document says of a topic is asked
_SAYS_ABOUT = pattern(
    "asking.topic_verbs_en",
    template=r"^\W*what\s+(?:does|do|did)\s+[^?]{1,80}?\b(?:{})\s+(?:about|regarding|concerning|of|on)\b",
    flags=re.I,
)
_WHICH = re.compile(r"^\W*(?:(?:on|in|at|by|from|with)\s+)?(?:which|what)\b|哪家|哪个|什么", re.I)


@dataclass(frozen=True)
class _Words:
    org_asks: re.Pattern[str]
    legal: frozenset[str]
    not_org: frozenset[str]
    not_start: str
    org_en: re.Pattern[str]
    org_zh: re.Pattern[str]
    org_end_zh: re.Pattern[str]
    places: re.Pattern[str]
    date_en: re.Pattern[str]
    honorific: re.Pattern[str]


@cache
def _words() -> _Words:
    raw = json.loads(_DATA.read_text(encoding="utf-8"))
    legal = [w for w in json.loads(_SUFFIXES.read_text(encoding="utf-8"))["words"] if w != "the"]
    ends = sorted({*legal, *raw["organisation_ends_en"]}, key=len, reverse=True)
    end = "|".join(re.escape(w) + r"\.?" for w in ends)
    # capitalised words (joined by "&", "and", "of"), then a legal form or an institution's
    # last word: "Deloitte & Touche LLP", "KPMG LLP", "The NASDAQ Stock Market LLC"
    # (its words capitalised, its last word in any case: "KPMG LLP", "Orrin Labs, inc.";
    # not a law or a body named after an exchange: "Securities Exchange Act")
    org_en = re.compile(
        r"(?<![\w&])(?:[A-Z][\w'’.-]*\s+(?:(?:&|and|of)\s+)?){0,4}[A-Z][\w'’.-]*,?\s+"
        r"(?i:" + end + r")(?![\w])"
        r"(?!\s+(?:Act|Commission|Index|Rules?)\b)"
    )
    zh_ends = "|".join(sorted(raw["organisation_ends_zh"], key=len, reverse=True))
    # the name before its last characters runs on from the text before it: cut at a
    # character no name opens with (``_organisations``)
    org_zh = re.compile(rf"([{HAN}A-Za-z]{{2,12}}?)(?:{zh_ends})")
    places = "|".join(sorted((re.escape(p) for p in raw["places_en"]), key=len, reverse=True))
    honorifics = "|".join(raw["honorifics_en"])
    return _Words(
        org_asks=re.compile(raw["organisation_asks"], re.I),
        legal=frozenset(w.lower().strip(".") for w in ends),
        not_org=frozenset(raw["not_organisation_words"]),
        not_start=raw["zh_not_name_start"],
        org_en=org_en,
        org_zh=org_zh,
        org_end_zh=re.compile(rf"(?:{zh_ends})"),
        places=re.compile(rf"\b(?:{places})\b"),
        date_en=re.compile(r"\b(?:" + "|".join(raw["date_words_en"]) + r")\b", re.I),
        # "Mr. Narayen": a title makes one capitalised word a person's name
        honorific=re.compile(rf"\b(?:{honorifics})\.?\s+({_NAME_WORD}(?:\s+{_NAME_WORD})?)"),
    )


def asked_entity(question: str) -> Entity | None:
    """What one factoid question asks for: a firm or a person for "who"/"谁" (a firm when
    it asks about an auditor, a bank, an exchange …; "which accounting firm …" too), a date,
    a place, or a count ("how many …", "多少个…"); None for any other question."""
    core = FIRST_ASKING.match(core_question(question).strip()).group(0)  # type: ignore[union-attr]
    kinds = asked_kinds(core)
    if "list" in kinds or re.match(r"\W*who\s+(?:are|were)\b", core, re.I):
        return None  # "who are the officers": several, a list
    if "reason" in kinds:
        return None  # "what are the vendor allowances meant to offset?": a purpose, no firm
    if _SAYS_ABOUT.match(core):
        return None  # "What does it say about its foreign exchange risk?": a topic asked
    org = _words().org_asks.search(core) is not None
    if "person" in kinds:
        return "organisation" if org else "person"
    if org and _WHICH.search(core):
        return "organisation"
    if "date" in kinds:
        return "date"
    if "place" in kinds:
        return "place"
    if COUNTED.search(core) or _ZH_COUNT.search(core):
        return "count"
    return None


def _named(name: str, question: str) -> bool:
    """Does the question name this thing (a word of it, beyond its legal form)?"""
    q = {stem(w) for w in re.findall(r"\w+", question.lower())}
    legal = _words().legal
    words = [w for w in re.findall(r"[A-Za-z0-9]+", name) if w.lower() not in legal]
    if HAN_RE.search(name):  # its own words, not "……会计师事务所" the question asks by
        own = _words().org_zh.sub(lambda m: m.group(1), name)
        return any(len(w) >= 2 and w in question for w, _ in _tagged(own))
    return any(stem(w.lower()) in q for w in words if len(w) > 2)


def every(spans: list[tuple[int, int]], text: str, question: str) -> list[tuple[int, int]]:
    """The spans the question does not name, the longest of those starting together, none
    inside another."""
    out: list[tuple[int, int]] = []
    for s, e in sorted(spans, key=lambda x: (x[0], -x[1])):
        if out and s < out[-1][1]:
            continue
        if not _named(text[s:e], question) and not _defined_as_asked(text[e:], question):
            out.append((s, e))
    return out


# "Acme Inc. and subsidiaries (the Company)": the name the text defines a term the question
# uses by ("who audits the company's statements?" is not answered by Acme Inc.)
_DEFINED = re.compile(
    r"[\s,.]*(?:and\s+(?:its\s+)?(?:consolidated\s+)?subsidiaries\s*)?[(（]\s*(?:the\s+)?"
    r"[\"“”'‘’]?(\w+)",
    re.I,
)


def _defined_as_asked(after: str, question: str) -> bool:
    m = _DEFINED.match(after)
    return m is not None and re.search(rf"\b{re.escape(m.group(1))}\b", question, re.I) is not None


def find(kind: Entity, text: str, question: str) -> tuple[int, int] | None:
    """The span of ``text`` holding the first thing of ``kind`` the question does not
    name, or None."""
    found = find_all(kind, text, question)
    return found[0] if found else None


def find_all(kind: Entity, text: str, question: str) -> list[tuple[int, int]]:
    """The spans of ``text`` holding a thing of ``kind`` the question does not name."""
    if kind == "count":
        at = count_span(text, question)
        return [at] if at else []
    spans = {
        "organisation": _organisations,
        "person": _people,
        "place": _places,
        "date": _dates,
    }[kind](text)
    return every(spans, text, question)


def holds_entity(kind: Entity, text: str, question: str) -> bool:
    return find(kind, text, question) is not None


def _organisations(text: str) -> list[tuple[int, int]]:
    w = _words()
    out = [s for m in w.org_en.finditer(text) if (s := _named_within(m, text)) is not None]
    for m in w.org_zh.finditer(text):
        start = m.start()
        cut = max((m.group(1).rfind(c) for c in w.not_start), default=-1)
        start += cut + 1
        if m.end() - start > 3:  # a name before "公司": "该公司", "母公司" are none
            out.append((start, m.end()))
    out += _tag_spans(text, frozenset({"nt"}))
    return sorted(out)


def _named_within(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """The span of the firm a match of ``org_en`` names: the whole match, or, when that
    opens with words no name has ("Report of KPMG LLP" in a table of contents, "A
    company"), the shortest tail of it that is a proper name ("KPMG LLP")."""
    for k in [0, *(x.start() for x in re.finditer(r"(?<=\s)\S", m.group(0)))]:
        tail = m if k == 0 else _words().org_en.match(text, m.start() + k)
        if tail is None or tail.end() != m.end():
            continue
        if _proper_org(tail.group(0)) and not _runs_on(tail.group(0), text[tail.end() :]):
            return tail.span()
    return None


def _proper_org(name: str) -> bool:
    """A name, not a capitalised phrase: its first word is no title or document part
    ("Chief Accounting Officer" is no firm), and a word before its last is no such word
    nor "the" ("The Company" is the filer's defined term)."""
    said = [w.strip(",.").lower() for w in name.split()]
    not_names = _marks().not_names
    own = [w for w in said[:-1] if w not in not_names and w not in ("&", "and", "of")]
    if any(w in _words().not_org for w in said):
        return False  # "Name of Each Exchange on Which Registered": a form's label
    if said[0] in ("a", "an"):
        return False  # "A company's internal control …": a common noun, no name
    if not own or _words().places.fullmatch(" ".join(name.split()[:-1]).strip(",")):
        return False  # "a Delaware corporation" is the filer, said by its state
    return said[0] == "the" or said[0] not in not_names


# a legal form that ends a name whatever follows ("KPMG LLP Santa Clara, California");
# another last word may be inside a longer name ("Public Company Accounting Oversight Board")
_FINAL = frozenset({"llp", "llc", "inc", "ltd", "plc", "lp", "l.p", "gmbh", "ag", "n.v", "nv"})


def _runs_on(name: str, after: str) -> bool:
    return name.rsplit(maxsplit=1)[-1].strip(".,").lower() not in _FINAL and bool(
        re.match(r"\s+[A-Z]", after)
    )


# two to four capitalised words, a middle initial allowed: "Corie S. Barry", "Ramon L. Laguarta"
_PERSON = re.compile(r"\b[A-Z][a-z'’-]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-z'’-]+){1,2}\b")


def _people(text: str) -> list[tuple[int, int]]:
    if HAN_RE.search(text):
        # a person's name a firm is named after ("<姓名>公司") names the firm, not a person
        firm = _words().org_end_zh
        return [
            (s, e) for s, e in _tag_spans(text, _marks().person_tags) if not firm.match(text, e)
        ]
    w = _words()
    orgs = _organisations(text)
    out = []
    for m in _PERSON.finditer(text):
        said = [x.strip(".").lower() for x in m.group(0).split()]
        if any(x in _marks().not_names or w.date_en.fullmatch(x) for x in said):
            continue  # "Chief Executive Officer", "December Quarter"
        if w.places.search(m.group(0)) or any(s <= m.start() < e for s, e in orgs):
            continue  # "San Jose", "Ernst & Young": a place or a firm
        out.append(m.span())
    taken = [range(s, e) for s, e in out]
    out += [
        m.span(1) for m in w.honorific.finditer(text) if not any(m.start(1) in r for r in taken)
    ]
    return sorted(out)


_CITY_BEFORE = re.compile(r"\b([A-Z][a-z]+(?:\s[A-Z][a-z]+){0,2}),\s+$")
_AFTER_IN = re.compile(r"\b(?:in|at|near)\s+((?:[A-Z][a-z]+\s?){1,3})")


def _places(text: str) -> list[tuple[int, int]]:
    if HAN_RE.search(text):
        return _tag_spans(text, _marks().place_tags)
    w = _words()
    out = []
    for m in w.places.finditer(text):
        out.append(m.span())
        city = _CITY_BEFORE.search(text, 0, m.start())  # "San Jose, California"
        if city is not None:
            out.append((city.start(1), m.end()))
    for m in _AFTER_IN.finditer(text):
        name = m.group(1).strip()
        if (
            not w.date_en.fullmatch(name.split()[0])
            and name.split()[0].lower() not in _marks().not_names
        ):
            out.append((m.start(1), m.start(1) + len(name)))
    return sorted(out)


_DATE_EN = re.compile(
    r"\b(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december)(?:\s+\d{1,2})?(?:,?\s+(?:1[89]|20)\d{2})?\b|\b(?:1[89]|20)\d{2}\b",
    re.I,
)
_DATE_ZH = re.compile(
    r"(?:\d{2,4}|[一二三四五六七八九〇零十]{2,4})年(?:\d{1,2}月(?:\d{1,2}日)?)?|\d{1,2}月\d{1,2}日|"
    r"[一二三四五六七八九十]+世纪(?:[一二三四五六七八九十〇零]+年代)?|[一二三四五六七八九十]+月"
)


def _dates(text: str) -> list[tuple[int, int]]:
    found = _DATE_ZH if HAN_RE.search(text) else _DATE_EN
    out = []
    for m in found.finditer(text):
        said = m.group(0)
        if said.lower() == "may" and not re.match(r"\s+\d", text[m.end() :]):
            continue  # the verb "may"
        out.append(m.span())
    return out


def _tag_spans(text: str, tags: frozenset[str]) -> list[tuple[int, int]]:
    out, at = [], 0
    for word, flag in _tagged(text):
        at = text.find(word, at)
        if at < 0:
            break
        if flag in tags and len(word) >= 2:
            out.append((at, at + len(word)))
        at += len(word)
    return out
