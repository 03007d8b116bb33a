"""What a figure question asks to compute: a metric's formula ("gross margin"), a formula
the question defines itself, one figure as a percent of another ("SG&A as a percentage of
net sales", "销售费用占营业收入的比例"), or one line item read from its cell."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from agent.figures.conventions import on_stated_balance
from agent.figures.formula import defined_formula, parse
from agent.figures.glosses import glossed, unglossed
from agent.figures.items import asked_items, norm
from agent.figures.ratios import PERCENT, operands, quotient, worded
from agent.figures.stated_terms import stated_term, with_stated, without_statement
from agent.figures.verdicts import judgement, measure_name
from pipeline.text.finance import Judgement, Metric, vocabulary
from pipeline.text.script import HAN_RE

_PRONOUNS = frozenset({"it", "this", "that", "which", "they", "these"})
_WHAT = re.compile(
    r"\bwhat (?:is|was|are|were) (?:the )?(?:[\w.&-]+['’]s )?(?:fy\s?\d{2,4} )?"
    r"([\w &%-]{3,50}?)\s*\?",
    re.I,
)


@dataclass(frozen=True)
class Ask:
    name: str  # how the answer names what is computed
    formula: ast.expr
    percent: bool
    single: bool  # a line item read from its cell, not computed
    judged: Judgement | None = None  # the judgement the figure decides ("high growth?")
    bound: str = ""  # the values that make sense (``Metric.bound``: "share", "days", …)
    also: tuple[str, ast.expr] | None = None  # the figure by another convention (``Metric.also``)


def what_is_asked(question: str) -> Ask | None:
    """What the question asks to compute (``_computed``), with the judgement it decides;
    for a judgement alone ("Is X capital-intensive?"), the figure deciding it."""
    ask = _computed(question)
    ask = on_stated_balance(ask, question) if ask is not None else None
    judged = judgement(question, ask.formula if ask else None)
    if judged is None:
        return ask
    if ask is not None:
        return Ask(ask.name, ask.formula, ask.percent, ask.single, judged, ask.bound)
    node = parse(judged.formula)
    name = measure_name(judged, question)
    return Ask(name, node, judged.percent, isinstance(node, ast.Name), judged)


def _computed(question: str) -> Ask | None:
    """What ``_as_asked`` reads, with a measure the question says how to take ("taking
    A plus B as EBIT", ``stated_terms``) worked that way wherever the metric uses it."""
    stated = stated_term(question)
    if stated is None:
        return _as_asked(question)
    ask = _as_asked(without_statement(question, stated))
    node = with_stated(ask.formula, stated) if ask is not None else None
    if ask is None or node is None:
        return ask
    return Ask(ask.name, node, ask.percent, False, bound=ask.bound)


def _as_asked(question: str) -> Ask | None:
    """The longest metric the question names (or the formula it defines), else the one
    line item it names; None when it names neither, or several items. A metric named
    outside a bracketed gloss of its working is read without the gloss (``glosses``)."""
    defined = defined_formula(question)
    metric = _named_metric(unglossed(question))
    if metric is not None and glossed(question) and not defined:
        question = unglossed(question)
    else:
        metric = _named_metric(question)
    if defined and (metric is None or metric[1].lower() in defined[0].lower()):
        # the term the question defines ("Fixed asset turnover ratio") unless a pronoun
        pronoun = defined[0].lower() in _PRONOUNS
        name = metric[1] if metric and pronoun else _asked_name(question, defined[0])
        return Ask(_name(name), parse(defined[1]), bool(PERCENT.search(question)), False)
    if _adjusted_unknown(question):  # the company's adjusted figure: no row known holds it
        return None
    ratio = quotient(question)
    if ratio is not None:  # the figure asked is A ÷ B; None when A is no figure known
        if not ratio:
            return None
        # a percentage metric the quotient works out ("pretax margin, with income before
        # income taxes over net revenue") is said as that metric, in percent
        named = metric is not None and metric[0].percent
        name = metric[1] if metric is not None and named else ratio.name
        bound = metric[0].bound if metric is not None and named else ""
        return Ask(_name(name), ratio.node, ratio.percent or named, False, bound=bound)
    if metric is not None:
        m, said = metric
        node = parse(m.formula)
        if isinstance(node, ast.Name) or not _reported(question, said):
            also = (m.also[0], parse(m.also[1])) if m.also[1] else None
            single = isinstance(node, ast.Name)
            return Ask(_name(said), node, m.percent, single, bound=m.bound, also=also)
    # named twice, asked once; "每股收益", "earnings per share": a measure rows report
    asked = asked_items(question)
    keys = list(dict.fromkeys(a.item.key for a in asked)) or _stand_in(question.lower())
    if worded(question):  # a quotient of a figure not known is not its other figure
        return None
    if len(keys) == 1:
        key = keys[0]
        return Ask(_name(item_name(key, question)), ast.Name(key), False, True)
    if not keys and top_line(question):  # "how did the X segment perform": its sales
        return Ask(_name(item_name("revenue", question)), ast.Name("revenue"), False, True)
    return None


def _named_metric(question: str) -> tuple[Metric, str] | None:
    """The longest metric with a formula the question names, and how it names it."""
    q = question.lower()
    metric = None
    for m in vocabulary().metrics:
        hit = m.find(q)
        if hit and m.formula and (metric is None or len(hit.group(0)) > len(metric[1])):
            metric = (m, _metric_name(m, question[hit.start() : hit.end()]))
    return metric


def _stand_in(q: str) -> list[str]:
    """The line item read for a measure the question names that has no formula of its own
    but rows reporting it (``Metric.lines``: "earnings per share" is reported as basic and
    diluted): the first of them, said by its own name in the answer, so a question naming
    the measure alone is answered by its primary row, in whatever language it is asked."""
    for m in vocabulary().metrics:
        if m.formula or not m.lines or m.find(q) is None:
            continue
        keys = [a.item.key for line in m.lines for a in asked_items(line)]
        if keys:
            return keys[:1]
    return []


# "adjusted" before a figure's name, not "unadjusted" / "non-adjusted" (normalised text)
_ADJUSTED = re.compile(r"(?<![\w-])(?<!non )adjusted $")


def _adjusted_unknown(question: str) -> bool:
    """Does the question ask for an adjusted figure ("adjusted operating income") that no
    line item of the vocabulary names? The GAAP row or a metric computed from GAAP rows is
    then another figure than the one asked."""
    q = norm(question)
    found = operands(q)
    return any(
        _ADJUSTED.search(q[: o.start])
        and not any(p.start < o.start and p.end >= o.end for p in found)
        for o in found
    )


def _reported(question: str, said: str) -> bool:
    """Does the question name a line item whose name holds the metric's and says more
    ("adjusted EBITDA" holds "EBITDA")? Then it asks for the figure as the company
    reports it, read from its row, never the metric computed from others."""
    q, hit = norm(question), norm(said)
    return any(hit in q[a.start : a.end] and a.end - a.start > len(hit) for a in asked_items(q))


def item_name(key: str, question: str) -> str:
    """A line item as an answer names it: its name in the question's language, never its
    key ("operating_income" is the vocabulary's, not a reader's word)."""
    known = vocabulary().items.get(key)
    names = known.names if known else (key.replace("_", " "),)
    if HAN_RE.search(question):
        return next((n for n in names if HAN_RE.search(n)), names[0])
    return next((n for n in names if n.isascii()), names[0])


def top_line(question: str) -> bool:
    """Does the question ask how something performed, by its top line ("How did the
    Outdoor segment perform in Q2?", "营收表现")?"""
    low = question.lower()
    return any(
        w in low if HAN_RE.search(w) else re.search(rf"\b{re.escape(w)}\b", low)
        for w in vocabulary().top_line
    )


def _asked_name(question: str, term: str) -> str:
    """What a defined formula computes: the defined term, or what the question asks for
    when the definition says "it is defined as"."""
    if term.lower() not in _PRONOUNS:
        return term
    m = _WHAT.search(question)
    return m.group(1) if m else term


def _metric_name(m: Metric, said: str) -> str:
    """A metric as the question writes it ("EBITDA", "return on average equity"); a
    sentence's stretch ("operating income cover its interest expense") is no name: the
    metric's own is ("interest coverage")."""
    if not _SENTENCE.search(said):
        return said
    words = m.key.split("_")
    return " ".join(w.upper() if w in _INITIALS else w for w in words)


# words of a sentence, not of a metric's name ("… cover its interest expense", "share of net
# income … was paid out as dividends")
_SENTENCE = re.compile(r"\b(?:its|their|the|covers?|covered|paid|pays?|was|were|did|went)\b", re.I)
_INITIALS = frozenset({"ebitda", "ebit", "eps", "roe", "roa", "roic", "roce", "fcf"})


def _name(said: str) -> str:
    return said[:1].upper() + said[1:] if said.isascii() and not said.isupper() else said
