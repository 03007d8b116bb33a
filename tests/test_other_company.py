"""A question about another company the report mentions (a competitor, a supplier) is
refused as such, wherever the question puts the name: "<Name>'s", "… of <Name>?", "does
<Name> have" (a name outside the possessive counts as a company when the report writes it
with a legal form, "Kestrel Optics Inc."). The report's own company and its own parts (a
segment heading a section) are still answered. Invented documents only."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.evidence import Evidence, Passage
from agent.models.other_company import other_subject
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

REPORT = """# Annual Report of Brenmoor Glassworks 2023

## Management

Ilse Varga has served as our Chief Executive Officer since 2020.
Our headquarters are in Lowell, where we employ 1,250 people.

## Competition

We compete with Kestrel Optics Inc. and Dunmore Crystal Ltd., which also sell architectural
glass.
Kestrel Optics opened a new furnace during the year.

## Coastal Division

The Coastal Division sold tempered glass to shipyards; its sales were $96 million in 2023.

## Results of Operations

| (in millions) | 2023 | 2022 |
|---|---|---|
| Net sales | 412 | 388 |
| Operating income | 57 | 49 |
"""


@pytest.fixture
def chat_doc(folio: Folio, tmp_path: Path) -> tuple[ChatService, str]:
    return ChatService(folio), ingest_text(folio, tmp_path, "brenmoor.md", REPORT)


def test_questions_about_a_company_the_report_only_mentions_are_refused(
    chat_doc: tuple[ChatService, str],
) -> None:
    chat, doc = chat_doc
    for q, name in (
        ("Who is the chief executive officer of Kestrel Optics?", "Kestrel Optics"),
        ("How many people does Dunmore Crystal employ?", "Dunmore Crystal"),
        ("Where is Kestrel Optics headquartered?", "Kestrel Optics"),
    ):
        a = chat.ask(q, [doc]).answer
        assert a.refused and not a.citations, (q, a.answer)
        assert name in a.answer and "Ilse Varga" not in a.answer, (q, a.answer)


def test_the_reports_own_company_and_its_parts_are_still_answered(
    chat_doc: tuple[ChatService, str],
) -> None:
    chat, doc = chat_doc
    for q, said in (
        ("Who is the chief executive officer of Brenmoor Glassworks?", "Ilse Varga"),
        ("What were the sales of Coastal Division?", "96"),
        ("What were the sales of the Coastal Division in 2023?", "96"),
    ):
        a = chat.ask(q, [doc]).answer
        assert not a.refused and said in a.answer, (q, a.answer)


def test_a_plural_possessive_and_a_name_before_the_period_are_the_company_asked(
    chat_doc: tuple[ChatService, str],
) -> None:
    # "Harrows' sales" (the apostrophe alone after a final s) and "the sales of <Name> in
    # 2023" ask of that company as "<Name>'s sales" does, one the report never names too
    chat, doc = chat_doc
    for q, name in (
        ("What were Harrows' sales in 2023?", "Harrows"),
        ("What were the sales of Tolland Mirrors in 2023?", "Tolland Mirrors"),
    ):
        a = chat.ask(q, [doc]).answer
        assert a.refused and name in a.answer, (q, a.answer)
        assert "412" not in a.answer and "96" not in a.answer, (q, a.answer)
    assert "Harrows' report" in chat.ask("What were Harrows' sales in 2023?", [doc]).answer.answer


def test_a_name_a_heading_gives_as_a_partner_is_another_company() -> None:
    # "Joint Venture with <Name>" heads a section about the venture: the name is its other
    # party, not a part of the report named so (a segment heading its own sections)
    passage = Passage(
        chunk_id="b#4",
        doc_id="b",
        page=4,
        page_end=4,
        section="Annual Report > Coatings Joint Venture with Harrowgate Chemie",
        text="Harrowgate Chemie AG owns 60% of the coatings venture.",
    )
    ev = [
        Evidence(
            tool="search",
            query="harrowgate chemie lawsuits",
            passages=[passage],
            term_df={"harrowgate": 1, "chemie": 1, "lawsuits": 2, "coatings": 1},
            owner=["brenmoor", "glassworks"],
        )
    ]
    q = "Where do Harrowgate Chemie's own lawsuits stand?"
    assert other_subject(q, ev) == "Harrowgate Chemie"
    part = passage.model_copy(update={"section": "Annual Report > Coatings Venture"})
    own_part = [ev[0].model_copy(update={"passages": [part]})]
    assert other_subject("What were Coatings Venture's sales?", own_part) == ""
