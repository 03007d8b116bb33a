"""Which units support the first-ranked one: up to ``MAX_UNITS`` in all, each adding a
question word, a page or the kind of thing asked (``judge.py`` picks the first)."""

from __future__ import annotations

import re

from agent.models.candidates import Candidate
from agent.models.feature_vector import FEATURES
from agent.question.kinds import KINDS

MAX_UNITS = 3
_OVERLAP = FEATURES.index("overlap")


def select_units(
    found: list[Candidate],
    *,
    floor: float,
    kind_floor: float | None = None,
    open_ask: bool = False,
) -> list[Candidate]:
    """The best unit, then up to two more above ``floor`` that use a question word
    themselves (not only through their section's title: a quote that shares nothing with
    the question supports nothing) and add question words or another page, in reading
    order after it. Two kinds of unit add to the answer without a new question word:

    - one holding the kind of thing asked (a reason for "为什么", a date for "when") when
      no unit chosen holds it, above ``kind_floor`` (the refusal floor): the first-ranked
      sentence often names the subject ("X是……发明的") and the next ones say the asked
      thing of it ("她为了……");
    - for a question asking no kind of thing ("有什么特点", "怎么形成的", "how does …"),
      any unit above ``floor``: such an answer runs over several sentences of the same
      passage, each using the same question words.

    These take only the places the units adding a question word or a page leave free.
    """
    first = found[0]
    chosen = [first]
    covered = set(first.matched)
    pages = {first.passage.page}
    for c in found[1:]:  # first the units adding a question word or a page
        if len(chosen) >= MAX_UNITS:
            break
        if c.score < floor or c.features[_OVERLAP] <= 0:
            continue
        if any(repeats(c.unit.text, x.unit.text) for x in chosen):
            continue
        if not (c.matched - covered) and c.passage.page in pages:
            continue
        chosen.append(c)
        covered |= c.matched
        pages.add(c.passage.page)
    # then, in the places left, the units that add none: they never crowd those out
    for c in found[1:]:
        if len(chosen) >= MAX_UNITS:
            break
        supplies = not any(_holds_asked(x) for x in chosen) and _holds_asked(c)
        least = kind_floor if supplies and kind_floor is not None else floor
        if not (supplies or open_ask) or c.score < least or c.features[_OVERLAP] <= 0:
            continue
        if any(c is x or repeats(c.unit.text, x.unit.text) for x in chosen):
            continue
        chosen.append(c)
    return [first, *sorted(chosen[1:], key=lambda c: c.order)]


_HOLDS = tuple(FEATURES.index(f"holds_{k}") for k in KINDS)


def _holds_asked(c: Candidate) -> bool:
    """The unit holds a kind of thing the question asks for (its ``holds_*`` features)."""
    return any(c.features[i] for i in _HOLDS) if c.features else False


def same_text(a: str, b: str) -> bool:
    """The same words and figures, whatever the spacing, pipes and currency signs."""
    return re.sub(r"[\W_]+", "", a) == re.sub(r"[\W_]+", "", b)


_REPEAT_CHARS = 40


def repeats(a: str, b: str) -> bool:
    """The same text, or one holding the other whole: a sentence two overlapping chunks
    cut at different places ("she oversees …" and "In this role, she oversees …")."""
    x, y = re.sub(r"[\W_]+", "", a), re.sub(r"[\W_]+", "", b)
    short, long = sorted((x, y), key=len)
    return short == long or (len(short) >= _REPEAT_CHARS and short in long)
