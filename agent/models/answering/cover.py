"""A field of a filing's cover page asked for ("In which state is X incorporated?", "What
is the address of X's principal executive offices?"): the value printed over or beside
its label (``agent/cover_field.py``), cited to the cover's passage. The planner reads the
first page of the scope for such a question; the label printed is the very field asked,
so the candidate covers the question whole."""

from __future__ import annotations

from collections.abc import Sequence

from agent import prompts
from agent.cover_field import asked_field, field_value
from agent.evidence import Evidence
from agent.models.answering.candidate import AnswerCandidate, Strategy
from agent.question import Question

COVER_PAGES = 2  # a cover may open on the page after a contents line


def _applies(q: Question) -> bool:
    return asked_field(q.text) is not None


def _candidates(
    q: Question, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[AnswerCandidate]:
    field = asked_field(q.text)
    if field is None:
        return []
    read = {p.chunk_id: p for ev in evidence for p in ev.passages if p.page <= COVER_PAGES}
    for p in read.values():
        before = read.get(_previous(p.chunk_id))
        # a label opening its passage has its value at the end of the one before
        for parts in [[p]] if before is None else [[p], [before, p]]:
            found = field_value(field, "\n".join(c.text for c in parts))
            if found is None:
                continue
            ids = " ".join(f"[{c.chunk_id}]" for c in parts)
            body = f"{found.value} {found.label} {ids}."
            # the label printed is the field asked: nothing of the question is left over
            return [AnswerCandidate("cover", "sentence", body, parts, [found.value], cover=1.0)]
    return []


def _previous(chunk_id: str) -> str:
    doc_id, _, n = chunk_id.rpartition("#")
    return f"{doc_id}#{int(n) - 1}" if n.isdigit() else ""


STRATEGY = Strategy("cover", _applies, _candidates, frozenset({"sentence"}))
