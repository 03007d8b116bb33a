"""Another company's fact that the report itself states.

A filing names other companies as competitors, partners, buyers and targets, and now and
then states a fact of one ("we and <Competitor> represented approximately 22% and 19% of
the category", "we sold <Brand> to <Buyer>"). The other-company rule
(``other_company.py``) refuses "<Other>'s revenue" because the report would answer with its
own figures; when one sentence of the scope writes the other company together with what
the question asks of it, the report does state it, and the gate decides as for any
question. A sentence that only names the company beside one of the question's words
("the gross profit split with <Partner>" for "<Partner>'s net profit") states nothing of it,
and an office asked of it ("<Other>'s chief executive") is never lifted: the filing's
officers' biographies write offices beside the firms they served. A "who" asking no office
("Who owns the other half of <Venture>?") is answered by a firm or a person, and a word
a synonym rule covers is said in any of its wordings ("half": "50%").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from agent.answer_kinds import Kind, asked_kinds, holds
from agent.entities import find
from agent.evidence import Evidence, units
from agent.models.features import hits, make_ask
from agent.models.holder import title
from agent.rewrite import core_question
from agent.scope import stem
from pipeline.text.script import LATIN_LETTERS
from pipeline.text.segment import words as split_words

# the asked words a sentence may leave out and still state the fact: one in three ("big"
# and "share" of "represented 19% of the category"), none of fewer than three
SLACK = 3
_PIECE = re.compile(rf"[{LATIN_LETTERS}0-9]+")  # "Nestlé" whole, its accent kept


def states_of_other(
    question: str, evidence: Sequence[Evidence], name: str, words: Mapping[str, str]
) -> bool:
    """Does one sentence or row of the scope write the company ``name`` together with the
    question's other content words (``words``: stem → word, the question's content words),
    all of them or all but one in three, and the kind of thing asked (a figure, a
    person, a firm)?"""
    pieces = {stem(w) for w in _PIECE.findall(name)}
    asked = {k for k in words if k not in pieces}
    if not asked:
        return False
    slack = len(asked) // SLACK
    core = core_question(question)
    kinds = asked_kinds(core)
    if "person" in kinds and title(question):
        # officers' biographies name the firms they served ("Chief Customer Officer for
        # <Retailer>"): an office beside another company's name is the filing's own man's
        return False
    ask = make_ask(question, evidence)
    for ev in evidence:
        for p in ev.passages:
            for u in units(p.text):
                # "coca-cola" is one word to the splitter, two to the name's pieces; a word
                # a synonym rule covers is said in any of its wordings ("half": "50%")
                said = {stem(w) for w in (*split_words(u.text), *_PIECE.findall(u.text))}
                said |= hits(ask, u.text)
                # a verb's final e goes before -ed and -ing, and the stem keeps what is left
                # ("filed": "fil"; "file": "file")
                said |= {f"{w}e" for w in said}
                if not pieces <= said or len(asked - said) > slack:
                    continue
                if not kinds or any(_holds(k, u.text, question) for k in kinds):
                    return True
    return False


def _holds(kind: Kind, text: str, question: str) -> bool:
    """The unit holds the kind asked; a "who" that asks no office (an owner, a buyer, a
    partner) is answered by a firm as well as by a person."""
    if kind == "person" and find("organisation", text, question) is not None:
        return True
    return holds(kind, text, question)
