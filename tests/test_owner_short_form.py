"""A question naming the report's company by a short form of its name ("MGM" of a scope
whose name is stored run together as "mgmresort", "PEP" of "pepsico") is about the
document: the gate neither reads the short form as another name the answer leaves out
nor as a question of nothing in particular. Invented scope."""

from __future__ import annotations

from agent.evidence import Evidence, Passage, units
from agent.models.answerability import GATE_FEATURES, _name_only, gate_vector
from agent.models.candidates import Candidate
from agent.models.question_words import about_document
from agent.own_name import own_name_words

TEXT = (
    "The increase in corporate and other revenue in the six months was primarily due to "
    "the acquisition of an online gaming operator in September."
)


def _scope() -> list[Evidence]:
    p = Passage(chunk_id="m#1", doc_id="m", page=30, page_end=30, text=TEXT, rank=1, score=1.0)
    df = {"increase": 3, "corporate": 2, "revenue": 9, "drove": 1, "mgm": 5}
    return [
        Evidence(
            tool="search", query="q", passages=[p], term_df=df, scope_chunks=40, names=["mgmresort"]
        )
    ]


def test_a_short_form_inside_the_scopes_name_names_the_document() -> None:
    scope = _scope()
    assert about_document("What drove the increase in MGM's corporate revenue?", scope)
    assert not about_document("What drove the increase in Wynn's corporate revenue?", scope)


def test_the_owners_short_form_is_no_name_the_answer_leaves_out() -> None:
    scope = _scope()
    p = scope[0].passages[0]
    c = Candidate(passage=p, unit=units(p.text)[0], score=0.8, matched=frozenset(), order=0)
    q = "What drove the increase in MGM's corporate and other revenue?"
    vector = dict(zip(GATE_FEATURES, gate_vector(q, scope, [c], 0.8), strict=True))
    assert vector["name_gap"] == 0.0 and vector["about_document"] == 1.0


def test_an_initialism_of_a_repeated_name_word_names_the_owner() -> None:
    # "Johnson & Johnson": the scope's names hold the word once
    scope = ["earn", "johnson"]
    assert own_name_words("What drove JnJ's growth in FY2022?", scope) == {"jnj"}
    assert own_name_words("What did JNJ sell?", scope) == {"jnj"}
    # letters of no name word, or not from its first, are another's
    assert not own_name_words("What does DSD stand for?", ["dat", "pepsico"])
    assert not own_name_words("What was EPS in FY22?", scope)


def test_a_relation_to_the_owner_is_said_where_the_unit_speaks_of_the_company() -> None:
    # "together with <Owner>" asks the name's relation to the report's company, which
    # the unit states as "The Company and … each own"
    text = (
        "The Company and a subsidiary of Kestrel Group each own 42.5% of the entity "
        "which owns the Harbor Arena, and another investor owns the remaining 15%."
    )
    p = Passage(chunk_id="m#2", doc_id="m", page=63, page_end=63, text=text, rank=1, score=1.0)
    scope = [
        Evidence(
            tool="search",
            query="q",
            passages=[p],
            term_df={"own": 3, "harbor": 2, "arena": 2, "together": 1, "mgm": 5},
            scope_chunks=40,
            names=["mgmresort"],
        )
    ]
    c = Candidate(passage=p, unit=units(text)[0], score=0.9, matched=frozenset(), order=0)
    q = "Who owns the Harbor Arena together with MGM Resorts?"
    assert not _name_only(q, scope, [c], c)
