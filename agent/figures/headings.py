"""A table's rows grouped under the heading lines above them.

Statements and notes list the parts of a total under a heading line without figures
("Short-term investments:") and close the group with its total ("Short-term investments",
"Total …"). The groups are read here, below both the lookup of cells (which asks
``partitions`` which rows are parts' figures) and the answers that name a group's extreme
member (``groups``), so that neither imports the other.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent.figures.grid import Grid, Row, clean_label
from agent.scope import word_set
from pipeline.text.totals import TOTAL_WORD

# a label over empty cells, with or without its colon ("Net sales:", "| Cloud |  |  |"):
# words, not a table's "|---|---|" rule
HEADING = re.compile(r"^\|?\s*((?=[^|\d]*[^\W\d_])[^|\d]{3,80}?):?\s*(?:\|[\s|]*)?$")
MIN_MEMBERS = 2


@dataclass(frozen=True)
class Group:
    grid: Grid
    heading: str
    members: tuple[Row, ...]
    total: Row | None


def groups(g: Grid) -> list[Group]:
    """The grid's rows grouped under the heading lines above them, each group with the
    row that totals it when there is one (its heading's words again, or "Total …")."""
    text = g.passage.text
    out: list[Group] = []
    heading = ""
    members: list[Row] = []
    for r in g.rows:
        above = _heading_above(text, r.start, g.rows)
        if above is not None and above != heading:
            out.append(Group(g, heading, tuple(members), None))
            heading, members = above, []
        if not heading:
            continue
        if TOTAL_WORD.match(r.label) or word_set(r.label) >= word_set(heading):
            out.append(Group(g, heading, tuple(members), r))  # the row closing the group
            heading, members = "", []
            continue
        members.append(r)
    out.append(Group(g, heading, tuple(members), None))
    return [x for x in out if x.heading and len(x.members) >= MIN_MEMBERS]


def _heading_above(text: str, start: int, rows: Sequence[Row]) -> str | None:
    """The heading line right above the row at ``start``, if the line above is one."""
    before = text[: max(0, start - 1)].rsplit("\n", 1)[-1]
    if any(r.end == start - 1 for r in rows):
        return None  # the line above is another row of figures
    m = HEADING.match(before.strip())
    return clean_label(m.group(1)) if m else None
