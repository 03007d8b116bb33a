"""Figures from tables (``figures/answer.py``): a cell in a sentence, a computed metric
with its working, a comparison, a ranking. Each answer the tables give is a candidate the
verifier checks (``FigureAnswer.problem``); the figures found when it fails, and a note
naming a figure the tables lack, are refusals, said only when nothing else answers."""

from __future__ import annotations

from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_candidates
from agent.figures.candidate import FigureAnswer
from agent.models.answering.candidate import AnswerCandidate, Strategy
from agent.models.answering.scoring import cover, passages_text, traced
from agent.question import Question


def _applies(q: Question) -> bool:
    return q.page is None  # a page asked about is read, not searched for figures


def _candidates(
    q: Question, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[AnswerCandidate]:
    out: list[AnswerCandidate] = []
    for fa in figure_candidates(q.text, evidence, lang):
        if fa.lines:
            out.append(_candidate(q, fa, evidence))
        if fa.missing:  # its note belongs to its own refusal, never before another answer
            note = "\n".join(fa.missing)
            said = prompts.REFUSAL[lang]
            out.append(AnswerCandidate("figures", "refusal", said, note=note, follow=[], fit=1.0))
    return out


def _candidate(q: Question, fa: FigureAnswer, evidence: Sequence[Evidence]) -> AnswerCandidate:
    body = "\n".join(fa.lines)
    cited = _cited(fa.lines[0], evidence)
    ids = [c.chunk_id for c in fa.cells]
    return AnswerCandidate(
        "figures",
        "refusal" if fa.refusal else "figure",
        body,
        cited=cited,
        quoted=list(fa.lines),
        follow=list(fa.follow) or None,
        fit=0.5 if fa.refusal else 0.0,  # the figures found: what is nearest
        cover=cover(q, [body, *passages_text(cited)]),
        traced=traced(ids, body),
        verify=None if fa.refusal else lambda: fa.problem()[1],
        ruled=True,
        corroborate=True,
    )


def _cited(line: str, evidence: Sequence[Evidence]) -> list[Passage]:
    """The passages the answer's first line cites (their neighbourhood gives follow-ups)."""
    return [p for ev in evidence for p in ev.passages if f"[{p.chunk_id}]" in line]


STRATEGY = Strategy("figures", _applies, _candidates, frozenset({"figure"}))
