"""What a cause's sentence explains when its subject does not say it, and which cause a
question asking what held a figure back wants.

A discussion names its item and move once, then gives the causes in sentences of their
own: "Pharmaceutical worldwide sales grew 3.9%. Growth was driven by DARZALEX … Growth was
partially offset by ZYTIGA …", "Consolidated operating income was $1.4 billion …, a
decrease of 37%. The current year period benefited from …, partially offset by an increase
in general and administrative expense". A subject of only a move and how much it explains
("Growth was partially") leans on the sentences before it, as one opening with a leaning
word does ("This rate increase was due to …"); a subject naming no line item of its own
after a sentence stating a move without a cause goes on with that move.

"What held back …", "Which products weighed on …" ask for the cause set against the move
("… partially offset by …") or the cause of a decline, before the cause of a growth.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from agent.figures.items import asked_items
from agent.rewrite import content_terms
from agent.scope import stem, word_set
from pipeline.text.lexicon import alternation, words

MAX_LEADS = 2  # sentences a leaning one is read with: the move's own and one cause before


@cache
def _moved() -> tuple[str, ...]:
    return words("change_words.stems_moved")


@cache
def _leaning() -> frozenset[str]:
    """A sentence's first words that lean on the one before ("This", "These", "Such")."""
    return frozenset(w for w in words("sentence_openers.leaning.en") if " " not in w)


@cache
def _degree() -> frozenset[str]:
    return frozenset(w for w in words("change_words.cause_degree") if " " not in w)


@cache
def _held_back() -> re.Pattern[str]:
    return re.compile(rf"\b(?:{alternation('change_words.held_back_asks')})\b", re.I)


@cache
def _set_against() -> re.Pattern[str]:
    return re.compile(rf"\b(?:{alternation('change_words.held_back_marks')})\b", re.I)


_DECLINE = ("decreas", "declin", "fall", "fell", "drop")  # of ``stems_moved``


def a_move(s: str) -> bool:
    return any(s.startswith(m) for m in _moved())


def leans_back(subject: str) -> bool:
    """Does the subject name its move by the sentence before ("The increase was", "This
    rate increase was", "Growth was partially"): it opens with a leaning word, or "the" and
    the move itself, which names no item of its own ("The decrease in the number of shares
    was due to …" does), or it says nothing but a move and how much of it is explained?"""
    first = re.findall(r"[a-z]+", subject.lower())[:3]
    if not first:
        return False
    if first[0] in _leaning():
        return True
    if first[0] == "the" and len(first) > 1 and a_move(stem(first[1])):
        return first[2:3] not in (["in"], ["of"])
    terms = content_terms(subject)
    return bool(terms) and all(a_move(stem(t)) or t.lower() in _degree() for t in terms)


def leads(subjects: Sequence[str], caused: Sequence[bool], i: int) -> tuple[int, ...]:
    """The sentences before the ``i``-th (by index, earliest first) that its subject leans
    on or goes on from; ``subjects`` are the sentences' words before their cause (the whole
    sentence when it gives none), ``caused`` whether each gives one."""
    if i == 0:
        return ()
    if leans_back(subjects[i]):
        chain = [i - 1]
        # the sentence before leans too ("Growth was driven by …" after "… grew 6.2%")
        while len(chain) < MAX_LEADS and chain[0] > 0 and leans_back(subjects[chain[0]]):
            chain.insert(0, chain[0] - 1)
        return tuple(chain)
    prior = subjects[i - 1]
    states_move = not caused[i - 1] and any(a_move(s) for s in word_set(prior))
    return (i - 1,) if states_move and not _own_item(subjects[i]) else ()


def _own_item(subject: str) -> bool:
    """Does the subject name an item of its own: a line item ("Cost of sales increased"),
    or the move of something it names ("The decrease in the number of shares was")?"""
    first = re.findall(r"[a-z]+", subject.lower())[:3]
    if first[:1] == ["the"]:
        first = first[1:]
    moved = len(first) > 1 and a_move(stem(first[0])) and first[1] in ("in", "of")
    return moved or bool(asked_items(subject))


def asks_held_back(question: str) -> bool:
    """Does the question ask what held a figure back ("What held back …", "weighed on")?"""
    return _held_back().search(question) is not None


def held_back_words(question: str) -> list[str]:
    """The words a keyword search adds for a question asking what held a figure back: a
    report says what offset its move."""
    return list(words("change_words.held_back_marks")) if asks_held_back(question) else []


def set_against(sentence: str, subject: str) -> bool:
    """Is the sentence's cause set against its move ("… partially offset by …") or the
    cause of a decline ("Operating profit decreased 4.5%, primarily reflecting …")?"""
    if _set_against().search(sentence[len(subject) :]):
        return True
    return any(s.startswith(_DECLINE) for s in word_set(subject))
