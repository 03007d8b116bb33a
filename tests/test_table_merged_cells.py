"""Of two readings of one table, the one running a figure together with the words of the
cells beside it ("张三 2,431,359 普通股") reads worse than the one giving each its cell,
however full its rows look. Invented tables."""

from __future__ import annotations

from pipeline.models import Table
from pipeline.parse.tables import quality

NAMES = ("甲一", "乙二", "丙三", "丁四")


def test_cells_run_together_read_worse_than_cells_apart() -> None:
    apart = Table(
        rows=[[n, f"{i},192,100", "普通股", f"{i},192,100"] for i, n in enumerate(NAMES, 1)]
        + [["说明", "另有说明文字", "", ""]],
        header_rows=0,
    )
    together = Table(
        rows=[[f"{n} {i},192,100 普通股", f"{i},192,100"] for i, n in enumerate(NAMES, 1)]
        + [["说明", "另有说明文字"]],
        header_rows=0,
    )
    assert quality(together) < quality(apart), (quality(together), quality(apart))


def test_a_figure_alone_or_in_a_sentence_is_no_cell_run_together() -> None:
    plain = Table(
        rows=[["应收账款", "1,234,567.00", "(2,345)"], ["说明", "持有3,789,500 股", ""]],
        header_rows=0,
    )
    assert quality(plain)[1] == 0.75, quality(plain)  # the holes only: 3 cells of 4
