"""Tables continued in a later chunk: a statement's equity rows under a data row's or an
empty header row take the periods' header of a chunk before; a plain-text continuation
reads a Markdown header; dashes after a date or a wrapped label are no period lines.
Invented companies only."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from agent.columns import needs_columns, period_line, with_columns
from agent.figures.tables import read_grid
from pipeline.models import Chunk
from testkit.continued_tables import (
    EQUITY_DATA_HEAD,
    EQUITY_EMPTY_HEAD,
    chunks,
    continued_balance,
    passage,
)


@pytest.mark.parametrize("equity", [EQUITY_DATA_HEAD, EQUITY_EMPTY_HEAD])
def test_a_statement_continued_in_markdown_takes_the_header_of_a_chunk_before(equity: str) -> None:
    assert needs_columns(equity)
    ev = continued_balance(equity)
    continued = ev[0].passages[1]
    assert "March 1, 2025" in continued.columns
    grid = read_grid(continued)
    assert grid is not None and [c.year for c in grid.columns] == [2025, 2024]
    equity_row = next(r for r in grid.rows if r.label == "Total equity")
    assert equity_row.values == (3000.0, 2760.0)


def test_a_continued_tables_first_row_under_a_borrowed_header_is_a_row() -> None:
    text = "| Retained earnings | 2,985 | 2,700 |\n|---|---|---|\n| Total equity | 3,000 | 2,760 |"
    header = "| Consolidated Balance Sheets ($ in millions) | March 1, 2025 | March 2, 2024 |"
    grid = read_grid(passage("nb#13", text, columns=header))
    assert grid is not None
    assert [r.label for r in grid.rows] == ["Retained earnings", "Total equity"]
    assert grid.columns[0].text == "March 1, 2025"


def test_a_rows_dashes_after_a_date_and_a_wrapped_label_are_no_period_lines() -> None:
    assert not period_line("December 31, 2024  —  —")
    assert not period_line(
        "Preferred stock, no par value; 27 shares authorized; none issued or outstanding at "
        "December 31, 2024 and"
    )
    assert period_line("December 31,  2023  2024")
    assert period_line(
        "| Consolidated Balance Sheets (MILLIONS, EXCEPT PER SHARE DATA) (MILLIONS, EXCEPT PER "
        "SHARE DATA) | As of December 31, 2024 | As of December 31, 2023 |"
    )


def test_a_plain_text_continuation_reads_a_markdown_header_of_the_chunk_before() -> None:
    head = (
        "| Consolidated Balance Sheets (MILLIONS) | As of December 31, 2024 "
        "| As of December 31, 2023 |"
    )
    rows = "December 31, 2023  —  —\nRetained earnings  10,394  9,392\nTotal equity  7,746  6,347"
    assert needs_columns(rows)
    store = chunks({20: f"{head}\n|---|---|---|\n| Total assets | 18,147 | 15,422 |", 21: rows})

    class Store:
        def __call__(self, chunk_ids: Iterable[str]) -> Mapping[str, Chunk]:
            return {i: store[i] for i in chunk_ids if i in store}

    continued = with_columns([passage("nb#21", rows)], Store())[0]
    grid = read_grid(continued)
    assert grid is not None and [c.text for c in grid.columns] == [
        "December 31, 2024",
        "December 31, 2023",
    ]
    assert next(r for r in grid.rows if r.label == "Total equity").values == (7746.0, 6347.0)
