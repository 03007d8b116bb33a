"""A row whose label lists other things before an item's name ("marketing, freight and
administrative expenses") is asked by its own name, not as the item; a label only
qualifying the item's name is not (invented labels)."""

from __future__ import annotations

from agent.figures.items import longer_row
from pipeline.text.finance import vocabulary


def test_a_label_listing_things_before_the_items_name_is_its_own_row() -> None:
    item = vocabulary().items["admin_expenses"]
    label = "Marketing, freight and administrative expenses"
    labels = [label, "Administrative expenses"]
    q = "What were Quarvel's marketing, freight and administrative expenses in 2032?"
    assert longer_row(q, labels, item) == label
    # a kind of the item, no list: the item's part, not a row of its own
    kind = "Harbour administrative expenses"
    q2 = "What were Quarvel's harbour administrative expenses in 2032?"
    assert longer_row(q2, [kind, "Administrative expenses"], item) == ""
