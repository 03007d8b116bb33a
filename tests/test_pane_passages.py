"""The pane's badge counts passages, not the boxes that mark them: a sentence wrapped over
two lines is one highlighted passage (the ui16 walk's 8-K page said "2 highlighted
passages" under one cited sentence)."""

from __future__ import annotations

from ui.pagepane import Mark, passages


def test_a_quote_wrapped_over_two_lines_is_one_passage() -> None:
    one = "On March 14, 2031, Fabrikam entered into a new credit agreement"
    wrapped = [
        Mark(2, (80.0, 300.0, 560.0, 310.0), 1, "fb#3", one),
        Mark(2, (40.0, 311.0, 300.0, 321.0), 1, "fb#3", one),
    ]
    assert passages(wrapped) == 1
    other = Mark(2, (40.0, 400.0, 300.0, 410.0), 2, "fb#3", "Fabrikam terminated the old one")
    assert passages([*wrapped, other]) == 2
    # marks without a quote are told apart by their boxes
    assert passages([Mark(1, (0.0, 0.0, 9.0, 9.0)), Mark(1, (0.0, 20.0, 9.0, 29.0))]) == 2
