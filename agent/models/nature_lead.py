"""What a thing of the report is and what it is for, asked: the sentence describing it leads.

"What is the nature and purpose of <Company>'s commercial paper program as of 2019?" shares
its words with every sentence naming the program, and the one the selector ranks first is
often a balance ("There were no borrowings outstanding under the program") or a table's
lead-in ("Our self-insured liabilities … were as follows"), which names the thing and says
nothing of it. A filing says what a thing is where it introduces it: it names it by a
defined name in brackets after describing it ("… funds deposited by customers before gaming
play occurs (“casino front money”)"), goes on from its name with a describing clause
("…, which represents …", "under which we may issue …"), opens with it and a defining verb,
or says the company has, set up or is it ("we entered into a … facility", "we are
self-insured for …"). So the chosen unit describing the thing the most (and, among equals,
ranked first) leads, the first staying among the quotes. The words are data
(``lexicon/nature_asked.json``; defining verbs in ``lexicon/definitions.json``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from agent.models.candidates import Candidate
from agent.models.definition_asked import defines
from pipeline.text.lexicon import alternation

_Q = "“\"‘'"
_QC = "”\"’'"


@cache
def _asking() -> re.Pattern[str]:
    nouns = alternation("nature_asked.asking")
    periods = alternation("nature_asked.periods", space=r"\s+")
    return re.compile(
        rf"\b(?:{nouns})(?:\s*(?:and|&)\s*(?:{nouns}))*\s+of\s+(?:the\s+)?"
        rf"(?:[\w&.-]+(?:\s+[\w&.-]+){{0,3}}?['’]s?\s+)?"  # the company's own possessive
        rf"(?P<t>[^?]{{3,80}}?)\s*(?:,?\s+\b(?:{periods})\b[^?]*)?\s*\??\s*$",
        re.I,
    )


def asked_thing(question: str) -> str | None:
    """The thing whose nature or purpose the question asks ("commercial paper program"),
    None when it asks none."""
    m = _asking().search(question.strip())
    if m is None:
        return None
    thing = re.sub(r"^(?:the|its|their|an?)\s+", "", m.group("t").strip(), flags=re.I)
    # a clause about the thing ends its name: "casino front money (that) MGM Resorts carries"
    thing = re.split(r"\s+(?:that|which|it|we|they)\b", thing, maxsplit=1)[0]
    if thing[:1].islower():
        thing = re.split(r"\s+(?=[A-Z])", thing, maxsplit=1)[0]
    return thing if len(re.findall(r"[A-Za-z]{3,}", thing)) >= 1 else None


def _name(thing: str) -> str:
    """The thing's name as a pattern: its words with any spacing or hyphen, a plural."""
    words = [re.escape(w) for w in re.split(r"[\s-]+", thing) if w]
    return r"[\s-]+".join(words) + r"(?:e?s)?"


def describes(thing: str, text: str) -> int:
    """How much the text says what the thing is: 2 for a defined name in brackets or a
    definition, 1 more for a describing clause after its name; else 1 when the company
    says it has, set up or is it; 0 when it only names it."""
    name = _name(thing)
    bracket = rf"\(\s*(?:the\s+)?[{_Q}]?{name}[{_QC}]?\s*\)"
    # "X are recorded at …", "X is based on …": a verb in the passive tells how it is
    # kept, not what it is
    kept = re.search(rf"{name}\s+(?:is|are|was|were)\s+(?:\w+ly\s+)?\w+ed\b", text, re.I)
    defined = defines(thing, text) and not kept
    named = 2 if re.search(bracket, text, re.I) or defined else 0
    clause = alternation("nature_asked.describing", space=r"\s+")
    after = rf"{name}[{_QC}]?\s*\)?\s*,?\s*(?:[^.;]{{0,80}}?\b)?(?:{clause})\b"
    if named:
        return named + (1 if re.search(after, text, re.I) else 0)
    if re.search(after, text, re.I):
        return 2
    head = _name(re.split(r"\s+", thing)[0])
    having = alternation("nature_asked.having", space=r"\s+")
    # the thing right after the verb, its amount and modifiers: "we established a commercial
    # paper program", "we are self-insured", never "we have a mixture of fixed … rates"
    between = r"(?:(?!(?:of|and|or|to|for|in|with|from|by)\b)[\w$.,-]+\s+){0,6}?"
    held = rf"\b(?:we|the\s+company)\s+(?:{having})\s+{between}{head}\b"
    return 1 if re.search(held, text, re.I) else 0


def nature_first(
    question: str, led: list[Candidate], found: Sequence[Candidate]
) -> list[Candidate]:
    """``led`` led by the unit describing the thing asked the most, when it describes it
    more than the first does; unchanged when no nature or purpose is asked or no unit
    describes the thing (nothing chosen is dropped)."""
    thing = asked_thing(question)
    if thing is None or not led:
        return led
    units = [c for c in (*led, *found) if c.unit.kind == "sentence"]
    best = max(units, key=lambda c: describes(thing, c.unit.text), default=None)
    if best is None or describes(thing, best.unit.text) <= describes(thing, led[0].unit.text):
        return led
    return [best, *(c for c in led if c is not best)]
