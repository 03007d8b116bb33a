"""A state of incorporation is no company: "a Vermont corporation", or a subsidiaries list
whose next line names another company, does not make "Vermont" one, so "the capital of
Vermont" is not refused as another company's report. A name written with its legal form
still is a company. Invented text only."""

from __future__ import annotations

from agent.evidence import Evidence
from agent.models.other_company import _incorporated, other_subject
from tests.scopekit import owned_scope

TEXT = (
    "Brenmoor Glassworks is a Vermont corporation. We compete with Kestrel Optics Inc.\n"
    "Subsidiaries:\nBrenmoor Holdings, Inc.  Vermont\nKestrel Property Co.  Vermont\n"
)


def _scope() -> list[Evidence]:
    terms = {w.lower(): 1 for w in ("brenmoor", "vermont", "kestrel", "optics", "capital", "com")}
    return owned_scope(TEXT, term_df=terms)


def test_a_state_of_incorporation_is_no_company() -> None:
    ev = _scope()
    assert not _incorporated("Vermont", ev)
    assert other_subject("What is the capital of Vermont?", ev) == ""


def test_a_name_with_its_legal_form_is_a_company() -> None:
    ev = _scope()
    assert _incorporated("Kestrel Optics", ev)
    assert other_subject("Who is the chief executive of Kestrel Optics?", ev) == "Kestrel Optics"
    # a web name in lower case is a company's too
    assert other_subject("Who is the chief executive officer of kestrel.com?", ev) == "kestrel.com"


def test_a_place_before_an_article_or_ending_another_firms_name_is_no_company() -> None:
    text = (
        "Demand depends on visitors to Tarsova, the desirability of its resorts and the "
        "concession held by Sociedade de Jogos de Tarsova, S.A. until 2022."
    )
    terms = {w: 1 for w in ("brenmoor", "tarsova", "popul", "sociedad", "jogo")}
    ev = owned_scope(text, term_df=terms)
    assert not _incorporated("Tarsova", ev)
    assert other_subject("What is the population of Tarsova?", ev) == ""
    # the firm whose name ends with the place is one
    assert _incorporated("Sociedade de Jogos de Tarsova", ev)
