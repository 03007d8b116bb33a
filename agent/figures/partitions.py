"""The rows a table divides a whole into: the groups a ranking compares ("which segment
had the highest …") and the rows that are parts' figures, not the whole's.

A table lists the parts of a total under a heading, closes them with the total's row, or
prints one item under each part's heading (a segment note: "Retail / Net sales / Operating
income", "Cloud / Net sales / Operating income"). Members add up to their total; line
items are no members.
"""

from __future__ import annotations

import re
from dataclasses import replace

from agent.figures.grid import Grid, Row
from agent.figures.headings import Group, groups
from agent.figures.items import MIN_ROW_MATCH, per_share, row_match
from agent.figures.table_head import head_line
from pipeline.text.finance import LineItem, vocabulary
from pipeline.text.totals import CONSOLIDATED_ROW, TOTAL_ROW

_PAREN = re.compile(r"\([^)]*\)")
MIN_MEMBERS = 2


def whole(g: Grid) -> Group:
    """A table without headings over its rows as one group, titled by its title."""
    p = g.passage
    first = head_line(p.text)
    head = first.strip().strip("|").split("|")[0].strip() if first.startswith("|") else ""
    title = " ".join(x for x in (p.section.split(" > ")[-1], p.columns, head) if x)
    totals = [r for r in g.rows if TOTAL_ROW.match(r.label)]
    members = tuple(r for r in g.rows if not TOTAL_ROW.match(r.label))
    return Group(g, title, members, totals[-1] if totals else None)


def closed(g: Grid, measure: LineItem) -> list[Group]:
    """Rows closed by the measure's own row, their total: "Flexibles / Rigid Packaging /
    Other / Net sales" lists the parts of net sales above it, with no heading. Only rows
    that add up to it in some column are its parts: rows of another statement above it
    ("Current assets / Other long-term liabilities / Net revenues" in a summary of two
    statements) are not."""
    out = []
    start = 0
    for i, r in enumerate(g.rows):
        if row_match(r.label, measure) >= MIN_ROW_MATCH:
            # a row of percentages under each part ("Percentage of total revenue") is none
            members = tuple(
                x for x in g.rows[start:i] if not TOTAL_ROW.match(x.label) and not _rates(x)
            )
            grp = Group(g, r.label, members, r)
            if len(members) >= MIN_MEMBERS and any(adds_up(grp, c) for c in range(len(r.values))):
                out.append(grp)
            start = i + 1
        elif TOTAL_ROW.match(r.label):
            start = i + 1
    return out


def _rates(r: Row) -> bool:
    """Is every figure of the row a percentage?"""
    cells = [c.strip() for c in r.raws if c.strip()]
    return bool(cells) and all(c.endswith("%") for c in cells)


def adds_up(grp: Group, col: int) -> int:
    """1 when the group's members sum to its total row's figure (within rounding)."""
    total = grp.total.values[col] if grp.total and col < len(grp.total.values) else None
    values = [r.values[col] for r in grp.members if col < len(r.values)]
    if not total or any(v is None for v in values):
        return 0
    return int(abs(sum(v or 0.0 for v in values) - total) <= max(1.0, abs(total) * 0.005))


def headed(g: Grid, measure: LineItem) -> list[Group]:
    """The measure's row of each group as that group's member, named by its heading: a
    segment note lists "Retail: / Net sales / Operating income", "Cloud: / Net sales
    / Operating income", so the segments are the headings and the figure is their row."""
    rows = []
    for grp in groups(g):
        if TOTAL_ROW.match(grp.heading):
            continue  # "Consolidated": the whole, not a member
        row = next((r for r in grp.members if row_match(r.label, measure) >= MIN_ROW_MATCH), None)
        if row is not None:
            rows.append(replace(row, label=grp.heading))
    if len(rows) < MIN_MEMBERS:
        return []
    label = next(r.label for r in g.rows if row_match(r.label, measure) >= MIN_ROW_MATCH)
    return [Group(g, _PAREN.sub("", label).strip(), tuple(rows), None)]


def is_item(label: str) -> bool:
    return any(row_match(label, it) >= MIN_ROW_MATCH for it in vocabulary().items.values())


_CENTS = re.compile(r"^\(?[-−]?\$?\s?\d{1,3}\.\d{2}\)?$")


def _cents(r: Row) -> bool:
    """Are all the row's figures printed as a per-share amount is ("3.92", "(0.08)")?"""
    raws = [x.strip() for x, v in zip(r.raws, r.values, strict=True) if v is not None]
    return bool(raws) and all(_CENTS.match(x) for x in raws)


def parts_rows(g: Grid, item: LineItem) -> frozenset[int]:
    """Where the item's rows are parts' figures: a table printing the item once under
    each of several headings ("Retail / Net sales / Operating income", "Cloud / Net
    sales / Operating income") gives each heading's figure, and only a row under a
    "Consolidated" or "Total" heading is the whole's. Rows under one heading ("Current
    liabilities:") are the whole's, unless it heads per-share figures ("Per Share Data"):
    those, and the rows of the table repeating their labels, are no amount of the item."""
    found = groups(g)
    per = [grp for grp in found if per_share(grp.heading, item)]
    under = [
        (grp.heading, r.start)
        for grp in found
        if grp not in per
        for r in grp.members
        if row_match(r.label, item) >= MIN_ROW_MATCH
    ]
    # a label printed under a per-share heading is per share where the table repeats it
    # with cents (basic above diluted, the "basic" heading left in the chunk before); the
    # amount's own row ("Net income attributable to …  21,979") keeps its label
    labels = {r.label for grp in per for r in grp.members}
    under_per = {r.start for grp in per for r in grp.members}
    shares = frozenset(
        r.start for r in g.rows if r.start in under_per or (r.label in labels and _cents(r))
    )
    if len({h for h, _ in under}) < 2:
        return shares
    return shares | frozenset(start for h, start in under if not CONSOLIDATED_ROW.match(h))
