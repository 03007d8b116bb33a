"""An outflow's cell as an amount: a statement prints a cost, a capital expenditure or a
dividend paid in brackets ("(5,207)"), and a reader asking whether it rose or fell means
its size. Shared by every reader of cells (``lookup.Finder``, ``between``)."""

from __future__ import annotations

import re

from pipeline.text.finance import vocabulary

# "Provision/(benefit) for taxes", "(Gain)/loss on sale": the label says what its figures
# in brackets are, so a cost printed so is its opposite, not an amount
_PAIRED = re.compile(r"\w\s*/\s*\(|\)\s*/\s*\w")


def as_amount(value: float, label: str, outflow: bool) -> float:
    """The cell's value as the item's amount: an outflow's size, unless its label pairs
    it with its opposite (then the sign says which of the two it is)."""
    return abs(value) if outflow and not _PAIRED.search(label) else value


def is_outflow(key: str) -> bool:
    """Is the vocabulary's item (its key; "" for none) one printed as an outflow?"""
    item = vocabulary().items.get(key) if key else None
    return bool(item and item.outflow)
