"""The members a question names to set against each other: "Which grew faster in FY22,
PEP's QFNA or LatAm?", "… in Q2: hips, knees, trauma or spine?", "Did its net revenue grow
faster in Mexico or in Canada?", "Did Rigid Packaging outpace Flexibles …?", "Did the
Strip's EBITDAR grow faster than Regional Operations'?", "How did Consumer Health's growth
compare to Pharmaceutical's?".

Each is returned as the question writes it, its period aside; which table row it names is
the figure method's to find (``agent/figures/named_members.py``). Whether the question asks
the first to be ahead ("faster", "outpace") or behind ("slower") is ``ahead_asked``. The
verbs and comparatives are data (``lexicon/comparing.json``: outpaced, comparatives).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from pipeline.text.lexicon import alternation

_AUX = r"(?:did|does|do|has|have|had|was|were|is|are|will|would|could|can)"
# a list closing a "which" question, after its comma or colon: "…, QFNA or LatAm?"
_LIST = re.compile(r"^\W*which\b[^,:]*[,:]\s*(?P<list>[^,:?]+(?:,\s*[^,:?]+)*?)\s*[?.]*\s*$", re.I)
_SPLIT = re.compile(r"\s*,\s*(?:or\s+)?|\s+or\s+", re.I)
# "grow faster in Mexico or in Canada": two places, each a capitalised name
_NAME = r"(?:the\s+)?[A-Z][\w.&'’-]*(?:\s+[A-Z][\w.&'’-]*){0,3}"
_IN_OR = re.compile(rf"\bin\s+(?P<a>{_NAME})\s+or\s+(?:in\s+)?(?P<b>{_NAME})")
_COMPARE = re.compile(
    rf"^\W*how\s+{_AUX}\s+(?P<a>.+?)\s+(?:compared?|stack(?:ed)?\s+up)\s+(?:to|with|against)"
    r"\s+(?P<b>.+?)[?.\s]*$",
    re.I,
)
# a period closing a side ("… in Q2 FY23", "… for JnJ in FY2022"), cut before matching
_PERIOD_TAIL = re.compile(r"\s+(?:in|for|during|over|at|as of)\s+.*$", re.I)
MAX_MEMBERS = 6


@dataclass(frozen=True)
class Named:
    members: tuple[str, ...]  # each as the question writes it
    ahead: bool | None  # the first asked to be ahead (True), behind (False), or no verdict


@cache
def _outpaced() -> re.Pattern[str]:
    return re.compile(
        rf"^\W*{_AUX}\s+(?P<a>.+?)\s+(?:{alternation('comparing.outpaced')})\s+(?P<b>.+?)[?.\s]*$",
        re.I,
    )


@cache
def _than() -> re.Pattern[str]:
    more, less = (
        alternation("comparing.comparatives.more"),
        alternation("comparing.comparatives.less"),
    )
    return re.compile(
        rf"^\W*{_AUX}\s+(?P<a>.+?)\s+(?:(?P<more>{more})|(?P<less>{less}))\s+than\s+(?P<b>.+?)[?.\s]*$",
        re.I,
    )


def named_members(question: str) -> Named | None:
    """The members a question sets against each other (two to six), or None."""
    q = question.strip()
    if (m := _outpaced().match(q)) is not None:
        return _two(m.group("a"), m.group("b"), True)
    if (m := _than().match(q)) is not None:
        return _two(m.group("a"), m.group("b"), m.group("more") is not None)
    if (m := _COMPARE.match(q)) is not None:
        return _two(m.group("a"), m.group("b"), None)
    if (m := _IN_OR.search(q)) is not None:
        return _two(m.group("a"), m.group("b"), None)
    if (m := _LIST.match(q)) is not None and re.search(r"\bor\b", m.group("list"), re.I):
        parts = [p.strip() for p in _SPLIT.split(m.group("list")) if p.strip()]
        if 2 <= len(parts) <= MAX_MEMBERS:
            return Named(tuple(parts), None)
    return None


def _two(a: str, b: str, ahead: bool | None) -> Named | None:
    a, b = _PERIOD_TAIL.sub("", a).strip(), _PERIOD_TAIL.sub("", b).strip()
    if not a or not b:
        return None
    # a yes-or-no question asks a verdict; a "which" or "how" question none
    return Named((a, b), ahead)


def asks_verdict(question: str) -> bool:
    return re.match(rf"^\W*{_AUX}\b", question.strip(), re.I) is not None
