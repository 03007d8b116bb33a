"""A yes/no question answered by a statement opens with Yes or No only when the cited
statement decides it: it holds the question's topic words and says them (Yes) or denies
them (No); a statement near the topic but not on it opens with neither. Documents and
wording invented for these tests."""

from __future__ import annotations

from pathlib import Path

from agent.models.sections import stated_verdict
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

FILING_MD = """# Harbor Lane Ferries Annual Report

## Operations

Harbor Lane runs passenger ferries on four routes across the bay.

## Market Risk

Harbor Lane is exposed to fluctuations in diesel fuel prices, which it buys monthly.

## Intellectual Property

Harbor Lane holds no patents on its vessel designs.

## Staff

The crews work in two shifts and train every spring.
"""


def test_a_statement_holding_the_topic_decides_the_verdict() -> None:
    said = ["Harbor Lane is exposed to fluctuations in diesel fuel prices."]
    assert stated_verdict("Is Harbor Lane exposed to changes in diesel fuel prices?", [], said) == (
        "yes"
    )
    denied = ["Harbor Lane holds no patents on its vessel designs."]
    assert stated_verdict("Does Harbor Lane hold patents?", [], denied) == "no"
    # near the topic, not on it: the statement says nothing of interest rates
    assert stated_verdict("Is Harbor Lane exposed to interest rate swings?", [], said) is None
    # not a yes/no question
    assert stated_verdict("What is Harbor Lane exposed to?", [], said) is None


def test_a_yes_no_answer_opens_with_the_verdict_its_statement_gives(
    folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "ferries.md", FILING_MD)
    chat = ChatService(folio)
    a = chat.ask("Is Harbor Lane exposed to changes in diesel fuel prices?", [doc]).answer
    assert not a.refused and a.answer.startswith("Yes."), a.answer
    assert "diesel fuel" in a.answer
