"""Statement abbreviations a question uses (OCI, AOCI, DTA, DTL, NCI) are searched and read
in the words a filing prints, and a question asking its figure in a unit of money, by its
size, or as a company's measure of a period asks an amount (invented questions)."""

from __future__ import annotations

from agent.question.amount_asked import asks_period_amount
from agent.question.parsed import parse
from pipeline.text.expand import normalize_query, spelled_out


def test_statement_abbreviations_are_spelled_out_for_search() -> None:
    q = normalize_query("What was Quarvel's OCI in 2033?")
    assert "other comprehensive income" in q
    assert "deferred tax liabilities" in normalize_query("Quarvel's net DTL at year-end 2033")
    assert "deferred tax assets" in normalize_query("Quarvel's gross DTAs in 2033")
    assert "accumulated other comprehensive loss" in normalize_query("AOCI reclassified in 2033")
    assert "noncontrolling interests" in normalize_query("minority interests' share in 2033")


def test_an_abbreviation_inside_a_longer_one_is_not_read() -> None:
    # "AOCI" is no "OCI"; a filing spelling the words out needs no expansion
    assert [w for w, _ in spelled_out("AOCI in 2033")] == ["AOCI"]
    assert spelled_out("other comprehensive income (OCI) in 2033") == []


def test_a_unit_a_size_or_an_abbreviated_amount_asks_an_amount() -> None:
    asked = (
        "What were Quarvel's self-insured liabilities in 2033, in millions?",
        "How large a reserve did Quarvel keep at the end of 2033?",
        "What was Quarvel's OCI before allocation to noncontrolling interests in 2033?",
    )
    for q in asked:
        assert asks_period_amount(parse(q)), q
    not_asked = (
        "What is Quarvel's strategy, in brief?",  # no period asked: no amount of one
        "What was Quarvel's strategy in 2033?",
        "What was the OCR engine's name in 2033?",
    )
    for q in not_asked:
        assert not asks_period_amount(parse(q)), q


def test_a_retailers_comps_are_its_comparable_sales() -> None:
    # analysts write "comps" for the comparable sales a retailer's filing prints in full
    assert "comparable sales" in normalize_query("Did Quarvel's domestic comps fall in 2033?")
    assert "comparable sales" in normalize_query("Quarvel's comp sales in Q2 2033")
    assert "comparable sales" not in normalize_query("Quarvel's compensation in 2033")
