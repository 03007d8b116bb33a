"""Chosen units (a sentence, a row, a page's opening) written as a candidate answer."""

from __future__ import annotations

from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence
from agent.figures.turn_tables import document_scales
from agent.models.answering.candidate import AnswerCandidate
from agent.models.answering.continued import continuation, continued
from agent.models.answering.figure_next import followed, next_amount
from agent.models.answering.introduced_rows import introduced, with_rows
from agent.models.answering.scoring import cover, passages_text
from agent.models.features import make_ask
from agent.models.judge import Candidate
from agent.models.writing import render, with_column_headers
from agent.question import Question


def written(
    q: Question,
    chosen: list[Candidate],
    evidence: Sequence[Evidence],
    lang: prompts.Lang,
    page: bool = False,
) -> AnswerCandidate:
    """The chosen units as an answer: the direct answer first, then the quotes."""
    ask = make_ask(q.text, evidence)
    scale = document_scales(evidence).get(chosen[0].passage.doc_id, "")
    body = render(with_column_headers(chosen), ask, lang, scale=scale)
    cited = [c.passage for c in chosen]
    rest = continuation(chosen[0], evidence)
    if rest is not None:  # a sentence the chunk's end cut: its rest opens the next chunk
        body = continued(body, chosen[0], rest)
        cited.append(rest[0])
    amount = next_amount(chosen[0]) if q.numeric and rest is None else None
    if amount is not None:  # the thing said in one sentence, how much in the next
        body = followed(body, chosen[0], amount)
    rows = introduced(chosen[0]) if rest is None else []
    if rows:  # a row leading in ("… was defeated:"), its tally in the rows under it
        body = with_rows(body, chosen[0], rows)
    return AnswerCandidate(
        "page" if page else "sentences",
        "page" if page else "sentence",
        body,
        cited=cited,
        quoted=[c.unit.text for c in chosen],
        cover=cover(q, passages_text(cited)),
        corroborate=True,
    )
