"""The figure methods, a registry of strategies: each says whether it applies to a question
and offers candidates (``FigureAnswer``), every one scored by the same measure of how much
of the question it answers; the best comes first, never the first method's.

A candidate with lines is an answer; one without (the searches, pages or figures a method
still needs) is a need, offered only when no method computing the operation asked answers
(the planner follows it) and, among the others, none answers at all. The verifier
(``FigureAnswer.problem``, checked by the composer and by ``answer.figure_answer``) passes
over a candidate that fails to the next one by score.

The score (0 … 1): whether the method computes the operation the question asks for
(``Question.operation``: a change between two named periods, a comparison, a level), the
share of the question's focus words its lines say (a comparison names both sides), the
share of the years asked its lines or cells are of, and whether its figures are cells it
cites (a change computed from a sentence's figures is second to the same change read from
the table's cells).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agent import prompts
from agent.evidence import Evidence
from agent.figures.asking import top_line
from agent.figures.between import between_answer, moved
from agent.figures.candidate import FigureAnswer
from agent.figures.cells import CELL_OPERATIONS, cells_answer
from agent.figures.comparisons import compared_answer
from agent.figures.crossed import crossed_answers
from agent.figures.formula import without_definition
from agent.figures.grouped_columns import grouped_answer
from agent.figures.items import years
from agent.figures.per_employee import asks_per_employee, per_employee_answers
from agent.figures.periods import asked_periods
from agent.figures.prose_totals import prose_total
from agent.figures.sentences import change_sentence, stated_change
from agent.figures.successive import successive_change
from agent.figures.summed_items import summed_answer
from agent.figures.turn_tables import grids
from agent.figures.two_items import two_items_answer
from agent.question.asked_move import against_period
from agent.question.parsed import Operation, parse
from agent.rewrite import content_terms
from agent.scope import stem, word_set

Candidates = Callable[[str, Sequence[Evidence], prompts.Lang], list[FigureAnswer]]

# Questions no single figure answers (unless a comparison does): "which", "who", "explain".
_EXPLAIN = re.compile(r"^\W*(which|who|explain|describe|how did)\b|如何看待|哪(个|些|家|一)", re.I)
_MARK = re.compile(r"\[[^\]]+\]")
# weights of the score's parts: the operation computed, the focus said, the years
# answered, the figures traced
_OPERATION, _SAID, _YEARS, _TRACED = 0.4, 0.35, 0.15, 0.1


@dataclass(frozen=True)
class FigureMethod:
    """A way of answering with figures: whether it applies, and its candidates."""

    name: str
    applies: Callable[[str], bool]
    candidates: Candidates
    operations: frozenset[Operation]  # the operations its answers compute


def single_figures(question: str) -> bool:
    """Is the question one a figure of its own answers? "Which …", "explain …" are
    answered by a comparison or by prose; "how did X perform" by its top line; "how did X
    move, in percentage points" by the figure its unit asks for (``_unit_asked``); "how
    did X compare with the prior-year quarter" by X's two figures."""
    return (
        not _EXPLAIN.search(question)
        or bool(top_line(question))
        or _unit_asked(question)
        or against_period(question)  # "how did X in H1 FY2023 compare with H1 FY2022?"
    )


@cache
def _asked_phrases() -> re.Pattern[str]:
    raw = json.loads(_FIGURE_ASKED.read_text(encoding="utf-8"))["phrases"]
    alternation = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in raw)
    return re.compile(rf"(?<![\w-])(?:{alternation})(?![\w-])", re.I)


def _unit_asked(question: str) -> bool:
    """Does a "how did …" question ask its answer in a unit ("in percentage points")?"""
    return _asked_phrases().search(question) is not None


_FIGURE_ASKED = Path(__file__).resolve().parents[1] / "data" / "figure_asked.json"


def _no_headcount(question: str) -> bool:
    """A question the cells method answers: no figure per employee."""
    return single_figures(question) and not asks_per_employee(question)


def _anything(question: str) -> bool:
    return True  # a comparison reads the question itself (``comparisons.STRATEGIES``)


