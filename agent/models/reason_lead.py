"""A reason or a purpose asked leads with the sentence that gives it.

"What were the acquisitions of A and B meant to achieve?" shares its names with the
sentence stating the acquisitions ("we acquired A … and B …"), which the selector ranks
first; the purpose is the next sentence ("Both acquisitions are intended to expand our
retail presence"), which names neither. So when the first unit holds no reason (a cause or
a purpose: ``question_kinds.json`` "reason") and one of the next sentences of its passage
does, that one leads and the first stays among the quotes.
"""

from __future__ import annotations

from dataclasses import replace

from agent.answer_kinds import asked_kinds, holds
from agent.evidence import units
from agent.models.candidates import Candidate
from agent.rewrite import core_question

_NEXT = 2  # sentences after the first unit read for the reason it goes on to give


def reason_first(question: str, chosen: list[Candidate]) -> list[Candidate]:
    """``chosen`` led by the sentence right after the first unit giving the reason asked,
    when the first gives none; unchanged otherwise (nothing chosen is dropped)."""
    if not chosen or "reason" not in asked_kinds(core_question(question)):
        return chosen
    first = chosen[0]
    if first.unit.kind != "sentence" or holds("reason", first.unit.text, question):
        return chosen
    after = [u for u in units(first.passage.text) if u.start >= first.unit.end]
    for u in after[:_NEXT]:
        if u.kind == "sentence" and holds("reason", u.text, question):
            return [replace(first, unit=u), *chosen]
    return chosen
