"""The sentence in which a document says what its subject is or does: "We are a leading
maker of industrial pumps and valves …", "Founded in 1990, Acme … is one of the largest
… software companies", "公司是一家从事…的企业".

It answers "What does Acme do?" and opens the overview of a report. The subject is "we",
"the company" or the document's own name (its title's first word); the patterns are data
(``data/self_description.json``), tried in order over the body's opening sentences (a
report says what it is about first; "We provide disclosure of matters …" deep in its notes
says nothing of the kind).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from pipeline.text.script import UNIFIED

DATA = Path(__file__).with_name("data") / "self_description.json"
_OWNER = re.compile(r"[A-Za-z][\w&'’-]*|" + f"[{UNIFIED}]{{2,}}")


@cache
def _data() -> tuple[tuple[str, ...], tuple[int, ...], re.Pattern[str]]:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    return tuple(raw["patterns"]), tuple(raw["opening"]), re.compile(raw["legal_form"], re.I)


def owner_name(title: str) -> str:
    """The subject's own name as a document's title starts: "Velmor" of "Velmor, Inc. —
    Form 10-K …", "HARLOW" of "HARLOW & FINCH"; "" when the title starts with no
    name ("FOR IMMEDIATE RELEASE")."""
    from pipeline.text.segment import EN_STOPWORDS

    m = _OWNER.search(title)
    return m.group(0) if m and m.group(0).lower() not in EN_STOPWORDS else ""


@cache
def _compiled(owner: str) -> tuple[re.Pattern[str], ...]:
    name = re.escape(owner) if owner else r"(?!x)x"
    return tuple(re.compile(p.replace("{owner}", name), re.I) for p in _data()[0])


def _clean(text: str) -> str:
    return text.strip().lstrip("•-–—*·").strip()


def describes(text: str, owner: str) -> bool:
    """Does the sentence say what the document's subject is or does?"""
    return any(p.search(_clean(text)) for p in _compiled(owner))


def self_description(texts: Sequence[str], owner: str) -> int | None:
    """The index of the sentence among the body's ``texts`` (in reading order) that says
    what the subject is: the earliest of the opening sentences matching the first pattern
    any of them matches, one giving only a legal form when no other does; None when none
    does."""
    legal = _data()[2]
    form: int | None = None  # "a public limited company incorporated under …": a last resort
    for pattern, opening in zip(_compiled(owner), _data()[1], strict=True):
        for i, t in enumerate(texts[:opening]):
            if pattern.search(_clean(t)):
                if not legal.search(t):
                    return i
                form = i if form is None else form
    return form


@cache
def _subject(owner: str) -> re.Pattern[str]:
    name = re.escape(owner) if owner else r"(?!x)x"
    raw = json.loads(DATA.read_text(encoding="utf-8"))["subject"]
    return re.compile(raw.replace("{owner}", name), re.I)


def about_subject(text: str, owner: str) -> bool:
    """Does the sentence speak of the document's own subject ("We …", "Our …", "The
    Company …", its own name, "公司…")?"""
    return bool(_subject(owner).search(_clean(text)))
