"""Asked why something was done or what its purpose is, the section about it answers with
its statement giving the reason or the purpose first, before the statements sharing more
of the question's words (the price, the dates): ``agent/models/sections.py``."""

from __future__ import annotations

from pathlib import Path

from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

REPORT = """# Harrowgate Kilns Inc. Quarterly Report

## Note 4. Acquisition of Velmor Ovens

On May 2, 2031, Harrowgate acquired 70% of the shares of Velmor Ovens for $120 million in cash.
Harrowgate acquired the remaining 30% of Velmor Ovens on June 20, 2031 for $52 million.
The purchase price of Velmor Ovens was allocated to its assets and liabilities at fair value.
Goodwill of $41 million arising on the acquisition of Velmor Ovens is not deductible for tax.
The acquisition gives the company an opportunity to sell electric kilns across Europe.

## Note 5. Debt

The company's revolving credit facility of $300 million matures in 2034.
"""


def test_a_why_question_gets_the_stated_purpose_first(folio: Folio, tmp_path: Path) -> None:
    doc = ingest_text(folio, tmp_path, "harrowgate-q.md", REPORT)
    a = ChatService(folio).ask("Why did Harrowgate acquire Velmor Ovens?", [doc]).answer
    assert not a.refused, a.answer
    assert "opportunity to sell electric kilns" in a.answer, a.answer
