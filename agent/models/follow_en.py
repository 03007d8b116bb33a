"""English sentences as the follow-up questions they answer (``follow.py``): an attribute
and the kind of its value, a place, a dated event, a change and why, a name it relates to.
Also the follow-up words data (``data/follow_words.json``) both languages read."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agent.answer_kinds import holds, is_title
from agent.entities import find_all
from agent.models.follow_offices import is_table_line
from pipeline.text import lexicon
from pipeline.text.periods import YEAR
from pipeline.text.segment import EN_STOPWORDS

_DATA = Path(__file__).with_name("data") / "follow_words.json"
_DISCOURSE = Path(__file__).with_name("data") / "discourse.json"
MIN_SENTENCE_WORDS = 4  # fewer is a heading line ("Legal Proceedings."), not a sentence
_EN_ATTRIBUTE = lexicon.pattern(
    "report_sentences.attribute_owners",
    template=r"^(?:(?i:{})\s+)?([A-Za-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})\s+(?:is|are|was|were)\s+\S",
)
# "Another way …", "Every Critical Vendor …": a phrase pointing to or counting things said
# elsewhere, no attribute nor name to ask about ("What is the another way?")
POINTING = frozenset(lexicon.words("report_sentences.pointing_determiners"))
# "is also encouraged to", "was cautioned", "is not required": a passive verb after the
# copula, not the value of an attribute ("Who is the reader?" asks nothing)
_PASSIVE = re.compile(r"(?:(?:also|not|further|still|generally|\w+ly)\s+)*[a-z]+ed\b")
_EN_LOCATED = re.compile(r"\b(?:is|are) located (?:in|at|on)\b", re.I)
# "In 1990,", "On July 30, 2019,", "In fiscal 2022,", "During the fourth quarter of 2021,":
# report sentences open with the date of what they tell.
_EN_DATED = re.compile(
    r"^((?:" + lexicon.alternation("report_sentences.date_prepositions") + r")\s+"
    r"(?:the\s+(?:first|second|third|fourth)\s+quarter\s+of\s+)?"
    r"(?:fiscal\s+(?:year\s+)?)?(?:[A-Z][a-z]+\s+(?:\d{1,2},\s+)?)?" + YEAR + r"),",
    re.I,
)
# A period between a quantity and its verb ("Revenue for fiscal 2022 increased …") is no
# part of the quantity's name.
_EN_PERIOD = (
    r"(?:\s+(?:for|in|during)\s+(?:the\s+)?(?:(?:first|second|third|fourth)\s+quarter\s+"
    r"(?:of\s+)?)?(?:fiscal\s+)?(?:year\s+)?(?:" + YEAR + r"|year|quarter))?"
)
_EN_CHANGE = re.compile(
    r"(?:^|,\s+)((?:[A-Za-z&][\w&'-]*\s+){0,5}?[A-Za-z&][\w&'-]*)"
    + _EN_PERIOD
    + r"\s+([a-z]+ed|rose|fell|grew)\b"
)
# Words that join one noun phrase ("cost of products sold", "sales and marketing expenses").
_NOUN_JOINERS = frozenset({"of", "and"})
_POINTER = re.compile(
    r"(?:see|refer to|for (?:further|more|additional) (?:information|details))\b", re.I
)
_NUMBERED = re.compile(r"\s*\(?[\dA-Z]{1,3}\b")
# One of a list: another item follows it or goes before it ("our websites, mobile apps,
# Alexa, devices", "Fire TV, Echo and Alexa").
_LIST_AFTER = re.compile(r"\s*,\s*(?:and\s+|or\s+)?\w|\s+(?:and|or)\s+[A-Z]")
_LIST_BEFORE = re.compile(r"(?:,\s*[^,]{1,40},|\band|\bor)\s*$")
_EN_NAME = re.compile(r"(?<!^)(?<![.!?]\s)\b[A-Z][a-z]+(?:\s+(?:of\s+)?[A-Z][a-z]+){0,3}")
# A capitalised run right after a number or a hyphen is the tail of a longer name ("2031
# 364 Day Credit Agreement", "Non-Employee Directors"): asked alone it names nothing.
_NAME_TAIL = re.compile(r"(?:\d|-)\s*$")
# A capitalised run followed by a number is a date or a place in the document ("Effective
# May 26", "Item 7"), never a name.
_NUMBER_NEXT = re.compile(r"\s*\(?\d")


# the name ends at its verb, or at what qualifies it ("Amcor Finance (USA), Inc. and …")
_ACTOR = re.compile(r",\s*([A-Z][\w&'-]*(?:\s+(?:&\s+)?[A-Z][\w&'-]*){0,3})(?:\s+[a-z]|\s*[(,])")


def dated_actor(text: str) -> str:
    """Who a dated sentence tells of: the name its clause opens with after the date ("On
    May 26, 2031, Kestrel entered into …" → "Kestrel"); "" when a pronoun or a common noun
    opens it ("the Company", "we")."""
    dated = _EN_DATED.match(text.strip())
    m = _ACTOR.match(text.strip(), dated.end(1)) if dated else None
    if m is None or m.group(1).split()[0].lower() in EN_STOPWORDS:
        return ""
    return m.group(1) if whole_name(text.strip(), m.start(1), m.end(1)) else ""


def whole_name(s: str, start: int, end: int) -> bool:
    """Is ``s[start:end]`` a whole name: not the tail of a numbered one, not a date?"""
    if _NAME_TAIL.search(s, 0, start) or _NUMBER_NEXT.match(s, end):
        return False
    return not any(w.lower() in follow_words().calendar for w in s[start:end].split())


@dataclass(frozen=True)
class _Words:
    pronouns: frozenset[str]
    copulas: frozenset[str]
    modals: frozenset[str]
    located: frozenset[str]
    calendar: frozenset[str]
    pointing: frozenset[str]  # "below", "herein": a phrase pointing elsewhere
    change: dict[str, str]  # an English verb of change as said → its plain form


@cache
def follow_words() -> _Words:
    raw = json.loads(_DATA.read_text(encoding="utf-8"))
    pronouns = json.loads(_DISCOURSE.read_text(encoding="utf-8"))["pronouns_zh"]
    return _Words(
        pronouns=frozenset(pronouns),
        copulas=frozenset(raw["zh_copulas"]),
        modals=frozenset(raw["zh_modals"]),
        located=frozenset(raw["zh_located"]),
        calendar=frozenset(raw["en_calendar"]),
        pointing=frozenset(raw["en_pointing"]),
        change=dict(raw["en_change"]),
    )


def en_form(text: str, subject: str, asked: str, context: str = "") -> tuple[str, str]:
    """The question an English sentence answers about ``subject``: (form, topic).
    ``context`` is the passage the sentence is read in."""
    s = text.strip()
    if is_table_line(s):
        return "", ""  # "Judith A. McGrath  67  Senior Advisor": a table's cells, no sentence
    if _POINTER.match(s):
        return "", ""  # "See also Item 1A …": it points elsewhere and says nothing itself
    if len(s.split()) < MIN_SENTENCE_WORDS:
        return "", ""  # "Legal Proceedings.": a heading, not a sentence saying something
    m = _EN_ATTRIBUTE.match(s)
    # "The reader is also encouraged to …": what is done to it, not what it is
    passive = m is not None and _PASSIVE.match(s, m.end() - 1) is not None
    opener = m.group(1).split()[0].lower() if m is not None else ""
    attribute = m is not None and opener not in EN_STOPWORDS and opener not in POINTING
    if m and attribute and not passive and _attribute(m, context):
        value = s[m.end() - 1 :]
        person = holds("person", value, asked) and not any(c.isdigit() for c in value)
        topic = m.group(1).lower()
        if not subject and " " not in topic and not person and not re.search(r"\d", value):
            # "What is the responsibility?": one word, of nothing named, whose value is no
            # figure nor person, asks nothing a reader could tell apart ("the tonnage" of
            # "Tonnage was 4,200 tons" is still asked)
            return "", ""
        return ("attribute_person" if person else "attribute"), topic
    if _EN_LOCATED.search(s) and subject.lower() in s.lower():
        return "located", ""
    dated = _EN_DATED.match(s)
    if dated:  # asked with its own preposition: "on July 30, 2019", "in fiscal 2022"
        return "dated", dated.group(1)[:1].lower() + dated.group(1)[1:]
    change = _en_change(s)
    if change is not None:
        return change
    name = _related_name(s, subject, asked)
    return ("relation", name) if name else ("", "")


def _attribute(m: re.Match[str], context: str) -> bool:
    """Does the phrase before the copula name an attribute ("the purchase price", "total
    revenue")? Not one pointing elsewhere ("the risks described below are …"), nor a name
    opening the sentence ("Russia is …": asked back it would read "What is the russia?") —
    a capitalised word the passage never writes in lower case."""
    words = m.group(1).split()
    if words[-1].lower() in follow_words().pointing:
        return False
    if len(words) == 1 and words[0][:1].isupper() and m.start(1) == 0:
        return re.search(r"\b" + re.escape(words[0].lower()) + r"\b", context) is not None
    return True


def _related_name(s: str, subject: str, asked: str) -> str:
    """The first name a sentence uses that is neither asked about nor the subject's own."""
    for name in _EN_NAME.finditer(s):
        word = name.group(0)
        if len(word.split()) < 2 and word.lower() in follow_words().calendar:
            continue
        if _NUMBERED.match(s, name.end()) or not whole_name(s, name.start(), name.end()):
            continue  # "Item 1", "Note 7": a place in the document; "(364) Day Credit …"
        ends = {word.split()[0].lower(), word.split()[-1].lower()}
        if ends & EN_STOPWORDS:
            # "Other Adjustments": a line item in capitals, not a name; "Benefits We": a
            # heading run into the sentence after it
            continue
        if is_title(word):
            continue  # "Operating Officer": an office, not a name
        if set(word.lower().split()) & set(subject.lower().split()):
            continue  # "Pfizer Leadership Team": a part of the subject, not another's name
        if _listed(s, name) or _is_place(s, name):
            continue  # "in the United States", "such as Kindle, Fire TV": named, not told of
        if word.lower() not in asked and word.lower() not in subject.lower():
            return word
    return ""


def _listed(s: str, name: re.Match[str]) -> bool:
    return bool(_LIST_AFTER.match(s, name.end()) or _LIST_BEFORE.search(s, 0, name.start()))


def _is_place(s: str, name: re.Match[str]) -> bool:
    """A country, a state or a region: where something is, no party it relates to."""
    return any(a <= name.start() < b for a, b in find_all("place", s, ""))


def _en_change(text: str) -> tuple[str, str] | None:
    """A sentence saying a quantity changed ("… SG&A expenses decreased to 23.6% …"): the
    reader asks why. Its topic is the noun phrase right before the verb, at the start of
    the sentence or of a clause."""
    verbs = follow_words().change
    for m in _EN_CHANGE.finditer(text):
        said = m.group(2).lower()
        words = m.group(1).split()
        while words and words[0].lower() in ("the", "our", "its", "their", "total"):
            words = words[1:]
        inner = [w for w in words[1:-1] if w.lower() not in _NOUN_JOINERS]
        ends = words[:1] + words[-1:]
        if not words or any(w.lower() in EN_STOPWORDS for w in inner + ends) or said not in verbs:
            continue
        topic = " ".join(words)
        plain = words[0][:1].isupper() and all(not w[:1].isupper() for w in words[1:])
        # "MedTech worldwide sales" keeps the capitals inside its name
        plain = plain and words[0][1:].islower()
        topic = topic[0].lower() + topic[1:] if plain else topic
        return f"change_{verbs[said]}", topic
    return None
