"""A term's meaning asked: answered only by a unit that defines the term.

"What is a tariff?", "What does LIBOR stand for?", "How does <Company> define free cash
flow?" ask what a term means. A filing uses its terms everywhere ("higher tariffs", "Free
cash flow … was $7,157 million") and defines few of them; a unit that only uses the term
shares the question's one word and says nothing of its meaning, so the gate (which weighs
shared words) passes it. The term is defined where a unit opens with it and goes on with
a defining verb ("X is defined as", "X means", "X: …" in a glossary), names something by
it ("… referred to as X", "We define X as"), or, for an abbreviation, spells it out
("London Interbank Offered Rate (“LIBOR”)"). With such a unit the answer leads with it;
without one the documents do not say what the term means, whatever else they say of it.
A definition asked of a company ("How does <Other> define …?") is answered only by a
unit naming that company, unless it is the report's own. The words are data
(``pipeline/text/data/lexicon/definitions.json``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from agent.answer_kinds import asked_kinds
from agent.evidence import Evidence
from agent.models.candidates import Candidate
from agent.scope import stem
from pipeline.knowledge.patterns.en import acronym_expansion
from pipeline.text.lexicon import alternation
from pipeline.text.script import HAN_RE

_Q_OPEN, _Q_CLOSE = "“\"‘'", "”\"’'"
_TERM = r"(?P<t>[^?]{2,60}?)"
_DEFINER = r"(?P<n>[^?]{2,60}?)"
_END = r"\s*[?.]?\s*$"
_DOES = r"(?:does|do|did)"
# what a term asked may not be: a possessive or an "of" phrase asks a fact of something
# ("What is Adobe's revenue?", "What is the capital of …"), a trailing preposition a
# property ("What is talc made of?"), a preposition of topic anywhere a question about
# something ("What is said about fuel costs?")
_NOT_TERM = re.compile(
    r"['’]s\b|s['’](?=\s|$)|\b(?:of|about|regarding|concerning|behind|between|during)\b"
    r"|\b(?:made|used|for|in|on|at|to|by|from|with)$",
    re.I,
)


@dataclass(frozen=True)
class Asked:
    """The term whose meaning is asked, and the company asked to define it ("" when none)."""

    term: str
    definer: str = ""


@cache
def _asking() -> tuple[re.Pattern[str], ...]:
    after = alternation("definitions.asking_en.after_term", space=r"\s+")
    before = alternation("definitions.asking_en.before_term", space=r"\s+")
    nouns = alternation("definitions.asking_en.nouns")
    return (
        re.compile(
            rf"^\W*what\s+(?:does|do|did)\s+{_DEFINER}\s+(?:{before})\s+{_TERM}{_END}", re.I
        ),
        re.compile(rf"^\W*how\s+(?:does|do|did)\s+{_DEFINER}\s+(?:{before})\s+{_TERM}{_END}", re.I),
        re.compile(
            rf"^\W*what\s+(?:does|do|did)\s+(?:the\s+)?{_TERM}\s+(?:{after})"
            rf"(?:\s+(?:in|at|for)\s+[^?]{{1,60}})?{_END}",
            re.I,
        ),
        re.compile(
            rf"^\W*(?:what\s+is\s+)?(?:the\s+)?(?:{nouns})\s+of\s+(?:an?\s+|the\s+)?{_TERM}{_END}",
            re.I,
        ),
    )


# "What is a tariff?", "What is EBITDA?": a term without "the" ("What is the current ratio?"
# asks its figure, "What are the main risks?" a list)
_WHAT_IS = re.compile(rf"^\W*what\s+(?:is|are)\s+(?!the\b)(?:an?\s+)?{_TERM}{_END}", re.I)


def asked_term(question: str) -> Asked | None:
    """The term whose meaning an English question asks, with the company asked to define
    it; None for any other question (a figure or a fact asked of a thing)."""
    if HAN_RE.search(question):
        return None
    for pattern in (*_asking(), _WHAT_IS):
        m = pattern.match(question.strip())
        if m is None:
            continue
        raw = m.group("t")
        term = _Q_STRIP.sub("", raw).strip()
        definer = m.group("n").strip() if "n" in m.groupdict() and m.group("n") else ""
        if not term or _NOT_TERM.search(raw) or any(c.isdigit() for c in term):
            return None  # a fact of a thing, or of a period ("net income in 2022")
        # "What is revenue?" of a figure's name asks its meaning only when it names no
        # period or company: "What is net income for 2022?" asks the figure
        if pattern is _WHAT_IS and asked_kinds(question) - {"definition"}:
            return None
        return Asked(term, re.sub(r"^the\s+", "", definer, flags=re.I))
    return None


_Q_STRIP = re.compile(rf"[{_Q_OPEN}{_Q_CLOSE}]")


def _term_pattern(term: str) -> str:
    """The term as written, any spacing or hyphen between its words, a plural allowed."""
    words = [re.escape(w) for w in re.split(r"[\s-]+", term) if w]
    return r"[\s-]+".join(words) + r"(?:e?s)?"


@cache
def _verbs() -> str:
    return alternation("definitions.defining_verbs_en", space=r"\s+")


@cache
def _naming() -> str:
    return alternation("definitions.naming_en", space=r"\s+")


def defines(term: str, text: str) -> bool:
    """Does the text say what the term means: open with it and go on with a defining verb
    or a glossary's colon, name a thing by it ("referred to as X", "we define X as"), or
    spell out the abbreviation ("London Interbank Offered Rate (“LIBOR”)")?"""
    return _strength(term, text) > 0


def _strength(term: str, text: str) -> int:
    """2: the text defines the term itself (it opens with the term and a defining verb or
    a glossary's colon, defines it "as", or spells out the abbreviation); 1: it only names
    a thing by the term ("referred to as X"); 0: it does not define it."""
    t = _term_pattern(term)
    q_open, q_close = f"[{_Q_OPEN}]?", f"[{_Q_CLOSE}]?"
    opening = rf"(?:^|[.;:•]\s+|\n)\W*(?:the\s+|an?\s+)?{q_open}{t}{q_close}"
    aside = r"(?:\s*\([^)]{1,60}\))?,?"
    full = (
        rf"{opening}{aside}\s*(?:[:—–]|\s-\s)\s*\w",  # a glossary's entry
        rf"{opening}{aside}\s+(?:{_verbs()})\b",
        rf"\bdefines?d?\s+(?:the\s+)?{q_open}{t}{q_close}\s*(?:,[^,]{{1,60}},\s*)?as\b",
        rf"{q_open}{t}{q_close}\s+(?:is|are)\s+(?:\w+\s+){{0,3}}defined\s+as\b",
    )
    if any(re.search(p, text, re.I) for p in full):
        return 2
    if term.isupper() and _spelled_out(term, text):
        return 2
    naming = rf"\b(?:{_naming()})\s+(?:the\s+)?{q_open}{t}{q_close}"
    if re.search(naming, text, re.I):
        return 1
    return 1 if _is_name(term) and _described(t, text) else 0


def _is_name(term: str) -> bool:
    """A proper name ("Vaxiflu", "Contoso Care"), not an abbreviation (spelled out above)
    nor a common term ("tariff", "free cash flow"): "What is <name>?" asks what the thing
    named is, and a filing says that by a class noun beside the name."""
    return term[:1].isupper() and not term.isupper()


def _described(t: str, text: str) -> bool:
    """The name set beside a class noun: "sells the vaccine Vaxiflu", "Vaxiflu, our
    vaccine". Case-sensitive, so the class noun is a lower-case word, never another name."""
    before = rf"\b(?:[Tt]he|[Oo]ur|[Ii]ts|[Aa]n?)\s+(?:[a-z][\w-]*\s+){{1,3}}{t}\b"
    after = rf"\b{t},\s+(?:the|our|its|an?)\s+[a-z]"
    return bool(re.search(before, text) or re.search(after, text))


def _spelled_out(acronym: str, text: str) -> bool:
    """The abbreviation in brackets after the words it abbreviates."""
    inside = rf"\(\s*(?:the\s+)?[{_Q_OPEN}]?{re.escape(acronym)}[{_Q_CLOSE}]?\s*\)"
    # "Direct-Store-Delivery (DSD)": each hyphened part is a word of the abbreviation
    before = text.replace("-", " ")
    return any(acronym_expansion(before[: m.start()], acronym) for m in re.finditer(inside, text))


def _own(definer: str, evidence: Sequence[Evidence]) -> bool:
    """Is the company asked to define the term the report's own (or the document)?"""
    own = {stem(w) for ev in evidence for w in (*ev.owner, *ev.names)}
    words = [stem(w) for w in re.findall(r"[^\W\d_][\w&.-]*", definer) if w[:1].isupper()]
    return not words or any(w in own for w in words)


def definition_of(asked: Asked, text: str, evidence: Sequence[Evidence]) -> int:
    """How well the text defines the term asked (``_strength``), 0 when another company is
    asked to define it and the text does not name that company."""
    other = asked.definer and not _own(asked.definer, evidence)
    if other and asked.definer.lower() not in text.lower():
        return 0
    return _strength(asked.term, text)


def defining_unit(
    question: str, found: Sequence[Candidate], evidence: Sequence[Evidence]
) -> Candidate | None:
    """For a definition asked, the unit that defines the term best (a glossary entry or
    "X is defined as" before "referred to as X"), the best-ranked of those; else None."""
    asked = asked_term(question)
    if asked is None:
        return None
    scored = [(definition_of(asked, c.unit.text, evidence), c) for c in found]
    best = max((s for s, _ in scored), default=0)
    return next((c for s, c in scored if s == best), None) if best else None


def defined(question: str, c: Candidate, evidence: Sequence[Evidence]) -> bool:
    """A definition asked, and the unit gives it."""
    asked = asked_term(question)
    return asked is not None and definition_of(asked, c.unit.text, evidence) > 0


def undefined(question: str, texts: Sequence[str], evidence: Sequence[Evidence]) -> bool:
    """A definition asked, and none of the texts (an answer's lead and quotes) gives it."""
    asked = asked_term(question)
    return asked is not None and not any(definition_of(asked, t, evidence) for t in texts)
