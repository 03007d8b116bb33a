"""The table model: printed figures parse to numbers; old stored tables still load."""

from __future__ import annotations

import pytest

from pipeline.models import Block, Table, parse_figure


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("(1,234)", -1234.0),
        ("$ (1,234)", -1234.0),
        ("$5,466", 5466.0),
        ("1,001,425", 1001425.0),
        ("12.5%", 12.5),
        ("(12.5)%", -12.5),
        ("-3.2", -3.2),
        ("￥6，476", 6476.0),
        ("—", None),
        ("-", None),
        ("", None),
        ("n/a", None),
        ("Total", None),
        ("1,234)", None),
        ("12,34", None),
    ],
)
def test_parse_figure(text: str, value: float | None) -> None:
    assert parse_figure(text) == value


def test_value_reads_cells_without_applying_the_unit() -> None:
    t = Table(rows=[["", "2021"], ["Revenue", "$ 1,200"]], unit="in millions", scale=1e6)
    assert t.value(1, 1) == 1200.0
    assert t.value(1, 0) is None
    assert t.value(5, 5) is None


def test_tables_stored_before_the_structure_fields_still_load() -> None:
    old = {"page": 1, "kind": "table", "text": "t", "table": {"rows": [["a", "b"]]}}
    b = Block.model_validate(old)
    assert b.table is not None and b.table.periods == [] and b.table.scale == 1.0
