"""What makes candidates of different strategies comparable: properties of their evidence
and form, the same for every strategy.

- ``cover``: how much of the question's focus (its content words, periods and names)
  the candidate's cited evidence holds; words matter by how much they say in general
  language (the answerability gate's ``information``), so "revenue" counts less than
  "Quillfeather".
- ``form_fit``: whether the candidate's form is the form of answer the question asks for
  (a figure for an amount, a section's statements for a topic, a page's opening for a
  page); every candidate that is an answer is given its fit by the composer, never by
  the strategy that made it.
- ``traced``: the share of the figures a candidate states that are cells it cites.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from agent.answer_kinds import asks_about_subject
from agent.cover_field import asked_fields
from agent.evidence import Passage
from agent.figures.asking import what_is_asked
from agent.figures.prose_totals import asked_verb
from agent.models.answerability import information
from agent.models.answering.candidate import Form
from agent.models.sections import topical
from agent.question import Question
from agent.question.amount_asked import asks_period_amount
from agent.question.kinds import marks
from agent.question.unusual import asks_unusual
from agent.rewrite import content_terms
from agent.scope import stem, word_set


def focus_terms(q: Question) -> list[str]:
    """The question's content words (no figures) with its periods and names."""
    words = [t for t in content_terms(q.text) if not any(c.isdigit() for c in t)]
    return list(dict.fromkeys([*words, *map(str, q.periods), *q.entities]))


def cover(q: Question, texts: Sequence[str]) -> float:
    """The informative share of the question's focus the texts hold (0 … 1): each word
    weighs what it says in general language, so a rare name outweighs "total"."""
    terms = focus_terms(q)
    if not terms:
        return 1.0
    said = " ".join(texts)
    low, stems = said.lower(), word_set(said)
    weights = [max(information(t.lower()), 0.05) for t in terms]
    held = [
        w
        for t, w in zip(terms, weights, strict=True)
        if (stem(t) in stems if t.isascii() else t.lower() in low) or t.lower() in low
    ]
    return sum(held) / sum(weights)


def passages_text(cited: Sequence[Passage]) -> list[str]:
    return [f"{p.section}\n{p.text}" for p in cited]


def wants_figure(q: Question) -> bool:
    """Does the question ask for an amount, a ratio, a change or a comparison of figures,
    or name a line item, a metric or a judgement of one the vocabulary knows (whose answer
    is a figure: "Is X capital-intensive?" is decided by one), or a total of what may be
    done ("the total amount X may borrow", ``figures/prose_totals.py``)?"""
    if "number" in q.kinds or q.metrics or q.items or q.operation in _FIGURE_OPERATIONS:
        return True
    if asked_verb(q.text) or asks_period_amount(q):  # a row's amount asked by its name
        return True
    return what_is_asked(q.text) is not None


_FIGURE_OPERATIONS = frozenset(
    {"change", "growth", "average", "ratio", "share", "between", "comparison", "extreme"}
)


def traced(cell_ids: Sequence[str], body: str) -> float:
    """The share of the cells a figure answer worked from that it cites."""
    if not cell_ids:
        return 0.0
    return sum(1 for c in cell_ids if f"[{c}]" in body) / len(cell_ids)


@lru_cache(maxsize=256)  # asked for each candidate and each strategy's bound
def asked_forms(q: Question) -> frozenset[Form]:
    """The forms of answer the question asks for: a whole document's overview, what its
    subject does, a page's opening, a figure, a section's statements, a cover's field; a
    sentence when it asks for none of these (a sentence can hold any answer, so it is
    every question's second-best form)."""
    forms: set[Form] = set()
    if q.overview:
        forms.add("overview")
    if asks_about_subject(q.text):
        forms.add("description")
    if q.page is not None:
        forms.add("page")
    # "what drove the decline …", "any one-off gains that lifted net income?": the
    # sentence explaining it, no amount
    if asks_cause(q) or asks_unusual(q.text):
        forms.add("explanation")
    elif wants_figure(q):
        forms.add("figure")
    if topical(q.text):
        forms.add("section")
    if asked_fields(q.text):  # a cover page's field: its value over its label
        forms.add("field")
    return frozenset(forms or {"sentence"})


def asks_cause(q: Question) -> bool:
    """Does an English question ask why something moved or what drove it?"""
    return q.lang == "en" and marks().asks["reason"].search(q.text) is not None


def form_fit(q: Question, form: Form) -> float:
    """1 for a candidate of a form the question asks for, else half."""
    return 1.0 if form in asked_forms(q) else _OTHER_FORM


_OTHER_FORM = 0.5
