"""Figure answers: a line item's cell in one sentence, or a metric with its working.

"Total current liabilities were $57,883 million at December 31, 2017 [doc#276]." and
"Days payable outstanding FY2017 = 365 × ((accounts payable 25,309 + 34,616) ÷ 2) ÷ (…)
= 93.86 [doc#270][doc#276]." Every figure is a cell of a table in this turn's passages,
cited by its chunk id; the result is computed here, never taken from a text. A figure the
tables do not give is named ("The documents do not say what FY2017 inventories were.").
The methods are registered in ``methods.METHODS``; the cells method is ``cells.py``, the
working of a figure from cells ``worked.py``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence
from agent.figures.basis import basis_unsaid
from agent.figures.candidate import FigureAnswer
from agent.figures.guidance import actual_evidence, forecast_said
from agent.figures.member_kinds import kind_words
from agent.figures.methods import COMPARISON, METHODS, offered
from agent.figures.per_share_asked import per_share_answers
from agent.figures.periods import fiscal_worded
from agent.figures.rejected import nearest
from agent.figures.turn_tables import grids
from agent.figures.verify import said_names
from agent.figures.versus import versus_search
from agent.question.compare import asks_extreme
from agent.question.kinds import asked_kinds

# A cause ("what drove the margin change?") is a sentence of prose and a list of members
# is names: a figure, even the one the question names, answers neither.
_NOT_FIGURES = frozenset({"reason", "list"})

_MARKER = re.compile(r"\[[^\]]+\]")


def figure_answer(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> FigureAnswer | None:
    """The checked answer from table cells (the first candidate the verifier passes, else
    the figures found), or None when the question is not about figures the tables hold.
    The planner reads it for the searches still to run; the composer weighs every
    candidate itself (``figure_candidates``)."""
    found = figure_candidates(question, evidence, lang)
    return next((f for f in found if f.refusal or not f.problem()[1]), found[-1] if found else None)


def figure_candidates(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[FigureAnswer]:
    """The figure methods' answers (``METHODS``), the best scored first, up to the first
    the verifier passes (the composer checks each again); then, for each that fails a
    check, the figures it found (a refusal naming what is nearest). Failing any answer,
    what the best method still needs (searches, pages, a note naming the figure not
    given). Empty when the question is not about figures the tables hold (the sentence
    selector answers it then)."""
    methods = METHODS
    if asked_kinds(question) & _NOT_FIGURES:
        if not _ranks_a_kind(question):
            return []
        # "Which segment held back growth?": a cause, which a ranking of the members of
        # the kind asked answers beside the sentence giving it
        methods = (COMPARISON,)
    # a forecast's table holds no figure of the period it forecasts (``guidance.py``)
    evidence = actual_evidence(question, evidence)
    # a retailer's year-end named by its date is the fiscal year its documents name
    question = fiscal_worded(question, (p.text for ev in evidence for p in ev.passages))
    # an amount asked per share is not its total's cell (``per_share_asked``)
    found = per_share_answers(question, offered(methods, question, evidence, lang))
    # an adjusted measure asked is not answered by the reported row (``basis``)
    found = [fa for fa in found if not (fa.lines and basis_unsaid(question, fa.cells, evidence))]
    # a forecast asked, and said in the turn, is not a period's actual row (``guidance.py``)
    found = [fa for fa in found if not (fa.lines and _forecast_said(question, fa, evidence))]
    if not found:
        # a comparison no table of the turn answers: search for the table listing both (a
        # turn with no tables at all is no figures' turn)
        wanted = versus_search(question) if grids(evidence) else ""
        return [FigureAnswer(searches=[wanted])] if wanted else []
    if not found[0].lines:
        return found[:1]
    # the best up to the first the verifier passes: the composer weighs that one against
    # other strategies' answers, never a figure answer the methods' score put below it
    answers: list[FigureAnswer] = []
    for fa in found:
        fa.lines = [said_names(line) for line in fa.lines]  # no key of the vocabulary is shown
        answers.append(fa)
        if not fa.problem()[1]:
            break
    failed = [fa for fa in answers if fa.nearest and fa.problem()[1]]
    # a senseless figure worked from a cell of another statement (a pension table's
    # "Current liabilities") keeps asking for that cell's statement page: the planner reads it
    return [*answers, *(nearest(fa) for fa in failed)]


def _forecast_said(question: str, fa: FigureAnswer, evidence: Sequence[Evidence]) -> bool:
    # the rows read, or, for a method citing none, what its lines say of them
    labels = list(dict.fromkeys(c.label for c in fa.cells)) or [
        _MARKER.sub(" ", line) for line in fa.lines
    ]
    return forecast_said(question, evidence, labels)


def _ranks_a_kind(question: str) -> bool:
    """Does a cause question ask which member of a kind moved a figure ("Which segment
    dragged down growth?"), never a list of them?"""
    kinds = asked_kinds(question)
    return "list" not in kinds and asks_extreme(question) and bool(kind_words(question))
