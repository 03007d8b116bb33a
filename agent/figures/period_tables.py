"""Which of a quarterly filing's tables prints the period length a question asks.

A 10-Q's discussion prints one table per period ("Three Months Ended December 31," then
"Six Months Ended December 31,") with the same rows ("Adjusted EBIT as a percentage of
net sales"); an earnings release prints its quarter's statement and its year's (or
half's) on separate pages. The row's label does not tell them apart: the table whose
columns are of the length asked ("first half", "nine months", "Q4", "full year") is the
one to read, before any other order among them.
"""

from __future__ import annotations

from agent.figures.grid import Grid
from agent.figures.periods import months_of


def length_fit(g: Grid, question: str) -> int:
    """1 when the table has a column of the period length the question names (a whole
    year's or an unnamed one for a year), else 0; 0 for every table when it names none."""
    months = months_of(question)
    if months is None:
        return 0
    lengths = {c.months for c in g.columns}
    if months == 12:
        return int(bool(lengths & {None, 12}))
    return int(months in lengths)
