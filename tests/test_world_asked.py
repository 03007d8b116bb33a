"""How the world works, asked in a filing's words ("Why do central banks raise interest
rates?"), is answered only where the filing says it of its own company; the same words
asked of the company, or a sentence saying them of "we" and "our", are answered.
Invented report text."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.evidence import Evidence
from agent.models.world_asked import unowned, world_asked
from agent.service import ChatService
from testkit.agentdocs import ingest_text

SCOPE = [Evidence(tool="search", query="q", passages=[], owner=["brenmoor"], names=["brenmoor"])]

WORLD = (
    "Higher inflation in Europe has led central banks to raise interest rates quickly to "
    "dampen inflation, which results in higher interest expense on our variable rate debt."
)
OWN = "We raise prices on our packaging when resin costs rise, passing inflation to customers."


@pytest.mark.parametrize(
    "question",
    [
        "Why do central banks raise interest rates?",
        "How does a pandemic spread?",
        "How does a revolving credit facility differ from a term loan?",
        "What causes inflation?",
        "Why do casinos give customers complimentary rooms?",
        "What is talc made of?",  # what a class is made of or used for
        "What are tariffs used for?",
        "What is the purpose of a tariff?",  # a thing of a class named with its article
    ],
)
def test_a_present_how_or_why_of_a_class_asks_of_the_world(question: str) -> None:
    assert world_asked(question, SCOPE)


@pytest.mark.parametrize(
    "question",
    [
        "Why do Brenmoor's customers return products?",  # a name
        "Why did interest expense rise?",  # a past event: the report's
        "How does the company manage interest rate risk?",  # the document's company
        "How does the fee get calculated?",  # "the": a particular one
        "How do they fund the dividend?",  # a pronoun
        "Why do we pay more interest?",  # the asker's or the writer's
        "Why did rates rise in 2022?",  # a period
        "What is the purpose of the credit facility?",  # "the": the document's own
        "What are the proceeds used for?",
        "What is bottler funding?",  # a term's meaning: ``definition_asked``
        "为什么央行要加息？",  # English questions only
    ],
)
def test_a_question_of_something_particular_is_no_world_question(question: str) -> None:
    assert not world_asked(question, SCOPE)


def test_a_sentence_answers_the_world_only_where_it_speaks_of_the_company() -> None:
    q = "Why do central banks raise interest rates?"
    # "our" comes only after the words asked, where the sentence says "rate" again
    assert unowned(q, [WORLD], SCOPE)
    assert not unowned("Why do packaging makers raise prices?", [OWN], SCOPE)
    named = "Brenmoor raises prices on its packaging when resin costs rise."
    assert not unowned("Why do packaging makers raise prices?", [named], SCOPE)
    # the company beside the words, not where the sentence says them, is not their subject
    beside = "Brenmoor reported that central banks raised interest rates again."
    assert unowned(q, [beside], SCOPE)
    # a text saying none of the words asked speaks of nothing asked
    assert unowned(q, ["Net sales were $3.6 billion."], SCOPE)


_REPORT = f"""# Brenmoor Packaging quarterly report

## Interest expense

Interest expense increased by $40 million in the quarter. {WORLD}

## Pricing

{OWN}
"""


def test_a_world_question_in_the_reports_words_is_refused(
    chat: ChatService, tmp_path: Path
) -> None:
    doc = ingest_text(chat.folio, tmp_path, "brenmoor-q2.md", _REPORT)
    world = chat.ask("Why do central banks raise interest rates?", [doc]).answer
    assert world.refused, world.answer
    own = chat.ask("Why did Brenmoor's interest expense increase?", [doc]).answer
    assert not own.refused, own.answer
