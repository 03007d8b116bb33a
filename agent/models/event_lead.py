"""What happened, asked: the answer leads with a clause telling the event.

"What happened to PepsiCo on May 26, 2023?" shares every word with the 8-K's cover field
("Date of Report (Date of earliest event reported): May 26, 2023 PepsiCo, Inc"), its
signature's date line and its exhibit index, which the selector ranks above the item
telling the event ("Effective May 26, 2023, PepsiCo terminated the … credit agreement").
A field line ("label: value" with no clause after the colon) and back matter (exhibits,
signatures, contents) name a date; an event is told by a sentence that says what was
done. So when the question asks what happened and the first unit tells nothing, the
highest-ranked unit that tells an event (and states the day asked, when one is asked)
leads; nothing chosen is dropped. The asking words are data (``lexicon/event_asked.json``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from agent.models.candidates import Candidate
from pipeline.text.boilerplate import kind_of
from pipeline.text.lexicon import alternation, keys, words
from pipeline.text.script import han_count

_FIELD = re.compile(r"^[^:：\n]{1,80}[:：]\s*(?P<value>.*)$", re.S)
_LOWER_WORD = re.compile(r"(?<![\w-])[a-z]{3,}\b")
_PAST = re.compile(r"(?<![\w-])[a-z]{3,}ed\b")  # "terminated", "entered", "reported"
_MONTH_DAY = re.compile(
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})\b", re.I
)
_CLAUSE_WORDS = 3  # lowercase words a clause says besides names and figures
_CLAUSE_HAN = 6  # Chinese characters a clause says besides a date


@cache
def _asking() -> re.Pattern[str]:
    return re.compile(alternation("event_asked.asking", space=r"\s+"), re.I)


def asks_event(question: str) -> bool:
    return bool(_asking().search(question))


def _days(text: str) -> set[tuple[str, int]]:
    return {(m.group(1).lower(), int(m.group(2))) for m in _MONTH_DAY.finditer(text)}


def tells_event(text: str) -> bool:
    """A sentence saying what was done: no back matter, and beyond a field's label ("Date
    of Report …: May 26, 2023") a clause with a verb in the past ("terminated", "sold"),
    or Chinese characters besides a date; an agreement's title page ("Dated as of May 26,
    2023 among PEPSICO, INC., as Borrower") says nothing done."""
    if kind_of(text) is not None:
        return False
    m = _FIELD.match(text.strip())
    said = m.group("value") if m else text
    if han_count(text):
        return han_count(re.sub(r"\d+\s*[年月日]", "", said)) >= _CLAUSE_HAN
    done = _PAST.search(said) or any(w in _irregular_past() for w in _LOWER_WORD.findall(said))
    return bool(done) and len(_LOWER_WORD.findall(said)) >= _CLAUSE_WORDS


@cache
def _irregular_past() -> frozenset[str]:
    return frozenset(
        w for base in keys("verb_forms.past") for w in words(f"verb_forms.past.{base}")
    )


def event_first(
    question: str, led: list[Candidate], found: Sequence[Candidate], floor: float
) -> list[Candidate]:
    """``led`` led by the best-ranked unit telling an event when the question asks what
    happened and the first unit tells none; unchanged otherwise."""
    if not led or not asks_event(question) or tells_event(led[0].unit.text):
        return led
    days = _days(question)
    pool = [*led, *sorted(found, key=lambda c: -c.rank)]
    best = next(
        (
            c
            for c in pool
            if c.score >= floor
            and c.unit.kind == "sentence"
            and tells_event(c.unit.text)
            and days <= _days(c.unit.text)
        ),
        None,
    )
    if best is None:
        return led
    return [best, *(c for c in led if c is not best)]
