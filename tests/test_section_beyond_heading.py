"""A question about a topic narrower than the section it falls in ("its technology
strategy" of a section headed "Strategy") is answered by the section's statements saying
the words it asks beyond the heading: every statement of the section is about strategy, so
those about technology answer it. Invented document only."""

from __future__ import annotations

from pathlib import Path

from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

REPORT = """# Quillmere Lodges Inc. Annual Report

## Item 1. Business

Quillmere Lodges Inc. runs mountain lodges in three valleys.

### Strategy

Our strategy rests on five pillars that guide how we allocate capital each year.
Our strategic plan favours lodges near ski lifts over lodges in remote valleys.
We review the strategy with the board every spring and set priorities for the year.
Our financial strategy keeps leverage low so that we can buy lodges in downturns.
Technology lets our guests book rooms, order meals and open their doors from a phone.
We invest in technology that sets room prices for each night of the season.

## Item 7. Management's Discussion

Room revenue rose as more guests stayed for a full week.
"""


def test_statements_saying_the_words_beyond_the_heading_answer(
    folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "quillmere.md", REPORT)
    q = "What does Quillmere say about its technology strategy?"
    a = ChatService(folio).ask(q, [doc]).answer
    body = a.answer.split("\n\n", maxsplit=1)[0]
    assert "sets room prices" in body and "open their doors" in body, a.answer
    # a statement of the section saying only its heading's word answers less than those
    assert "review the strategy with the board" not in body, a.answer
