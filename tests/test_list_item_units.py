"""A release's highlights are bullets whose last words carry no full stop ("… Operational
growth of 6.1%*"): found walking the app, where J&J's "adjusted EPS for full year 2022"
quoted "Operational growth of 6.1%* • 2022 Full-Year earnings per share …", the end of one
bullet and the next as one sentence, highlighted together on the page. Each item of a list
is a unit of its own (invented bullets)."""

from __future__ import annotations

from agent.evidence import units
from pipeline.text.lang import opens_list_item

HIGHLIGHTS = (
    "• Full-year revenue grew 4.1% to $12.6 Billion on ferry routes. Fleet growth of 2.2%*\n"
    "• Full-year earnings per share of $3.14 rose 9.8% and adjusted EPS of $3.40 rose 6.0%*"
)


def test_each_bullet_is_a_unit_of_its_own() -> None:
    texts = [u.text for u in units(HIGHLIGHTS)]
    assert "Fleet growth of 2.2%*" in texts, texts
    for t in texts:  # no unit runs from one item into the next
        assert t.count("•") <= 1, t
        assert not (t.startswith("Fleet") and "earnings" in t), t
    # a wrapped item's lines still read as one sentence
    guidance = "(3) Guidance for 2032 assumes fuel at $80 a barrel\nand no new routes."
    assert units("Fuel costs fell.\n" + guidance)[-1].text == guidance


def test_list_openers() -> None:
    assert opens_list_item("• 2022 Full-Year sales")
    assert opens_list_item("- the seller delivers")
    assert opens_list_item("(2) the buyer pays")
    assert not opens_list_item("2022 Full-Year sales grew")
    assert not opens_list_item("$4.3 billion of sales")


def test_a_list_of_short_phrases_reads_as_one_unit() -> None:
    """The causes a filing lists after "driven by:" are phrases of one statement (and one
    ends "partially offset by"): quoted apart, none says what it is a cause of."""
    causes = (
        "Cost of goods sold rose as a percent to sales, driven by:\n"
        "• One-time plant closure costs\n"
        "• Currency impacts in the Marine segment\n"
        "• Fuel inflation in the Ferry and Harbour segments partially offset by\n"
        "• Sourcing benefits in the Harbour segment"
    )
    listed = [u.text for u in units(causes) if "•" in u.text]
    assert len(listed) == 1, listed
    assert "One-time" in listed[0] and "Sourcing benefits" in listed[0]
