"""A figure question whose line or period the report lacks is refused, not answered with
a neighbour: another revenue line, the same line of a year the tables do not show, a
sentence sharing a word of the item. Lines and years the report does hold are still
answered. Invented documents only."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

REPORT = """# Annual Report of Talvik Ceramics 2023

## Business

Talvik Ceramics was founded in 2011 and makes floor tiles. The Research Data Group
tracks tile prices for the industry.

## Consolidated Statement of Income

| (in thousands) | 2023 | 2022 |
|---|---|---|
| Net sales | 48,210 | 44,905 |
| Cost of sales | 30,117 | 28,640 |
| Selling and administrative expenses | 9,876 | 9,402 |
| Net income | 6,044 | 5,318 |
"""


@pytest.fixture
def chat_doc(folio: Folio, tmp_path: Path) -> tuple[ChatService, str]:
    return ChatService(folio), ingest_text(folio, tmp_path, "talvik.md", REPORT)


def test_a_line_or_period_the_report_lacks_is_refused(chat_doc: tuple[ChatService, str]) -> None:
    chat, doc = chat_doc
    for q in (
        "What was Talvik Ceramics' subscription revenue in 2023?",  # a revenue line it lacks
        "How much did Talvik spend on research and development in 2023?",  # no such line
        "What were Talvik Ceramics' net sales in 2011?",  # a year it names, but not reports
        "What was Talvik's advertising expense in 2023?",  # nothing names advertising
    ):
        a = chat.ask(q, [doc]).answer
        assert a.refused, (q, a.answer)
        # it says where the documents come nearest: a section or a quoted unit
        assert "nearest sections" in a.answer or "closest they come" in a.answer, (q, a.answer)
        for figure in ("48,210", "44,905", "30,117", "9,876"):
            assert figure not in a.answer, (q, a.answer)


def test_the_lines_and_years_it_holds_are_still_answered(
    chat_doc: tuple[ChatService, str],
) -> None:
    chat, doc = chat_doc
    for q, figure in (
        ("What were Talvik Ceramics' net sales in 2023?", "48,210"),
        ("What was Talvik's cost of sales in 2022?", "28,640"),
        ("What was Talvik Ceramics' total revenue in 2022?", "44,905"),
    ):
        a = chat.ask(q, [doc]).answer
        assert not a.refused and figure in a.answer, (q, a.answer)
