"""Failure classes found by the metric set's batch 2 (invented documents and wording)."""

from __future__ import annotations

from agent.evidence import Passage
from agent.figures.grid import markdown_grids

# a continued table whose header, in the chunk before, names more periods than its rows
# have figure cells (a four-year span over a two-column table)
_CONTINUED = "| Trade payables | 3,210 |\n| Accrued costs | 645 |\n| Memo |"
_WIDE_HEADER = "Years ended March 2026, March 2025, March 2024 and March 2023"


def test_a_continued_table_under_a_wider_header_is_read_without_a_crash() -> None:
    p = Passage(
        chunk_id="w#4", doc_id="w", page=7, page_end=7, text=_CONTINUED, columns=_WIDE_HEADER
    )
    grids = markdown_grids(p)
    # no row is given a figure for a period the header cannot tie to a cell
    assert not [r for g in grids for r in g.rows if sum(v is not None for v in r.values) > 1]
    assert grids == []


def test_a_typographic_minus_is_read_as_a_negative_figure() -> None:
    from testkit.answer_checks import figures

    assert figures("Net cash = 310 − 1,150 = −$840 million; margin −3.5%") == [
        (310.0, 0),
        (1150.0, 0),
        (-840.0, 0),
        (-3.5, 1),
    ]


def test_words_starting_like_a_month_do_not_hide_the_figure_after_them() -> None:
    from testkit.answer_checks import figures

    said = "Gross margin 41.2%; sales declined 0.7 points; market 12 units; on March 3 and Dec. 9"
    assert figures(said) == [(41.2, 1), (0.7, 1), (12.0, 0)]
