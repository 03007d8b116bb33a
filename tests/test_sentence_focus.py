"""A quoted sentence is marked whole on its page, a table row at its label and the cells
the answer uses (found in the app: "Ms. … has been Chairman … since founding it in 1994
and Chief Executive Officer since May 1996" was marked as a row, its label up to "in" and
the two years, leaving the office the question asked about unmarked)."""

from __future__ import annotations

from agent.citations import row_focus

SENTENCE = (
    "Ms. Quill has been Chair of the Board of Quillfeather since founding it in 2021 and "
    "Chief Executive Officer since May 2026"
)


def test_a_sentence_with_years_is_marked_whole() -> None:
    assert row_focus(SENTENCE, SENTENCE + ".") == []


def test_a_rows_label_and_the_cells_used_are_marked() -> None:
    row = "Net ferry income  1,250  1,100  980"
    assert row_focus(row, "Net ferry income was $1,250 million in 2031.") == [
        "Net ferry income",
        "1,250",
    ]
