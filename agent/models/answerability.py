"""Answerability: does the chosen evidence answer this question, or only share its words?

A question of world knowledge asked of a filing shares words with it one by one ("What
is the capital of <a country the filing lists among its markets>?": the country in a list
of offices, "capital" in "capital expenditures"); arithmetic shares its figures with every
table; a question about another company or a year the filing never mentions shares the
rest. The selector (``judge.py``) finds the sentence most like the question; this module
decides, before anything is composed, whether that sentence answers it:

- rules that need no fitting: a question of figures and operators only is arithmetic
  (``arithmetic``); one asking the answerer's view or the asker's own decision is no
  question of what the documents state (``opinion.py``); a year the scope never uses is
  a period the documents do not cover (``absent_years``); a question about another
  company ("<Other>'s revenue", "the chief executive of <Other>?") is not answered by
  this company's report (``other_company.py``);
- a logistic gate over the chosen units (``GATE_FEATURES``): how much of the question,
  weighed by each word's rarity in the scope, the first chosen unit and its section use;
  how informative in general language (``wordfreq``'s Zipf frequency, English and
  Chinese) the question words are that it leaves out, and those it uses; whether it uses
  the word the question asks for (``focus.py``) with the names the question is asked of,
  and holds the kind of thing asked for (``kinds.py``); the selector's best support.
  ``bench/fit_answerability.py`` fits it on the training split against negatives of every
  kind (``bench/answerability_questions.json``) and writes ``data/answerability.json``.

A refusal says what the documents do cover nearby: the best unit found, cited (``refusals.py``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agent.answer_kinds import asked_kinds, holds
from agent.evidence import Evidence
from agent.models.absent_subject import absent_subject
from agent.models.attribute_kind import unheld_attribute
from agent.models.attribute_said import stated_of_subject
from agent.models.definition_asked import defined
from agent.models.everyday_unheld import everyday_unheld
from agent.models.features import hits, make_ask, scope_missing
from agent.models.focus import focus
from agent.models.judge import Candidate
from agent.models.linked import unlinked
from agent.models.metric_rows import rows_miss_metric
from agent.models.opinion import asks_opinion
from agent.models.other_company import other_subject
from agent.models.other_said import states_of_other
from agent.models.owner_said import WORD, owner_said
from agent.models.question_words import (
    about_document,
    asked_names,
    own_stems,
    question_words,
    word_lists,
)
from agent.models.rarity import information
from agent.models.report_period import uncovered_period
from agent.models.reported_years import uncovered_filing
from agent.models.selector import Refusal
from agent.models.subject import another_thing, subject
from agent.models.zh_person import missing_person
from agent.rewrite import core_question, key_terms
from agent.role_field import names_role
from agent.scope import stem
from pipeline.text.periods import LONE_YEAR_RE
from pipeline.text.script import HAN_RE

DATA = Path(__file__).with_name("data") / "answerability.json"

GATE_FEATURES: tuple[str, ...] = (
    "covered",  # share of the question (scope rarity) the first unit and its section use
    "covered_all",  # the same over every chosen unit
    "gap",  # general-language information of the most informative word the unit leaves out
    "gap_all",  # the same over every chosen unit
    "gaps",  # share of the question's words (by information) the unit leaves out
    "used_info",  # mean information of the question words the unit uses (everyday: low)
    "name_gap",  # a name the question is asked of that the unit does not use
    "focus",  # the unit uses the word the question asks for (1 when none)
    "focus_named",  # it uses the focus together with every name asked of (1 when none)
    "kind",  # it holds a thing of the kind asked for (1 when none asked)
    "best",  # the selector's best support probability
    "words",  # how many content words the question has (log)
    "row",  # the first unit is a table row
    "about_document",  # the question names the document, or the company whose report it is
)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_MAGNITUDE = re.compile(r"(?<=\d)[十百千万亿]+")
_SYMBOLS = re.compile(r"[+\-*/×÷^=xX]")


class AnswerabilityDataError(RuntimeError):
    """The gate's weights file is missing or was fitted for other features."""


# The gate is a logistic model of the same shape as the selector's refusal.
Gate = Refusal


@dataclass(frozen=True)
class Decision:
    """Whether to answer, and why not (``reason``: arithmetic, opinion, period, company,
    name, evidence)."""

    answers: bool
    reason: str = ""
    probability: float = 1.0
    detail: str = ""  # the year or the company that is not covered


