"""Questions comparing rows or members, each answered by one strategy of a registry.

A strategy says whether it applies by returning a candidate (or None); a candidate whose
figures fail the verifier (``verify.py``: a share over 100%, a key shown) gives way to
the next strategy's, never shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from agent import prompts
from agent.evidence import Evidence
from agent.figures.candidate import FigureAnswer
from agent.figures.choices import choice_answer
from agent.figures.groups import group_answer
from agent.figures.metric_ranks import metric_ranking
from agent.figures.named_members import named_members_answer
from agent.figures.ranking import ranked_answer
from agent.figures.segment_levels import segment_levels
from agent.figures.verify import problem
from agent.figures.versus import versus_answer

Strategy = Callable[[str, Sequence[Evidence], prompts.Lang], FigureAnswer | None]


def _choice(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> FigureAnswer | None:
    """ "among A, B and C, which …": every alternative's figure."""
    chosen = choice_answer(question, evidence) if lang == "en" else None
    return FigureAnswer(chosen.lines, searches=chosen.searches) if chosen is not None else None


def _named(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> FigureAnswer | None:
    """ "which grew faster, A or B", "did A outpace B": only the members named."""
    return named_members_answer(question, evidence, lang)


def _metric(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> FigureAnswer | None:
    """ "which segment had the highest operating margin": each member's metric."""
    lines = metric_ranking(question, evidence, lang)
    return FigureAnswer(lines) if lines is not None else None


def _levels(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> FigureAnswer | None:
    """ "which segment had the highest net revenues": each member heading's figure."""
    return segment_levels(question, evidence, lang)


def _ranked(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> FigureAnswer | None:
    """ "which region did worst by top line": each member's growth or share."""
    ranked = ranked_answer(question, evidence, lang)
    if ranked is None:
        return None
    return FigureAnswer(
        ranked.lines,
        searches=ranked.searches,
        read=ranked.read,
        read_doc=ranked.read_doc,
        alternatives=True,
    )


def _group(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> FigureAnswer | None:
    """ "which … the largest of …": a group's extreme member."""
    grouped = group_answer(question, evidence, lang)
    return FigureAnswer([grouped[0]]) if grouped is not None else None


def _versus(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> FigureAnswer | None:
    """ "how did A's … compare to B's …": two rows of one table."""
    versus = versus_answer(question, evidence, lang)
    return FigureAnswer([versus]) if versus is not None else None


# The most specific reading of a comparison first: named alternatives (rows of any kind,
# then members of one group), then a metric's
# ranking, a line item's level under member headings, growth or share rankings, a group's
# extreme, two named rows.
STRATEGIES: tuple[Strategy, ...] = (_choice, _named, _metric, _levels, _ranked, _group, _versus)


def compared_answer(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> FigureAnswer | None:
    """The first strategy's candidate that passes the verifier, or None when no strategy
    applies (the question compares nothing) or every candidate fails."""
    for strategy in STRATEGIES:
        out = strategy(question, evidence, lang)
        if out is not None and not problem([], out.lines, [], [])[1]:
            return out
    return None