def _compared(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[FigureAnswer]:
    out = compared_answer(question, evidence, lang)
    return [out] if out is not None else []


def _between(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> list[FigureAnswer]:
    """ "… between FY2023 and Q2 of fiscal 2024": both periods' cells."""
    b = between_answer(question, evidence, lang)
    if b is None:
        return []
    return [FigureAnswer(b.lines, cells=b.cells, wanted=b.wanted, pages=b.pages)]


def from_sentence(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> FigureAnswer | None:
    """A change computed from a sentence stating both its values, or from two sentences
    stating the value that ended and its replacement (the page to read for the second when
    only one is in the turn), or None."""
    stated = stated_change(question, evidence)
    if stated is not None:
        return FigureAnswer([change_sentence(stated, question, lang)])
    two = successive_change(question, evidence)
    if two is None:
        return None
    if two.stated is None:
        return FigureAnswer(read=[two.page] if two.page is not None else [])
    return FigureAnswer([change_sentence(two.stated, question, lang)])


def _stated(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> list[FigureAnswer]:
    out = from_sentence(question, evidence, lang)
    return [out] if out is not None else []


def _total(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> list[FigureAnswer]:
    """The total of limits sentences state one by one (``prose_totals``)."""
    out = prose_total(question, evidence, lang)
    return [out] if out is not None else []


def _summed(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> list[FigureAnswer]:
    """Two or three members of one table added, every operand shown (``summed_items``)."""
    out = summed_answer(question, evidence, lang)
    return [out] if out is not None else []


def _grouped(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> list[FigureAnswer]:
    """A row's cell under the column group the question names (``grouped_columns``)."""
    out = grouped_answer(question, grids(evidence), lang)
    return [out] if out is not None else []


def _two_items(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[FigureAnswer]:
    """ "How did A compare with B", "Did A … more than B": both rows of one table."""
    out = two_items_answer(question, evidence, lang)
    return [out] if out is not None else []


COMPARISON = FigureMethod("comparison", _anything, _compared, frozenset({"comparison", "extreme"}))
TWO_ITEMS = FigureMethod("two_items", _anything, _two_items, frozenset({"comparison"}))
BETWEEN = FigureMethod("between", single_figures, _between, frozenset({"between"}))
STATED = FigureMethod("stated", single_figures, _stated, frozenset({"change", "growth", "between"}))
TOTAL = FigureMethod("total", single_figures, _total, frozenset({"lookup"}))


def score(question: str, fa: FigureAnswer, method: FigureMethod) -> float:
    """How much of the question the candidate answers (0 … 1), whatever method made it."""
    text = _MARK.sub(" ", "\n".join(fa.lines))
    computes = asked_operation(question) in method.operations
    return (
        _OPERATION * computes
        + _SAID * said(question, text)
        + _YEARS * _years(question, fa)
        + _TRACED * _traced(fa)
    )


def asked_operation(question: str) -> Operation:
    """The operation asked (``Question.operation``); a move between two periods the
    question names, however it joins them ("from the end of FY2023 to Q2 FY2024"), is a
    change between them."""
    if len(asked_periods(question)) == 2 and moved(question):
        return "between"
    return parse(without_definition(question)).operation


def said(question: str, text: str) -> float:
    """The share of the question's content words (figures aside) the text says."""
    terms = {t.lower() for t in content_terms(question) if not any(c.isdigit() for c in t)}
    if not terms:
        return 1.0
    low, stems = text.lower(), word_set(text)
    held = [t for t in terms if (stem(t) in stems if t.isascii() else t in low)]
    return len(held) / len(terms)


def _years(question: str, fa: FigureAnswer) -> float:
    asked = years(question)
    if not asked:
        return 1.0
    shown = "\n".join(fa.lines)
    of = {c.year for c in fa.cells}
    # a year is answered by a cell of it or by the lines naming it ("FY2022", "fiscal 2022")
    return sum(1 for y in asked if y in of or str(y) in shown or f"FY{y % 100:02d}" in shown) / len(
        asked
    )


def _traced(fa: FigureAnswer) -> float:
    """1 for figures that are cells, half for lines citing where their figures are."""
    if fa.cells:
        return 1.0
    return 0.5 if any(_MARK.search(line) for line in fa.lines) else 0.0


def offered(
    methods: Sequence[FigureMethod],
    question: str,
    evidence: Sequence[Evidence],
    lang: prompts.Lang,
) -> list[FigureAnswer]:
    """Every applying method's answers, best first: those of a method computing the
    operation asked, then the rest, each by score (ties by the method's name, never by
    the registry's order). What a method computing the operation still needs (a page to
    read on, a period's statement) comes before any other method's answer: the company's
    top line is no answer to which segment's was worst. Failing any answer, the need most
    wanted, alone."""
    op = asked_operation(question)
    ranked: list[tuple[bool, bool, float, str, FigureAnswer]] = []
    for m in methods:
        if not m.applies(question):
            continue
        computes = op in m.operations
        for fa in m.candidates(question, evidence, lang):
            value = score(question, fa, m) if fa.lines else _need(question, fa, m)
            ranked.append((not computes, not fa.lines, -value, m.name, fa))
    ranked.sort(key=lambda t: t[:4])
    if not ranked or not ranked[0][4].lines:
        return [t[4] for t in ranked[:1]]
    return [t[4] for t in ranked if t[4].lines]


def _need(question: str, fa: FigureAnswer, method: FigureMethod) -> float:
    """How much of the question a need would answer once found, scored as an answer is:
    the operation its method computes, the words of its searches and notes, the share of
    the years asked its wanted figures are of, and whether it names the pages to read."""
    asked = years(question)
    wanted = {y for _, y in fa.wanted}
    share = sum(1 for y in asked if y in wanted) / len(asked) if asked else 1.0
    text = " ".join([*fa.searches, *fa.missing, *(k.replace("_", " ") for k, _ in fa.wanted)])
    return (
        _OPERATION * (asked_operation(question) in method.operations)
        + _SAID * said(question, text)
        + _YEARS * share
        + _TRACED * bool(fa.read or fa.pages)
    )


# The registry, in no order that counts (``offered`` ranks every method's answers): the
# cells method (``cells.py``) reads the line item's cell or works the metric from cells.
METHODS: tuple[FigureMethod, ...] = (
    COMPARISON,
    TWO_ITEMS,
    BETWEEN,
    # a figure per employee is worked over the headcount a sentence states, which no
    # table prints: the cells method would answer the figure alone
    FigureMethod("cells", _no_headcount, cells_answer, CELL_OPERATIONS),
    FigureMethod(
        "per_employee", single_figures, per_employee_answers, frozenset({"ratio", "lookup"})
    ),
    STATED,
    TOTAL,
    FigureMethod("summed", single_figures, _summed, frozenset({"lookup"})),
    FigureMethod("crossed", single_figures, crossed_answers, frozenset({"lookup"})),
    # a fallback: ranked after the methods computing the operation asked, so a row the
    # lookup reads by its item is never read again by its column group
    FigureMethod("grouped", single_figures, _grouped, frozenset()),
)
