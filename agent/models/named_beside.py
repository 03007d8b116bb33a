"""A firm a "which <noun>" question asks for, named beside that noun without a legal form.

"Which subsidiary did it sell?" of "we completed the sale of our Meridian subsidiary";
"Which suppliers made up half of its purchases?" of "5 suppliers – Apple, Samsung, …";
"Which company did it acquire?" of "shares of Pioneer Foods, a food and beverage company".
The firm finder (``entities.py``) knows a firm by its legal form ("Inc.", "LLP") or a
last word of a firm's name ("Bank"), so the units holding such an answer read as holding
no firm, and ``kind_lead.unheld_note`` refused them. A proper name the question does not
give, written right before the noun asked, right after it (after a dash, a colon, a
comma or "such as"), or in apposition to it ("<Name>, a … <noun>"), is the thing of that
noun the unit names: the question's own noun says what kind of thing it is.
"""

from __future__ import annotations

import re

from agent.entities import every
from agent.question.kinds import marks
from agent.rewrite import core_question
from agent.scope import stem
from pipeline.text.script import HAN_RE

# the nouns a "which …" question asks a firm by; the last one of the asking phrase is its head
_WHICH_NOUN = re.compile(
    r"^\W*(?:(?:on|in|at|by|from|with|to)\s+)?(?:which|what)\s+((?:(?!(?:is|was|are|were|do|does|did|has|have|had)\b)[\w'’-]+\s+){0,3}?)"
    r"(firms?|compan(?:y|ies)|subsidiar(?:y|ies)|suppliers?|vendors?|customers?|clients?"
    r"|partners?|competitors?|rivals?|banks?|lenders?|businesse?s?|brands?)\b",
    re.I,
)
# a proper name: capitalised words, "&" inside ("Procter & Gamble"); "and" ends a list
_NAME = r"[A-Z][\w'’.-]*(?:\s+(?:&\s+)?[A-Z][\w'’.-]*){0,3}"
_APPOSED = 5  # words between ", a" and the noun in "<Name>, a food and beverage company"


def asked_noun(question: str) -> str:
    """The noun an English "which <noun> …" question asks a firm by (its stem), or ""."""
    q = core_question(question).strip()
    if HAN_RE.search(q):
        return ""
    m = _WHICH_NOUN.match(q)
    return stem(m.group(2).lower()) if m else ""


def named_beside(question: str, text: str) -> list[tuple[int, int]]:
    """The spans of proper names ``text`` writes beside the noun the question asks a firm
    by, the names the question gives aside (``entities.every``)."""
    noun = asked_noun(question)
    if not noun:
        return []
    spans: list[tuple[int, int]] = []
    # the noun in lower case: running prose, where a capitalised word is a name; a
    # heading's title case ("Report of Independent Registered Public Accounting Firm") is not
    for w in re.finditer(r"[a-z]+", text):
        if stem(w.group(0)) != noun or (w.start() and text[w.start() - 1].isalpha()):
            continue
        spans += _before(text, w.start()) + _after(text, w.end()) + _apposed(text, w.start())
    return every([s for s in spans if _proper(text[s[0] : s[1]])], text, question)


def _before(text: str, at: int) -> list[tuple[int, int]]:
    """ "our Meridian subsidiary": the name just before the noun, not opening a sentence."""
    m = re.search(rf"(?<=[a-z,;] )({_NAME})\s+$", text[:at])
    return [m.span(1)] if m else []


def _after(text: str, at: int) -> list[tuple[int, int]]:
    """ "5 suppliers – Apple, Samsung, …", "customers such as Walmart": the names after."""
    m = re.compile(rf"\s*(?:[–—:(-]|,|\s+such as|\s+including)\s*({_NAME})").match(text, at)
    if m is None:
        return []
    out = [m.span(1)]
    # the list goes on: ", Samsung, Hewlett-Packard, Sony and LG"
    more = re.compile(rf"\s*(?:,|and|&)\s*(?:and\s+)?({_NAME})")
    while (m := more.match(text, m.end())) is not None:
        out.append(m.span(1))
    return out


def _apposed(text: str, at: int) -> list[tuple[int, int]]:
    """ "Pioneer Foods, a food and beverage company": the name a noun phrase describes."""
    m = re.search(rf"(?<=[a-z] )({_NAME}),\s+an?\s+(?:[\w'’-]+\s+){{0,{_APPOSED}}}$", text[:at])
    return [m.span(1)] if m else []


def _proper(name: str) -> bool:
    """A name, not a capitalised heading word or the filer's own defined term."""
    first = name.split(maxsplit=1)[0].strip(".,").lower()
    return first not in marks().not_names and first not in ("the", "our", "we", "company")
