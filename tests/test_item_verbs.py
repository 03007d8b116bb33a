"""A line item asked by its verb ("How much did the Orchard line sell in 2024?") is read
by its noun: the figure methods find the part's sales row. Invented documents only."""

from __future__ import annotations

from pathlib import Path

from agent.question.verbs import noun_worded
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text


def test_a_verb_asking_an_amount_is_worded_as_its_noun() -> None:
    assert noun_worded("How much did Velmor's Orchard line sell in 2024?") == (
        "How much were Velmor's Orchard line sales in 2024?"
    )
    assert noun_worded("how much does KESTRA sell each year?") == (
        "how much were KESTRA sales each year?"
    )
    for unchanged in ("What did Velmor sell in 2024?", "How much cash did Velmor hold?"):
        assert noun_worded(unchanged) == unchanged


def test_cash_paid_asked_by_its_verb_or_passive_is_worded_as_the_line() -> None:
    worded = noun_worded("How much did Velmor pay for raw materials in 2024?")
    assert "cash paid for raw materials in 2024" in worded, worded
    worded = noun_worded("How much cash was received from customers last year?")
    assert worded == "How much was cash received from customers last year?", worded
    unchanged = "How much cash was held abroad?"
    assert noun_worded(unchanged) == unchanged


REPORT = """# Velmor Foods annual report 2024

## Operating profit by brand

Operating profit of our brands in the year, in millions of dollars:

| Brand operating profit (in millions) | 2024 | 2023 |
|---|---|---|
| Orchardine | 615 | 570 |
| Brookhollow | 305 | 290 |
| Total operating profit | 920 | 860 |

## Sales by brand

Sales of our brands in the year, in millions of dollars:

| Brand (in millions) | 2024 | 2023 |
|---|---|---|
| Orchardine | 4,210 | 3,980 |
| Brookhollow | 2,655 | 2,540 |
| Total net sales | 6,865 | 6,520 |

## Our people

Velmor employs 8,200 people in four countries.
"""


def test_a_brand_asked_how_much_it_sold_is_answered_from_its_row(
    folio: Folio, tmp_path: Path
) -> None:
    chat = ChatService(folio)
    doc = ingest_text(folio, tmp_path, "velmor.md", REPORT)
    a = chat.ask("How much did Orchardine sell in 2024?", [doc]).answer
    lead = a.answer.split("Supporting quotes:")[0]
    assert not a.refused and "4,210" in lead and "615" not in lead, a.answer
