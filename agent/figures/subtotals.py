"""Members that are headings, each closed by its own total row.

A segment note prints each segment as a heading over its lines of business and closes it
with the segment's total, unlabelled or "Worldwide"::

    Net revenue
    Harbour Resorts
      Casino            |   492 |   498
      Rooms             |   706 |   696
                        | 1,198 | 1,194     <- Harbour Resorts' net revenue
    Inland Operations
      ...

The members a ranking compares are then the headings, valued by their totals (a total
is the row closing its heading's rows that adds up to them). Such a table is long: the
chunks of the turn that continue it (the same columns, the chunks right after it) are
read as one table, and each member is cited to the chunks printing its heading and its
total.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from agent.figures.grid import Grid, Row, clean_label
from agent.figures.headings import HEADING, Group
from agent.figures.items import asked_items
from agent.figures.partitions import adds_up, is_item
from agent.scope import word_set
from pipeline.text.totals import CLOSING_ROW

_NOTE = re.compile(r"\s*\((?:\d{1,2}(?:\s*,\s*\d{1,2})*|[a-z])\)")
MIN_MEMBERS = 2


@dataclass(frozen=True)
class Subtotals:
    group: Group  # each member a heading's total row, labelled by the heading
    # the chunks printing each member's heading and its total
    sources: tuple[tuple[str, ...], ...]
    open_end: bool  # the last piece ends inside a heading's rows: the table goes on
    last_page: int  # the page of the last piece


def subtotaled(g: Grid, tables: Sequence[Grid]) -> Subtotals | None:
    """The headings of the table ``g`` starts (with the pieces continuing it) as members,
    or None when ``g`` continues an earlier piece or fewer than two headings close."""
    pieces = _pieces(g, tables)
    if not pieces or pieces[0] is not g:
        return None
    walk = _Walk()
    for piece in pieces:
        if not all(walk.feed(piece, label, row) for label, row in _lines(piece)):
            break
    # "Pharmaceutical excluding Vaccine X" beside "Pharmaceutical" restates a member
    kept = [
        i
        for i, m in enumerate(walk.members)
        if not any(_within(o.label, m.label) for o in walk.members)
    ]
    members = [walk.members[i] for i in kept]
    pending = walk.pending
    # a table cut inside its first heading's rows is one to read on when a title stands
    # over its headings ("Sales by segment / Consumer Health / U.S. …")
    if len(members) < MIN_MEMBERS and not (pending and (members or walk.title)):
        return None
    # titled by the heading over the members' headings, else by the row summing them
    loose = walk.after[0].label if walk.after else ""
    total = next((r for r in walk.after if _sums(g, members, r)), None)
    group = Group(g, walk.title or loose, tuple(members), total)
    sources = tuple(walk.sources[i] for i in kept)
    return Subtotals(group, sources, bool(pending), pieces[-1].passage.page)


def _within(name: str, longer: str) -> bool:
    return name != longer and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", longer) is not None


def _sums(g: Grid, members: Sequence[Row], row: Row) -> bool:
    grp = Group(g, "", tuple(members), row)
    return any(adds_up(grp, c) for c in range(len(row.values)))


@dataclass
class _Walk:
    """The state of reading a table's lines in order."""

    title: str = ""
    heading: str = ""
    named_in: str = ""  # the chunk printing the open heading
    members: list[Row] = field(default_factory=list)
    sources: list[tuple[str, ...]] = field(default_factory=list)
    pending: list[Row] = field(default_factory=list)
    after: list[Row] = field(default_factory=list)  # rows after the members, outside headings
    after_heading: bool = False

    def feed(self, piece: Grid, label: str, row: Row | None) -> bool:
        """Take one line; False when the members' part of the table has ended."""
        if row is None and label in (self.heading, self.title):
            # a chunk opening inside a heading's rows prints the heading (or the title over
            # the headings) again: the same heading going on, its rows so far kept
            return True
        if row is None and self.after:
            return False  # the next section ("Adjusted EBITDAR / Harbour …"): another measure
        if row is None and (is_item(label) or asked_items(label)):
            # "Net sales:", "Revenue from external customers": an item's rows, no member
            self.title, self.heading, self.pending = self.title or label, "", []
            self.after_heading = False
        elif row is None:  # a heading line; two in a row: the first titles the rest
            if self.after_heading and self.heading and not self.members:
                self.title = self.heading
            self.heading, self.pending, self.after_heading = label, [], True
            self.named_in = piece.passage.chunk_id
        elif self.heading and self.pending and _closes(piece, row, self.heading, self.pending):
            self.members.append(replace(row, label=self.heading))
            self.sources.append(tuple(dict.fromkeys((self.named_in, piece.passage.chunk_id))))
            self.heading, self.pending, self.after_heading = "", [], False
        elif self.heading:
            self.pending.append(row)
            self.after_heading = False
        elif self.members:  # "Reportable segment net revenues", "Worldwide"
            self.after.append(row)
        return True


def pieces(g: Grid, tables: Sequence[Grid]) -> list[Grid]:
    """The run of consecutive chunks of the turn with ``g``'s columns that ``g`` belongs
    to (a long table cut into chunks), in order."""
    return _pieces(g, tables)


def _pieces(g: Grid, tables: Sequence[Grid]) -> list[Grid]:
    """The run of consecutive chunks with ``g``'s columns that ``g`` belongs to."""
    cols = [c.text for c in g.columns]
    same = {
        _index(t): t
        for t in tables
        if t.passage.doc_id == g.passage.doc_id
        and [c.text for c in t.columns] == cols
        and abs(t.passage.page - g.passage.page) <= 1
    }
    at = _index(g)
    first = at
    while first - 1 in same:
        first -= 1
    out = []
    i = first
    while i in same:
        out.append(same[i])
        i += 1
    return out


def _index(t: Grid) -> int:
    tail = t.passage.chunk_id.rsplit("#", 1)[-1]
    return int(tail) if tail.isdigit() else -1


def _lines(g: Grid) -> list[tuple[str, Row | None]]:
    """The piece's heading lines (label, None) and rows ("", row), in order."""
    out: list[tuple[str, Row | None]] = []
    pos = 0
    rows = sorted([*g.rows, *g.unlabelled], key=lambda r: r.start)
    for line in g.passage.text.split("\n"):
        end = pos + len(line)
        row = next((r for r in rows if pos <= r.start <= end), None)
        if row is not None:
            out.append(("", row))
        else:
            label = _heading(line)
            if label:
                out.append((label, None))
        pos = end + 1
    return out


def _heading(line: str) -> str:
    """The label of a line without figures: a Markdown row with only its first cell
    filled ("| Widgets excluding Model 19 (3) |  |  |"), or a heading line of text."""
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if line.lstrip().startswith("|") and len(cells) > 1:
        filled = cells[0] and not any(cells[1:]) and not re.fullmatch(r"[\s:-]*", cells[0])
        return clean_label(_NOTE.sub("", cells[0])) if filled else ""
    m = HEADING.match(_NOTE.sub("", line).strip())
    return clean_label(m.group(1)) if m else ""


def _closes(g: Grid, row: Row, heading: str, pending: list[Row]) -> bool:
    """Does the row total its heading's rows: unlabelled, "Total …", "Worldwide" or the
    heading again, and adding up to them?"""
    label = _NOTE.sub("", row.label).strip()
    if label and not CLOSING_ROW.match(label) and not word_set(label) >= word_set(heading):
        return False
    return _sums(g, pending, row)
