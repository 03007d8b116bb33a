"""Why a figure moved is answered by the sentence explaining the move of the item asked
(``answering/cause.py``), not by an amount or a sentence giving the item as another's cause;
a yes/no question is decided by a statement saying what is, not what may be, and a
looked-up amount deciding nothing gives way to a sentence that decides. Invented texts."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

FILING = """# Tessaly Mills Inc. Annual Report 2024

## Item 7. Management's Discussion and Analysis

### Results of Operations

Net sales were $410 million in 2024, compared with $395 million in 2023.

Our operating margin decreased in 2024, primarily driven by the lower gross margin
described below and higher freight costs.

Our gross margin decreased in 2024, primarily due to higher cotton prices and increased
promotional discounts in our outlet stores.

Selling expenses increased in 2024 due to the opening of nine new outlet stores.

## Item 8. Financial Statements

### Goodwill

Goodwill was $52 million at the end of 2024 and $52 million at the end of 2023.
No impairment of goodwill was recorded in 2024 or 2023 as a result of the annual review.
"""


@pytest.fixture
def filing(folio: Folio, tmp_path: Path) -> str:
    return ingest_text(folio, tmp_path, "tessaly.md", FILING)


def test_what_drove_a_move_is_the_sentence_explaining_it(folio: Folio, filing: str) -> None:
    q = "What drove the decline in Tessaly's gross margin in 2024?"
    a = ChatService(folio).ask(q, [filing]).answer
    first = a.answer.splitlines()[0]
    # the gross margin's own explanation, not the operating margin's (whose cause it is)
    assert first.startswith("Our gross margin decreased in 2024"), a.answer
    assert "cotton prices" in first, a.answer


def test_a_cause_is_read_for_the_item_words_before_it() -> None:
    from agent.evidence import Evidence, Passage
    from agent.models.answering.cause import explained, item_words
    from agent.question import parse

    q = parse("Why did Tessaly's selling expenses rise in 2024?")
    assert item_words(q, []) == ["selling", "expenses"]
    text = (
        "Net sales rose in 2024 due to price increases, partly offset by selling expenses. "
        "Selling expenses increased in 2024 due to the opening of nine new outlet stores."
    )
    p = Passage(chunk_id="t#1", doc_id="t", page=3, page_end=3, text=text)
    ev = Evidence(tool="search_documents", query=q.text, passages=[p])
    found = explained(q, [ev])
    assert found and found[0].unit.text.startswith("Selling expenses increased"), found
    # of another year than the one asked, no explanation is read
    assert not explained(parse("Why did selling expenses rise in 2019?"), [ev])


def test_a_yes_no_question_is_decided_by_a_sentence_not_an_amount(
    folio: Folio, filing: str
) -> None:
    q = "Did Tessaly record any goodwill impairment in 2024?"
    a = ChatService(folio).ask(q, [filing]).answer
    assert a.answer.startswith("No."), a.answer
    assert "No impairment of goodwill was recorded" in a.answer, a.answer


def test_a_sentence_opening_with_no_is_not_a_verdict() -> None:
    from agent.models.compose import _opens_with_verdict
    from agent.sections import section_words

    leads = section_words()["leads"]["en"]
    assert _opens_with_verdict("No. The rules …", leads)
    assert _opens_with_verdict("Yes, cash fell …", leads)
    assert not _opens_with_verdict("No material impairments were recorded [1].", leads)


def test_what_may_be_gives_way_to_what_is() -> None:
    from agent.evidence import Passage, Unit
    from agent.models.sections import _verdict
    from agent.sections import topic_terms

    def said(text: str) -> tuple[Passage, Unit]:
        p = Passage(chunk_id="t#1", doc_id="t", page=1, page_end=1, text=text)
        return p, Unit(0, len(text), text, "sentence")

    asked = topic_terms("Is revenue concentrated in a few products?")
    heading = topic_terms("Concentration")
    firm = said("Three products accounted for 80% of our revenue in 2024.")
    hedged = said("Revenue from these products may not stay at such levels.")
    assert _verdict([firm, hedged], asked, heading) == "yes"
    # a statement saying none of the question's words is not decided by its heading alone
    assert _verdict([said("In 2024 a distributor sued us.")], asked, heading) is None


def test_a_sale_asked_meets_a_disposal_said() -> None:
    from agent.sections import meets, topic_terms

    asked = topic_terms("Has Tessaly sold its Peruvian business?")
    said = topic_terms("The gain on disposal of the Peruvian business was recorded in 2024.")
    assert meets(asked, said) >= {"peruvian"} and len(meets(asked, said)) == 2


def test_a_product_a_company_sells_is_no_disposal() -> None:
    from agent.sections import meets, topic_terms

    # "sell" of a product line is the ordinary verb: it must not meet the Divestitures heading
    asked = topic_terms("Which brand of glue does Tessaly sell?")
    said = topic_terms("Divestitures")
    assert meets(asked, said) == frozenset()


def test_a_name_is_no_event_asked() -> None:
    from agent.models.sections import topical

    # "Buy" of a company's name is not the verb "buy": a year asked asks a figure
    assert not topical("What drove the decline in Good Buy's gross margin in 2023?")
    assert topical("Which businesses did it buy in 2023?")


def test_a_competitor_asked_by_who_is_a_firm() -> None:
    from agent.entities import asked_entity

    assert asked_entity("Who is Tessaly's main competitor?") == "organisation"
    assert asked_entity("Who is Tessaly's chief executive?") == "person"
