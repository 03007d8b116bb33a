"""What kind of thing a question asks for — a number, a date, a person, a place, a
definition, a reason, a list — whether it asks about a whole document, which name it
gives, and whether it counts something. Read from the question's words alone; the words
are data (``agent/models/data/question_kinds.json``, shared with the sentence side in
``agent/answer_kinds.py``, which says whether a sentence holds the kind asked)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from agent.question.compare import unnamed
from agent.scope import stem

Kind = Literal["number", "date", "person", "place", "definition", "reason", "list"]
KINDS: tuple[Kind, ...] = ("number", "date", "person", "place", "definition", "reason", "list")
DATA = Path(__file__).parent.parent / "models" / "data" / "question_kinds.json"
FIRST_ASKING = re.compile(r"[^?？]*[?？]?")

# "how many stores", "how many of its employees": the thing counted
COUNTED = re.compile(r"\bhow many\s+(?:of\s+(?:the|its|their)\s+)?([a-z][a-z-]+)", re.I)


@dataclass(frozen=True)
class Marks:
    asks: dict[str, re.Pattern[str]]
    holds: dict[str, re.Pattern[str]]
    separators: re.Pattern[str]
    markers: re.Pattern[str]
    search: dict[str, dict[str, str]]
    person_tags: frozenset[str]
    person_roles_zh: frozenset[str]
    place_tags: frozenset[str]
    overview: re.Pattern[str]
    status: re.Pattern[str]  # where a matter stands asked ("Where do the lawsuits stand?")
    status_held: re.Pattern[str]  # a step of a matter taken or awaited ("we await a ruling")
    subject: frozenset[str]
    not_names: frozenset[str]


@cache
def marks() -> Marks:
    data = raw()
    return Marks(
        asks={k: re.compile(v, re.I) for k, v in data["asks"].items()},
        holds={k: re.compile(v, re.I) for k, v in data["holds"].items()},
        separators=re.compile(data["list_separators"], re.I),
        markers=re.compile(data["list_markers"]),
        search=data["search"],
        person_tags=frozenset(data["person_tags"]),
        person_roles_zh=frozenset(data["person_roles_zh"]),
        place_tags=frozenset(data["place_tags"]),
        overview=re.compile(data["overview"], re.I),
        status=re.compile(data["status"]["asks"], re.I),
        status_held=re.compile(data["status"]["holds"], re.I),
        subject=frozenset(stem(w) for words in data["subject"].values() for w in words),
        not_names=frozenset(data["not_names"]),
    )


def asked_kinds(question: str) -> frozenset[Kind]:
    """The kinds of thing a question asks for (none for "how" and yes/no questions); a
    reason alone when it asks for one. Only its first asking sentence counts: what follows
    is instructions ("… ? If it is not a useful metric, explain why.")."""
    # "Best Orchard" is a name, not a superlative turning a list into a ranking
    q = FIRST_ASKING.match(unnamed(question).strip()).group(0)  # type: ignore[union-attr]
    asked = frozenset(k for k in KINDS if marks().asks[k].search(q))
    if marks().status.search(q):  # "Where do the lawsuits stand?" asks how far, no place
        asked -= {"place"}
    return frozenset({"reason"}) if "reason" in asked else asked


def asks_status(question: str) -> bool:
    """Does the question ask where a matter stands ("Where does the class action stand?",
    "What is the status of the appeal?")?"""
    q = FIRST_ASKING.match(question.strip()).group(0)  # type: ignore[union-attr]
    return bool(marks().status.search(q))


def asks_overview(question: str) -> bool:
    """The question asks what a whole document says ("Summarize this report", "what is
    this contract about?", "这份报告的主要内容"), not about a part of it."""
    q = FIRST_ASKING.match(question.strip()).group(0)  # type: ignore[union-attr]
    return bool(marks().overview.search(q))


# a name run of the question: "Velmor", "ACME", "Blue Heron", "Harlow & Finch" (its
# first word aside)
NAME_RUN = re.compile(r"(?<!^)(?:(?:\b[A-Z][\w&'’-]*(?:\.(?=\w))?|&)(?:\s+|(?=[?？!.,;:]|$)))+")
YEARISH = re.compile(r"^(?:fy|q[1-4])?'?\d{2,4}$|^\d+$")


def subject_named(question: str) -> list[str]:
    """The words of the one name a question about the subject gives ("ACME", "Blue Heron")."""
    q = FIRST_ASKING.match(question.strip()).group(0).strip()  # type: ignore[union-attr]
    runs = [
        [w for w in m.group(0).split() if not re.search(r"\d", w)] for m in NAME_RUN.finditer(q)
    ]
    return [re.sub(r"['’]s$", "", w) for run in runs for w in run]


def asks_count(question: str) -> bool:
    """ "How many stores …": the question asks for a number of a thing it names."""
    return COUNTED.search(question) is not None


@cache
def raw() -> dict[str, Any]:
    return dict(json.loads(DATA.read_text(encoding="utf-8")))
