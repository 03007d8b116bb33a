"""A review finding read from a list item says its words, not the page's bullet (found in
the app: a 10-K's risk list gave findings opening "• the risks associated with …")."""

from __future__ import annotations

from agent.review.execute import quote_for


def test_a_list_items_bullet_is_no_part_of_its_finding() -> None:
    item = "• the risks associated with lantern works we acquire may differ from ours;"
    said = quote_for(item, "risks")
    assert said == "the risks associated with lantern works we acquire may differ from ours;"
    assert said in item  # still verbatim: the highlight finds it in the block


def test_a_sentence_opening_with_a_figure_keeps_it() -> None:
    said = quote_for("- 12 lantern keepers may leave in 2031.", "keepers")
    assert said == "12 lantern keepers may leave in 2031."
    assert quote_for("−12% fewer lanterns were lit.", "lanterns") == "−12% fewer lanterns were lit."
