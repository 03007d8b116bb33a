"""Refusals (``answerability.Decision``): why, briefly, and for evidence that does not
answer, what the documents lack and the nearest unit they hold, cited, so the reader sees
what they do cover.
"""

from __future__ import annotations

from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence, clean
from agent.models.answerability import Decision, decide, nearest_named
from agent.models.judge import Candidate, Judgement
from agent.prompts import Lang


def after_judge(
    question: str, evidence: Sequence[Evidence], verdict: Judgement, lang: Lang, *, noted: bool
) -> str | None:
    """The refusal of what the judge chose when it does not answer (the gate), or of the
    judge's own refusal when its nearest unit names what is asked of (unless a figure
    method's note is said first); None: compose the answer, or refuse plainly."""
    if verdict.chosen:
        d = decide(question, evidence, verdict.chosen, verdict.best)
        return None if d.answers else refusal(d, verdict.chosen, lang)
    near = None if noted else nearest_named(question, evidence, verdict.nearest)
    return refusal(Decision(False, "evidence", 0.0), [near], lang) if near else None


_NEAREST_CHARS = 220  # a pointer, not an answer: the opening of the nearest unit


def refusal(decision: Decision, near: Sequence[Candidate], lang: Lang, note: str = "") -> str:
    """The refusal for a decision: why, briefly, and for evidence that does not answer,
    what the documents lack (``note``, ``absent.py``) and the nearest unit they hold,
    cited, so the reader sees what they do cover."""
    if decision.reason == "arithmetic":
        return prompts.REFUSAL_ARITHMETIC[lang]
    if decision.reason == "opinion":
        return prompts.REFUSAL_OPINION[lang]
    if decision.reason in ("period", "name"):
        quoted = ", ".join(f"“{y}”" for y in decision.detail.split(", "))
        said = prompts.REFUSAL_PERIOD if decision.reason == "period" else prompts.REFUSAL_MISSING
        return said[lang].format(terms=quoted)
    if decision.reason == "company":
        # "Caesars' report", not "Caesars's"
        owned = decision.detail + ("'" if decision.detail.endswith("s") else "'s")
        return prompts.REFUSAL_COMPANY[lang].format(name=decision.detail, owned=owned)
    if not near:
        return prompts.REFUSAL[lang] + note
    c = near[0]
    return "\n".join(
        [
            prompts.REFUSAL_NEAR[lang] + note,
            prompts.NEAREST_HEADER[lang],
            f"- {_opening(c)} [{c.passage.chunk_id}]",
        ]
    )


def _opening(c: Candidate) -> str:
    """The unit's text as a quote: a row's cells joined, a long sentence cut at a word."""
    text = clean(c.unit.text)
    if c.unit.kind == "row":
        text = " | ".join(x.strip() for x in text.strip().strip("|").split("|") if x.strip())
    if len(text) <= _NEAREST_CHARS:
        return text
    cut = text[:_NEAREST_CHARS]
    space = cut.rfind(" ")
    return (cut[:space] if space > _NEAREST_CHARS // 2 else cut).rstrip(",;:，；：") + " …"