@cache
def gate() -> Gate:
    try:
        raw = json.loads(DATA.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise AnswerabilityDataError(
            f"cannot read the answerability gate {DATA}; restore it from the repository or "
            "refit it: python bench/fit_answerability.py"
        ) from e
    if tuple(raw.get("features", ())) != GATE_FEATURES:
        raise AnswerabilityDataError(
            f"{DATA} was fitted for other features; refit it: python bench/fit_answerability.py"
        )
    return Gate(
        mean=tuple(float(v) for v in raw["mean"]),
        scale=tuple(float(v) for v in raw["scale"]),
        coef=tuple(float(v) for v in raw["coef"]),
        intercept=float(raw["intercept"]),
        threshold=float(raw["threshold"]),
    )


@cache
def _operators() -> frozenset[str]:
    return frozenset(w for words in word_lists()["operators"].values() for w in words)


def arithmetic(question: str) -> bool:
    """A sum asked ("What is 17 times 4?", "12加30等于多少？"): two figures or more, and no
    word but operators and question words. No document answers it."""
    # "8万乘以6": a magnitude written after the digits is part of the figure, no word
    core = _MAGNITUDE.sub("", core_question(question))
    if len(_NUMBER.findall(core)) < 2:
        return False
    ops = _operators()
    rest = [t for t in key_terms(core) if not _NUMBER.fullmatch(t) and t not in ops]
    said = _NUMBER.sub(" ", core)
    return not rest and (bool(_SYMBOLS.search(said)) or any(w in ops for w in key_terms(core)))


def absent_years(question: str, evidence: Sequence[Evidence]) -> list[str]:
    """Years the question asks about that no searched text of the scope uses: a period
    the documents do not cover."""
    years = [t for t in key_terms(question) if LONE_YEAR_RE.fullmatch(t)]
    if not years:
        return []
    gone = scope_missing(evidence)
    return [y for y in dict.fromkeys(years) if y in gone]


def before_figures(question: str, evidence: Sequence[Evidence]) -> Decision:
    """The rules read before any figure is looked up."""
    if arithmetic(question):
        return Decision(False, "arithmetic", 0.0)
    if asks_opinion(question):  # a view or advice asked: no document states one
        return Decision(False, "opinion", 0.0)
    years = absent_years(question, evidence)
    if years:
        return Decision(False, "period", 0.0, ", ".join(years))
    # a Chinese report's other quarter, an English quarterly report's
    uncovered = uncovered_period(question, evidence) or uncovered_filing(question, evidence)
    if uncovered:
        return Decision(False, "period", 0.0, uncovered)
    other = other_subject(question, evidence)
    # "<Competitor>'s share of the category" that a sentence of the report states
    if other and states_of_other(question, evidence, other, question_words(question, evidence)):
        other = ""
    other = other or absent_subject(question, evidence)
    if other:
        return Decision(False, "company", 0.0, other)
    person = missing_person(question, evidence)  # "<姓名>是哪一年出生的？" of others' lives
    if person:
        return Decision(False, "name", 0.0, person)
    return Decision(True)


def gate_vector(
    question: str, evidence: Sequence[Evidence], chosen: Sequence[Candidate], best: float
) -> list[float]:
    """The ``GATE_FEATURES`` of the chosen units (at least one) for the question."""
    ask = make_ask(question, evidence)
    first = chosen[0]
    said = hits(ask, f"{first.passage.section}\n{first.unit.text}")
    said_all = set().union(*(hits(ask, f"{c.passage.section}\n{c.unit.text}") for c in chosen))
    words = question_words(question, evidence)
    in_first = _uses(words, said, first)
    in_all = {k for c in chosen for k in _uses(words, said_all, c)}
    info = {k: information(w) for k, w in words.items()}
    left = [info[k] for k in words if k not in in_first]
    left_all = [info[k] for k in words if k not in in_all]
    used = [info[k] for k in words if k in in_first]
    named = asked_names(question) & set(words)
    asked = focus(question)
    kinds = asked_kinds(core_question(question))
    total_info = sum(info.values()) or 1.0
    focus_in = not asked or asked in in_first
    return [
        sum(ask.weights.get(k, 0.0) for k in said) / ask.total,
        sum(ask.weights.get(k, 0.0) for k in said_all) / ask.total,
        max(left, default=0.0),
        max(left_all, default=0.0),
        sum(left) / total_info,
        sum(used) / len(used) if used else 0.0,
        1.0 if named - in_first else 0.0,
        1.0 if focus_in else 0.0,
        1.0 if focus_in and not (named - in_first) else 0.0,
        1.0 if not kinds or any(holds(k, first.unit.text, question) for k in kinds) else 0.0,
        best,
        math.log(1 + len(words)),
        1.0 if first.unit.kind == "row" else 0.0,
        1.0 if about_document(question, evidence) else 0.0,
    ]


def _uses(words: dict[str, str], said: set[str], c: Candidate) -> set[str]:
    """The question words (stems) a unit and its section use: matched by the selector's
    ``hits``, or written there (a Chinese word inside a longer one)."""
    text = f"{c.passage.section}\n{c.unit.text}".lower()
    return {k for k, w in words.items() if k in said or (HAN_RE.search(w) and w in text)}


def decide(
    question: str,
    evidence: Sequence[Evidence],
    chosen: Sequence[Candidate],
    best: float,
    lead: Candidate | None = None,
) -> Decision:
    """Does the best evidence answer the question (``chosen``: the judge's units;
    ``lead``: the unit the answer is written from, when another than the first)?"""
    if not chosen:
        return Decision(False, "evidence", 0.0)
    if defined(question, lead or chosen[0], evidence):
        return Decision(True)  # "What does X stand for?": the unit defining X answers it
    # "体长" asked, "身长……公尺" said: the attribute in other words (``attribute_said``)
    stated = stated_of_subject(question, chosen[0])
    if rows_miss_metric(question, chosen) or (
        not stated and _name_only(question, evidence, chosen, lead)
    ):
        return Decision(False, "evidence", 0.0)
    said = [(c.unit.text, f"{c.passage.section}\n{c.passage.text[: c.unit.start]}") for c in chosen]
    if unheld_attribute(question, said):
        return Decision(False, "evidence", 0.0)  # a capital asked, and no city said
    name = subject(question)
    if name and another_thing(name, chosen[0].passage, chosen[0].unit):
        return Decision(False, "evidence", 0.0)  # "磷酸" asked, "次磷酸" said
    p = gate().probability(gate_vector(question, evidence, chosen, best))
    if stated or names_role(question, [c.unit.text for c in chosen]):
        # "公司负责人是谁？" of "公司负责人刘道骐、…": the field names the very role asked,
        # however everyday the question's words (``agent/role_field.py``)
        return Decision(True, "", max(p, gate().threshold))
    doubtful = gate().threshold <= p < _DOUBTFUL
    if doubtful and everyday_unheld(question, question_words(question, evidence), chosen):
        return Decision(False, "evidence", p)
    return Decision(p >= gate().threshold, "" if p >= gate().threshold else "evidence", p)


def _name_only(
    question: str,
    evidence: Sequence[Evidence],
    chosen: Sequence[Candidate],
    lead: Candidate | None = None,
) -> bool:
    """The first unit uses the names asked of but nothing else the question asks
    (``linked.py``), nor does the unit the answer leads with: a table row naming a
    venture alone ranks first, the sentence naming the partner asked of it leads."""
    words = question_words(question, evidence)
    named = asked_names(question) & set(words)
    units = [chosen[0]] if lead is None or lead is chosen[0] else [chosen[0], lead]
    if _owner_linked(question, evidence, units):
        return False
    return all(
        unlinked(question, words, named, f"{c.passage.section}\n{c.unit.text}") for c in units
    )


def _owner_linked(question: str, evidence: Sequence[Evidence], units: Sequence[Candidate]) -> bool:
    """The question asks the name's relation to the report's own company ("Who owns the
    arena together with <Owner>?"), and a unit speaks of that company ("The Company and
    <Partner> each own …"): the relation is said, not the name alone."""
    own = own_stems(question, evidence)
    if not any(stem(t) in own for t in key_terms(core_question(question))):
        return False
    return any(owner_said([t.lower() for t in WORD.findall(c.unit.text)], own) for c in units)


# A doubtful pass of the gate for a Chinese question of everyday words is refused when no
# chosen unit holds the kind asked (``everyday_unheld.py``): a document's own question may be
# put in everyday words, and its answer give the reason without a connective; the gate is
# surest of those (0.9 and up), never so of world knowledge.
_DOUBTFUL = 0.9


def nearest_named(
    question: str, evidence: Sequence[Evidence], c: Candidate | None
) -> Candidate | None:
    """The judge's first-ranked unit of a refusal, when it uses every name the question is
    asked of (a country, a person): worth pointing to as what the documents say nearest.
    Without a name asked of, the nearest unit only shares words, and is not shown."""
    if c is None:
        return None
    words = question_words(question, evidence)
    named = asked_names(question) & set(words)
    if not named:
        return None
    said = hits(make_ask(question, evidence), f"{c.passage.section}\n{c.unit.text}")
    return c if named <= _uses(words, said, c) else None
