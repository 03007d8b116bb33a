"""A one-word section heading is reached by the everyday words a reader asks about its
topic with ("buildings" of "Properties", "workforce" of "Employees":
agent/data/heading_synonyms.json), a where-question about such a section is answered from
it, and a table's bold header row set in columns is no list of items. Invented documents
only."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.heading_synonyms import named_headings, naming
from agent.scope import stem
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

FILING = """# Corvane Pumps Inc. Annual Report

## Item 1. Business

Corvane Pumps Inc. designs centrifugal pumps for irrigation districts and breweries.

### Employees

At year end Corvane had about 2,400 people on its payroll, most of them machinists.
None of our machinists are covered by collective bargaining agreements.

## Item 2. Properties

We own a foundry and an assembly plant in Dayton, Ohio, and lease a warehouse in Reno, Nevada.
Our research offices occupy a leased floor of a tower in Pittsburgh, Pennsylvania.

## Item 3. Legal Proceedings

A former distributor has sued us over the termination of its contract; we deny its claims.
"""


@pytest.fixture
def filing(folio: Folio, tmp_path: Path) -> str:
    return ingest_text(folio, tmp_path, "corvane.md", FILING)


def test_everyday_words_name_the_heading_they_are_about() -> None:
    assert stem("properties") in named_headings("Which buildings does it lease?")
    assert {stem("employees")} in naming("How large is its workforce?")
    assert not named_headings("What was the gross margin in 2024?")


def test_a_heading_is_named_by_an_everyday_word_for_its_topic(folio: Folio, filing: str) -> None:
    from agent.sections import named_within
    from pipeline.corpus import Corpus

    corpus, own = Corpus(folio, [filing]), ["corvane"]  # the registrant's name names no topic
    found = named_within(corpus, [filing], "What kinds of buildings does Corvane use?", own)
    assert found is not None and found.title == "Item 2. Properties"
    found = named_within(corpus, [filing], "How large is Corvane's workforce?", own)
    assert found is not None and found.title == "Employees"
    assert named_within(corpus, [filing], "What pumps does Corvane design?", own) is None


def test_an_everyday_word_names_no_heading_when_the_question_asks_more(
    folio: Folio, filing: str
) -> None:
    """ "plants" names Properties, but a question asking what plants absorb asks an
    uncommon word ("absorb") the section never says: a question of something else."""
    from agent.sections import named_within
    from pipeline.corpus import Corpus

    corpus, own = Corpus(folio, [filing]), ["corvane"]
    found = named_within(corpus, [filing], "Where are Corvane's plants located?", own)
    assert found is not None and found.title == "Item 2. Properties"
    assert named_within(corpus, [filing], "What gas do plants absorb from the air?", own) is None


def test_a_where_question_about_a_section_is_answered_from_it(folio: Folio, filing: str) -> None:
    a = ChatService(folio).ask("Where are Corvane's factories located?", [filing]).answer
    assert not a.refused, a.answer
    assert "Dayton, Ohio" in a.answer, a.answer
    assert "Properties" in a.answer, a.answer  # read from the section, not a lone sentence


def test_a_bold_header_row_set_in_columns_is_no_item(folio: Folio, tmp_path: Path) -> None:
    from agent.sections import find_section
    from pipeline.corpus import Corpus

    doc = ingest_text(
        folio,
        tmp_path,
        "sites.md",
        "# Sites\n\n## Properties\n\n**Approximate Area**\n\n**Location  Square Feet  Use**\n\n"
        "Dayton, Ohio 210,000 manufacturing\n\nReno, Nevada 90,000 warehouse\n",
    )
    found = find_section(Corpus(folio, [doc]), [doc], "properties")
    assert found is not None and found.title == "Properties"
    assert not found.items, found.items
