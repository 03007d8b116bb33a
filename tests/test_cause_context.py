"""A discussion names its item once and then explains it: under a heading naming the
segment, or in the sentence before a leaning one ("This increase was due to …"); a list
item is its own sentence; the heading's years say which period is discussed; a product or
segment the question names is an item word, the company's own name is not. Invented
texts (``answering/cause.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.evidence import Evidence, Passage
from agent.models.answering.cause import explained, item_words
from agent.question import parse
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

MDA = "PART II > Item 7. Management's Discussion and Analysis"


def _evidence(*passages: tuple[str, str], owner: tuple[str, ...] = ()) -> list[Evidence]:
    ps = [
        Passage(chunk_id=f"t#{i}", doc_id="t", page=i + 1, page_end=i + 1, section=sec, text=t)
        for i, (sec, t) in enumerate(passages)
    ]
    return [Evidence(tool="search_documents", query="q", passages=ps, owner=list(owner))]


def test_a_segment_named_by_its_heading_is_the_item_explained() -> None:
    q = parse("What caused Northwind's operating profit to fall in 2024?")
    ev = _evidence(
        (
            f"{MDA} > Northwind",
            "Operating profit decreased 12%, primarily reflecting plant closures.",
        ),
        (
            f"{MDA} > Southgate",
            "Operating profit decreased 3%, primarily reflecting weaker prices.",
        ),
    )
    found = explained(q, ev)
    assert found and "plant closures" in found[0].unit.text, found
    assert all("weaker prices" not in f.unit.text for f in found), found


def test_a_leaning_sentence_is_read_with_the_one_before() -> None:
    q = parse("What lifted the gross profit rate of the Retail segment in fiscal 2024?")
    text = (
        "Our Retail segment experienced an increase in gross profit rate to 24.1% in fiscal "
        "2024 from 23.2% in fiscal 2023. This rate increase was primarily due to fewer "
        "markdowns on seasonal goods. Selling expenses increased due to new stores."
    )
    found = explained(q, _evidence((f"{MDA} > Results", text)))
    assert found and found[0].unit.text.startswith("This rate increase"), found
    assert found[0].lead and "Retail segment" in found[0].lead[-1].text


def test_a_move_named_only_by_its_neighbour_is_not_borrowed() -> None:
    # "Selling expenses increased" names its own item: it never takes the rate before it
    q = parse("Why did the gross profit rate rise in fiscal 2024?")
    text = (
        "The gross profit rate rose to 24.1% in fiscal 2024. Selling expenses increased due "
        "to the opening of new stores in fiscal 2024."
    )
    assert not explained(q, _evidence((f"{MDA} > Results", text)))


def test_a_list_item_is_its_own_sentence() -> None:
    q = parse("Why did Tolland's garden sales fall in fiscal 2024?")
    text = (
        "Lighting sales fell. This decline was partially offset by higher lamp sales.\n"
        "• Garden: The 9.0% comparable sales decrease was driven by a cold spring."
    )
    found = explained(
        q, _evidence((f"{MDA} > Fiscal 2024 Results Compared With Fiscal 2023", text))
    )
    assert found and found[0].unit.text.startswith("• Garden"), found


def test_the_headings_years_say_the_period_discussed() -> None:
    q = parse("Why did garden sales fall in fiscal 2024?")
    old = "• Garden: The 2.0% comparable sales decrease was driven by store closures."
    new = "• Garden: The 9.0% comparable sales decrease was driven by a cold spring."
    ev = _evidence(
        (f"{MDA} > Fiscal 2023 Results Compared With Fiscal 2022", old),
        (f"{MDA} > Fiscal 2024 Results Compared With Fiscal 2023", new),
    )
    found = explained(q, ev)
    assert found and "cold spring" in found[0].unit.text, found


def test_a_product_named_is_an_item_word_the_company_is_not() -> None:
    q = parse("Why did Harlow Pharma's sales of Velmorin fall?")
    ev = _evidence(
        (MDA, "• The decrease for Velmorin was driven by a product recall in the spring."),
        owner=("Harlow Pharma Inc.",),
    )
    words = item_words(q, ev)
    assert "velmorin" in words and "harlow" not in words, words
    # a product's sales are discussed as its revenues
    found = explained(q, ev)
    assert found and "recall" in found[0].unit.text, found


FILING = """# Kestrel Outfitters Inc. Annual Report 2024

## Item 7. Management's Discussion and Analysis

### Results of Operations

Net revenue was $812 million in 2024, compared with $790 million in 2023.

### Coastal

Net revenue increased 4%, primarily reflecting higher prices.

Operating profit decreased 18%, primarily reflecting storm damage at two warehouses.

### Inland

Net revenue increased 6%, primarily reflecting new stores.

Operating profit increased 9%, primarily reflecting lower freight costs.
"""


@pytest.fixture
def filing(folio: Folio, tmp_path: Path) -> str:
    return ingest_text(folio, tmp_path, "kestrel.md", FILING)


def test_what_pushed_down_a_segments_profit_is_read_under_its_heading(
    folio: Folio, filing: str
) -> None:
    q = "What pushed down Coastal's operating profit in 2024?"
    a = ChatService(folio).ask(q, [filing]).answer
    assert "storm damage" in a.answer.splitlines()[0], a.answer
