"""A field of a filing's cover page asked for ("In which state is X incorporated?", "What
is the address of X's principal executive offices?"): the value printed over or beside
its label (``agent/cover_field.py``), cited to the cover's passage. The planner reads the
first page of the scope for such a question; the label printed is the very field asked,
so the candidate covers the question whole."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from agent import prompts
from agent.cover_field import Field, FieldValue, asked_fields, field_value, holder_words
from agent.evidence import Evidence, Passage
from agent.models.answering.candidate import AnswerCandidate, Strategy
from agent.models.answering.scoring import wants_figure
from agent.models.judge import missing_names
from agent.models.other_company import other_subject
from agent.question import Question
from agent.rewrite import content_terms
from agent.scope import stem
from pipeline.text.script import HAN_RE

COVER_PAGES = 2  # a cover may open on the page after a contents line


def _applies(q: Question) -> bool:
    # a figure asked ("the amount listed in …") is no cover field, whatever its words
    return bool(asked_fields(q.text)) and not wants_figure(q)


def _candidates(
    q: Question, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[AnswerCandidate]:
    if missing_names(q.text, evidence) or other_subject(q.text, evidence, written=False):
        return []  # another company's (named or not in the documents): not this cover
    read = {p.chunk_id: p for ev in evidence for p in ev.passages if p.page <= COVER_PAGES}
    if _of_another(q.text, read.values()):
        return []
    lines: list[str] = []
    cited: list[Passage] = []
    quoted: list[str] = []
    for field in asked_fields(q.text):
        found = _found(field, read)
        if found is None:
            return []  # a field asked the cover does not print: it answers only in part
        value, parts = found
        lines.append(f"{value.said} {' '.join(f'[{c.chunk_id}]' for c in parts)}.")
        cited += [c for c in parts if c not in cited]
        quoted.append(value.value)
    if not lines:
        return []
    # the labels printed are the fields asked: nothing of the question is left over; the
    # question's own ruling stands (another company's headquarters are not on this cover)
    said = "\n".join(lines)
    if lang == "zh" and not HAN_RE.search(said):  # an English cover's field, quoted
        said = f"{prompts.CROSS_LANGUAGE_LEAD[lang]}{said}"
    return [AnswerCandidate("cover", "field", said, cited, quoted, cover=1.0, ruled=True)]


def _of_another(question: str, cover: Iterable[Passage]) -> bool:
    """Does the question ask the field of a holder the cover does not name ("the ticker
    symbol of the biggest bank in the world")? Its words beside the field must be the
    cover's own (the registrant's name is printed on it) or say no holder ("the
    company", "common stock")."""
    printed = {stem(w) for p in cover for w in re.findall(r"[A-Za-z][A-Za-z0-9&'’-]*", p.text)}
    generic = holder_words()
    return any(
        t not in generic and stem(t) not in printed for t in content_terms(question) if t.isalpha()
    )


def _found(field: Field, read: dict[str, Passage]) -> tuple[FieldValue, list[Passage]] | None:
    """The field's value in the cover's passages, with the passages printing it."""
    for p in read.values():
        # a label opening its passage has its value at the end of the one before, one
        # ending it (a column's head) at the start of the one after
        before, after = read.get(_next(p.chunk_id, -1)), read.get(_next(p.chunk_id, 1))
        tried = [[p], *([[before, p]] if before else []), *([[p, after]] if after else [])]
        for parts in tried:
            found = field_value(field, "\n".join(c.text for c in parts))
            if found is not None:
                return found, parts
    return None


def _next(chunk_id: str, step: int) -> str:
    """The id of the chunk ``step`` places on in its document."""
    doc_id, _, n = chunk_id.rpartition("#")
    return f"{doc_id}#{int(n) + step}" if n.isdigit() else ""


STRATEGY = Strategy("cover", _applies, _candidates, frozenset({"field"}))
