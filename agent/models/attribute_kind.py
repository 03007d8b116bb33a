"""The kind of thing a question's noun asks for, and whether the evidence holds one.

"What is the capital of <Country>?" asks for a city, "<某国>使用的货币是什么？" for a
currency, "<物质>的化学式是什么？" for a formula. A document that names the country or
the substance in another connection ("<Country> tax authorities computed …", a sentence on
a salt of another acid) shares the question's words, often enough for the gate to pass
it, but holds no city, currency or formula at all: it answers nothing of what is asked.
So a question asking one of these kinds (``data/attribute_kinds.json`` "asks") is
answered only by units holding a thing of that kind that the question does not name
itself: a place other than the ones asked of (``entities.py``), a currency's name, a
formula written in element symbols.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from agent.entities import find
from agent.models.subject import subject
from agent.models.zh_person import person_names
from agent.rewrite import core_question

DATA = Path(__file__).with_name("data") / "attribute_kinds.json"
# element symbols in a row, with counts and groups ("H2O", "NaCl", "HOP(O)H", "CHCONH")
_SYMBOLS = re.compile(r"(?<![A-Za-z])(?:\(?[A-Z][a-z]?\d*\)?\d*){2,}(?![a-z])")
_SYMBOL = re.compile(r"[A-Z][a-z]?")
_MIN_SYMBOLS = 3  # two capitals alone are as often an abbreviation ("HK") as a formula


@cache
def _data() -> dict[str, object]:
    return dict(json.loads(DATA.read_text(encoding="utf-8")))


@cache
def _asks() -> dict[str, re.Pattern[str]]:
    raw = _data()["asks"]
    if not isinstance(raw, dict):
        raise TypeError(f"{DATA.name}: 'asks' must map a kind to a pattern")
    return {k: re.compile(v, re.I) for k, v in raw.items()}


@cache
def _currency() -> tuple[re.Pattern[str], re.Pattern[str]]:
    raw = _data()["currency_names"]
    if not isinstance(raw, dict):
        raise TypeError(f"{DATA.name}: 'currency_names' must map a language to a pattern")
    return re.compile(raw["en"]), re.compile(raw["zh"])


@cache
def _elements() -> frozenset[str]:
    raw = _data()["elements"]
    if not isinstance(raw, list):
        raise TypeError(f"{DATA.name}: 'elements' must be a list of symbols")
    return frozenset(str(e) for e in raw)


@cache
def _said() -> dict[str, re.Pattern[str]]:
    raw = _data().get("said", {})
    if not isinstance(raw, dict):
        raise TypeError(f"{DATA.name}: 'said' must map a kind to a pattern")
    return {k: re.compile(v, re.I) for k, v in raw.items()}


@cache
def _asks_of_person() -> dict[str, re.Pattern[str]]:
    raw = _data().get("asks_of_person", {})
    if not isinstance(raw, dict):
        raise TypeError(f"{DATA.name}: 'asks_of_person' must map a kind to a pattern")
    return {k: re.compile(v) for k, v in raw.items()}


# a person spoken of: "他"/"她", not "其他"/"其她"
_PERSONAL = re.compile(r"(?<!其)[他她](?![们])")


def asked_attribute(question: str, said: Iterable[tuple[str, str]] = ()) -> str:
    """The kind of thing the question's noun asks for ("city", "currency", "formula"), or "";
    with the evidence (``said``: each unit's text and the text above it), also a height or
    weight asked of a person in words that ask a size of anything else ("……有多高？")."""
    core = core_question(question)
    kind = next((k for k, p in _asks().items() if p.search(core)), "")
    if kind:
        return kind
    of_person = next((k for k, p in _asks_of_person().items() if p.search(core)), "")
    return of_person if of_person and _of_person(question, said) else ""


def _of_person(question: str, said: Iterable[tuple[str, str]]) -> bool:
    """Is the question asked of a person: a name the way names are written
    (``zh_person.person_names``), or its subject as the evidence speaks of someone, the
    name beside "他" or "她" ("渠成……小学毕业后，他升入……")?"""
    if person_names(question):
        return True
    name = subject(question)
    return bool(name) and any(
        name in whole and _PERSONAL.search(whole) is not None
        for whole in (f"{context}\n{text}" for text, context in said)
    )


def holds_attribute(kind: str, text: str, question: str) -> bool:
    """Does ``text`` hold a thing of ``kind`` that the question does not name itself?"""
    if kind == "city":
        return find("place", text, question) is not None
    if kind == "currency":
        en, zh = _currency()
        found = [m.group(0) for p in (en, zh) for m in p.finditer(text)]
        return any(f not in question for f in found)
    if kind == "formula":
        spans = (m.group(0) for m in _SYMBOLS.finditer(text))
        return any(_formula(f) and f not in question for f in spans)
    return True  # a kind this module does not know is never missing


def _formula(written: str) -> bool:
    """Element symbols only, a count or a lower-case letter among them, or three symbols
    at least ("HPO"); an abbreviation's capitals ("IBM": no element M) are none."""
    symbols = _SYMBOL.findall(written)
    if not symbols or not all(s in _elements() for s in symbols):
        return False
    mixed = any(c.isdigit() or c.islower() for c in written)
    return mixed or len(symbols) >= _MIN_SYMBOLS


def _named_before(of: str, text: str, context: str, question: str) -> bool:
    """Is the thing asked of named before the formula the text gives, or above the text
    (its heading, the sentences before)? A formula is written after what it is of."""
    first = next(
        (m for m in _SYMBOLS.finditer(text) if _formula(m.group(0)) and m.group(0) not in question),
        None,
    )
    return of in context or first is None or of in text[: first.start()]


def asked_of(question: str) -> str:
    """What the question asks the thing of: "水" of "水的化学式是什么？", "Veltrania" of
    "What currency is used in Veltrania?" ("" when its shape shows none)."""
    core = core_question(question).strip()
    m = _OF_ZH.match(core) or _OF_EN.search(core)
    return m.group(1).strip() if m else ""


# "X的…", "X使用的…"; "… of X?", "… in X?"
_OF_ZH = re.compile(r"^([^\s的，,]{1,12}?)(?:使用|所用)?的")
_OF_EN = re.compile(r"\b(?:of|in)\s+(?:the\s+)?([A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*)*)\s*\?*$")


def unheld_attribute(question: str, said: Iterable[tuple[str, str]]) -> str:
    """The kind of thing the question asks for when no unit of ``said`` (each its text,
    and the text it stands under and leans back on: its heading, the sentences before it)
    holds one of the thing asked of: a formula under another substance's heading gives
    that one's ("" when one does, or the question asks no such kind)."""
    said = list(said)
    kind = asked_attribute(question, said)
    if not kind:
        return ""
    of = asked_of(question)
    if of and _asks()[kind].search(of):  # "<姓名>是哪一年出生" is no name: the subject is
        of = subject(question)
    relation = _said().get(kind)
    for text, context in said:
        whole = f"{context}\n{text}"
        if not holds_attribute(kind, text, question) or (of and of not in whole):
            continue
        if kind == "formula" and of and not _named_before(of, text, context, question):
            continue  # "次磷酸（化学式：…）…可溶于水": the formula is the acid's, not water's
        if relation is None or relation.search(whole):  # "… is the capital of …"
            return ""
    return kind
