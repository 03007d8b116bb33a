"""A missing operand is searched for by every name its line item goes by: a filing that
calls operating income 'Operating Profit' (the vocabulary's fourth name) was never found
when the search took the first three names only."""

from __future__ import annotations

from agent.models.planner import _operand_search
from pipeline.text.finance import vocabulary


def test_an_operand_search_names_every_row_name_of_its_item() -> None:
    items = vocabulary().items
    assert len(items["operating_income"].names) > 3  # the case that failed
    for key, line in items.items():
        query = str(_operand_search(key, 2031)["args"]["query"])
        assert all(name in query for name in line.names), key
        assert "2031" in query
