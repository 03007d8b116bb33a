"""A yes/no answer leads with the sentence that decides it, not the one sharing its names.

"Is <Company> still selling <Product>?" shares its rare words with the sentence that opens
the note on <Product>'s lawsuits ("A number of lawsuits … the ingestion of <Product>"),
which the selector ranks first; what decides it is a sentence of the same story that holds
the question's predicate as well ("<Company> has not sold <Product> since 2006"), often in
another form of the verb. So when the first unit leaves out a topic word of the question
(``sections.topic_terms``, irregular verb forms read as their base: ``lexicon/
verb_forms.json``), the sentence of its story (its passage from it on, and the chunks
shortly after of its section that the turn holds: ``status_lead.told_on``) that holds the
words it leaves out, and the most of the question besides, leads; the first stays among
the quotes. A question asking an expected move is led by the quote saying its subject's
expected move (``expected_move.py``). ``compose.written`` then reads the verdict from that sentence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from agent.evidence import Evidence, Passage, Unit, units
from agent.models.candidates import Candidate
from agent.models.expected_move import move_words
from agent.models.expected_move import verdict as expected_verdict
from agent.models.reversal import outcome_met
from agent.models.status_lead import told_on
from agent.own_name import own_name_words
from agent.topic_terms import deciding, meets, section_words, topic_terms
from pipeline.text.lexicon import keys, words

_WORD = re.compile(r"[A-Za-z]+")


@cache
def _yes_no() -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{v})" for v in section_words()["yes_no"].values()), re.I)


def _asks_verdict(question: str) -> bool:
    """ "Is …?", "Has …?", "…吗？": the pattern ``sections.asks_yes_no`` reads too."""
    return _yes_no().search(question) is not None


@cache
def _bases() -> dict[str, str]:
    """Each irregular form → its verb's base form ("sold" → "sell")."""
    return {f: base for base in keys("verb_forms.past") for f in words(f"verb_forms.past.{base}")}


def terms(text: str, ignore: Sequence[str] = ()) -> frozenset[str]:
    """The topic words of a text, an irregular verb form read as its base."""
    bases = _bases()
    said = _WORD.sub(lambda m: bases.get(m.group(0).lower(), m.group(0)), text)
    return topic_terms(said, ignore=ignore)


def verdict_first(
    question: str, chosen: list[Candidate], evidence: Sequence[Evidence]
) -> list[Candidate]:
    """``chosen`` led by the sentence of the first unit's story (or the chosen quote)
    holding the question's topic words the first leaves out, when the question asks a
    verdict; unchanged when the first holds them all or nothing does (nothing chosen is
    dropped)."""
    if not chosen or not _asks_verdict(question):
        return chosen
    first = chosen[0]
    if first.unit.kind != "sentence":
        return chosen  # a row's verdict is its figures' (the figure strategies), no story's
    # a qualifier asked ("AGM") need not be said, nor the company's own name: a row
    # naming the company ("Net loss attributable to <Company>") says nothing of the topic
    scope = [w for e in evidence for w in (*e.owner, *e.names)]
    asked = deciding(terms(question, scope)) - own_name_words(question, scope)
    outlook = _outlook_first(question, chosen, asked, evidence)
    if outlook is not None:
        return outlook
    missing = asked - _held(asked, first.unit.text)
    if not missing or missing == asked:
        return chosen
    best: tuple[int, Passage, Unit] | None = None
    for p, u in _story(first, evidence):
        held = _held(asked, u.text)
        if missing <= held and (best is None or len(held) > best[0]):
            best = (len(held), p, u)
    quoted = _deciding_quote(asked, missing, chosen[1:], best[0] if best else 0)
    if quoted is not None:  # already chosen: it leads, and is not quoted twice
        return [quoted, *(c for c in chosen if c is not quoted)]
    if best is None:
        return chosen
    return [replace(first, passage=best[1], unit=best[2]), *chosen]


def _outlook_first(
    question: str, chosen: list[Candidate], asked: frozenset[str], evidence: Sequence[Evidence]
) -> list[Candidate] | None:
    """A question asking an expected move ("expected to ease in 2023?") is decided by the
    chosen quote saying the move its subject is expected to make ("… which we expect to
    continue in 2023"), or the sentence of the first's story saying it, which leads when the
    first says none; None when none does."""
    if expected_verdict(question, chosen[0].unit.text) is not None:
        return None
    subject = asked - terms(" ".join(move_words(question)))

    def says(text: str) -> bool:  # the subject's expected move, the subject all but one word
        short = subject - _held(subject, text)
        fits = len(short) <= (1 if len(subject) >= 3 else 0)
        return fits and expected_verdict(question, text) is not None

    for c in chosen[1:]:
        if c.unit.kind == "sentence" and says(c.unit.text):
            return [c, *(x for x in chosen if x is not c)]
    first = chosen[0]
    told = next(((p, u) for p, u in _story(first, evidence) if says(u.text)), None)
    if told is None:
        return None
    return [replace(first, passage=told[0], unit=told[1]), *chosen]


def _deciding_quote(
    asked: frozenset[str], missing: frozenset[str], quotes: Sequence[Candidate], beat: int
) -> Candidate | None:
    """The chosen quote holding the words the first leaves out and more of the question
    than any sentence of its story: a vote's outcome printed as a table's row ("(6) The
    shareholder proposal regarding … was defeated:") lies past the story's few chunks."""
    best: tuple[int, Candidate] | None = None
    for c in quotes:
        held = _held(asked, c.unit.text)
        if missing <= held and len(held) > (best[0] if best else beat):
            best = (len(held), c)
    return best[1] if best else None


def _held(asked: frozenset[str], text: str) -> frozenset[str]:
    """The asked words a sentence holds, an asked outcome ("approved") among them when it
    says the outcome in its own word ("was defeated": ``reversal.outcome_met``)."""
    return meets(asked, terms(text)) | outcome_met(asked, text)


def _story(first: Candidate, evidence: Sequence[Evidence]) -> list[tuple[Passage, Unit]]:
    """The sentences after the first unit in its passage, then those of the chunks shortly
    after of its section that the turn holds, in reading order."""
    out = [
        (first.passage, u)
        for u in units(first.passage.text)
        if u.kind == "sentence" and u.start > first.unit.start
    ]
    for p in told_on(first.passage, evidence):
        out += [(p, u) for u in units(p.text) if u.kind == "sentence"]
    return out
