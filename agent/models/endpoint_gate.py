"""The answerability gate over a real chat model's answer.

The offline answerer asks the gate before it composes (``answerability.py``); a real
model writes its own answer, and may answer a question of general knowledge from what it
knows, citing whatever passage the search returned ("What is the speed of light?" → a
true sentence, cited to a passage about store openings). The reflection checks that
each sentence is supported by the text it cites; this checks that the cited text is about
what is asked: the question's focus word (``focus.py``), with every name it is asked of,
must be in one of the cited units (the gate's ``focus_named`` feature). An answer whose
citations do not hold it is replaced by the refusal that quotes the nearest cited unit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from agent import prompts
from agent.citations import Verdict, locate_quote
from agent.evidence import Evidence, Passage, Unit
from agent.models.answerability import GATE_FEATURES, Decision, gate_vector
from agent.models.judge import Candidate
from agent.models.refusals import refusal

_FOCUS_NAMED = GATE_FEATURES.index("focus_named")


def cited_units(verdict: Verdict, passages: Mapping[str, Passage]) -> list[Candidate]:
    """The spans the draft's supported factual sentences cite, as the gate's units."""
    out: list[Candidate] = []
    for claim in verdict.claims:
        if not (claim.factual and claim.supported):
            continue
        for cid in claim.ids:
            p = passages.get(cid)
            if p is None:
                continue
            start, end = locate_quote(claim.text, p.text)
            if end <= start:
                start, end = 0, len(p.text)
            unit = Unit(start, end, p.text[start:end], "sentence")
            out.append(Candidate(p, unit, 1.0, frozenset(), len(out)))
    return out


def covers(question: str, evidence: Sequence[Evidence], units: Sequence[Candidate]) -> bool:
    """Does one cited unit hold the question's focus with every name asked of?"""
    return any(gate_vector(question, evidence, [c], 1.0)[_FOCUS_NAMED] == 1.0 for c in units)


def judged(
    question: str,
    verdict: Verdict,
    evidence: Sequence[Evidence],
    passages: Mapping[str, Passage],
    lang: prompts.Lang,
) -> str | None:
    """The refusal that replaces the model's answer when its citations do not cover the
    question's focus; None: the answer stands (or is a refusal already)."""
    first = next((c.text.strip() for c in verdict.claims if c.text.strip()), "")
    if any(
        first.startswith(r) for r in (*prompts.REFUSAL_NEAR.values(), *prompts.REFUSAL.values())
    ):
        return None
    units = cited_units(verdict, passages)
    if not units or covers(question, evidence, units):
        return None
    return refusal(Decision(False, "evidence", 0.0), units[:1], lang)
