"""What a question asks for — a number, a date, a person, a place, a definition, a reason —
and whether a sentence holds that kind of thing.

The question words and the marks of each kind are data (``data/question_kinds.json``);
names of people and places in Chinese come from jieba's part-of-speech tags, in English
from capitalised words. Things the question itself names do not count: the answer to
"who founded X?" is a name other than X.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pipeline.text.segment import _get_jieba

Kind = Literal["number", "date", "person", "place", "definition", "reason"]
KINDS: tuple[Kind, ...] = ("number", "date", "person", "place", "definition", "reason")
DATA = Path(__file__).with_name("data") / "question_kinds.json"
_CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*")
_HAN = re.compile(r"[\u4e00-\u9fff]")


@dataclass(frozen=True)
class _Marks:
    asks: dict[str, re.Pattern[str]]
    holds: dict[str, re.Pattern[str]]
    person_tags: frozenset[str]
    place_tags: frozenset[str]


@cache
def _marks() -> _Marks:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    return _Marks(
        asks={k: re.compile(v, re.I) for k, v in raw["asks"].items()},
        holds={k: re.compile(v, re.I) for k, v in raw["holds"].items()},
        person_tags=frozenset(raw["person_tags"]),
        place_tags=frozenset(raw["place_tags"]),
    )


def asked_kinds(question: str) -> frozenset[Kind]:
    """The kinds of thing a question asks for (none for "why", "how", yes/no questions)."""
    q = question.strip()
    return frozenset(k for k in KINDS if _marks().asks[k].search(q))


@cache
def _tagged(text: str) -> tuple[tuple[str, str], ...]:
    import jieba.posseg as pseg

    _get_jieba()
    return tuple((w.word, w.flag) for w in pseg.cut(text))


def _names(text: str, tags: frozenset[str], question: str) -> bool:
    if _HAN.search(text):
        return any(
            flag in tags and len(word) >= 2 and word not in question for word, flag in _tagged(text)
        )
    return any(m.group(0) not in question for m in _CAPITALISED.finditer(text))


def holds(kind: Kind, text: str, question: str) -> bool:
    """Does ``text`` hold a thing of ``kind`` that the question does not already name?"""
    marks = _marks()
    if kind == "person":
        return _names(text, marks.person_tags, question)
    if kind == "place":
        return _names(text, marks.place_tags, question)
    if kind == "number":
        own = set(re.findall(r"\d+", question))
        return any(n not in own for n in re.findall(r"\d+", text)) or bool(
            marks.holds["number"].search(re.sub(r"\d", "", text))
        )
    return marks.holds[kind].search(text) is not None
