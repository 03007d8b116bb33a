"""Footnote marks printed on a heading, a row's label or a column's head
("% Change Operational1,2", "Adjusted EPS (Diluted)3,4", "Sales growth*"): the reader of a
source card reads the heading, not the reference to a note the card does not show.

A mark is one or two digits (a comma-separated run of them) set right after a lowercase
letter or a closing bracket, or a run of asterisks after a word, ending the word. Capitals
followed by digits are names ("Q2", "FY2023", "CO2"), a hyphen's digits a name's number
("COVID-19"): both kept. Quotes themselves are never changed (they are the exact words).
"""

from __future__ import annotations

import re

_MARK = re.compile(r"(?:(?<=[a-z)])\d{1,2}(?:,\d{1,2})*|(?<=[\w)])\*+)(?=[\s/|:;,.)]|$)")


def without_footnote_marks(text: str) -> str:
    """``text`` without the footnote marks ending its words."""
    return _MARK.sub("", text)
