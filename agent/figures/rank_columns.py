"""Which table columns and row groups a ranking reads (split from ``ranking.py``): the
measure's column of the period asked and of the one before, and the groups of a table that
may be the members, with the chunks printing them when the table goes on past its first."""

from __future__ import annotations

from collections.abc import Sequence

from agent.figures.grid import Grid, Row
from agent.figures.headings import Group, groups
from agent.figures.items import asked_items, norm
from agent.figures.joined_rows import joined
from agent.figures.member_levels import parented
from agent.figures.partitions import closed, headed, whole
from agent.figures.periods import months_of
from agent.figures.ranked_lines import Mode
from agent.figures.subtotals import Subtotals, subtotaled
from agent.figures.versus import same_length
from pipeline.text.finance import LineItem

MIN_MEMBERS = 2


def named_in(text: str, measure: LineItem) -> str:
    """The measure's name as ``text`` says it ("net sales"), or "" when it does not."""
    low = norm(text)
    for a in asked_items(text):
        if a.item.key == measure.key:
            return low[a.start : a.end]
    return ""


def measure_columns(
    g: Grid,
    measure: LineItem,
    mode: Mode,
    *,
    year: int | None,
    months: int | None,
    into: int | None,
) -> tuple[int, int] | None:
    """The measure's column of the period asked and of the period before (the same one
    when no growth is asked); None when the table has no such pair."""
    if months in (None, 12) and not same_length(g, months):
        return None  # a table titled by a quarter ("Q4 …") answers no year
    if _shared_period(g):
        return None  # a period printed over several columns: they are things (segments)
    col = of_measure(g, g.column_for(year, months=months, into=into), measure)
    before = of_measure(g, g.column_for(year, offset=1, months=months, into=into), measure)
    if col is None or (mode == "growth" and before is None):
        return None
    if before is not None and months_of(g.columns[col].text) != months_of(g.columns[before].text):
        return None  # a quarter against a year: no growth
    return col, before if before is not None else col


def _shared_period(g: Grid) -> bool:
    """Do columns of one heading hold figures side by side in a row (a period over its
    segments' columns)? An amount's column beside its share's ("Fiscal 2016 | Fiscal 2016":
    "$3,400.1 |" over "| 58%") is one period's two ways of saying it."""
    texts = [c.text for c in g.columns]
    twins = [i for i, t in enumerate(texts) if texts.count(t) > 1]
    for r in g.rows:
        filled = [
            t for i, t in enumerate(texts) if i in twins and i < len(r.raws) and _amount(r.raws[i])
        ]
        if len(filled) > len(set(filled)):
            return True
    return False


def figured(r: Row, col: int) -> bool:
    return col < len(r.values) and r.values[col] is not None


def _amount(raw: str) -> bool:
    cell = raw.strip()
    return bool(cell) and not cell.endswith("%")


def candidate_groups(
    g: Grid,
    tables: Sequence[Grid],
    measure: LineItem,
    read: set[tuple[str, str]],
    opened: list[tuple[int, str]],
) -> list[tuple[Group, tuple[tuple[str, ...], ...]]]:
    """The table's groups that may be the members, each with the chunks printing its
    members when they are not the table's one; a table of members under headings that
    goes on past the chunks read adds the page to read to ``opened`` instead."""
    out: list[tuple[Group, tuple[tuple[str, ...], ...]]] = [
        (grp, ()) for grp in (groups(g) or [whole(g)]) + closed(g, measure) + headed(g, measure)
    ]
    sub = subtotaled(g, tables)
    going_on = _going_on(sub, read, g.passage.doc_id) if sub is not None else None
    # its last heading's rows go on in a chunk not read yet: read on when the table is of
    # the measure ("Net revenues / Harbour Resorts …"); a statement's section going on
    # ("Other comprehensive income (loss):") ranks no members of it
    if going_on is not None and sub is not None and _of_the_measure(g, sub.group, measure):
        opened.append((going_on, g.passage.doc_id))
    elif sub is not None and len(sub.group.members) >= MIN_MEMBERS:
        out.append((sub.group, sub.sources))
    if (cut := joined(g, tables)) is not None:  # a long table's rows over its chunks
        out.append(cut)
    if parented(g.rows, 0):  # "Total Oncology" over its products: every row, two levels
        out.append((Group(g, whole(g).heading, tuple(g.rows), None), ()))
    return out


def _of_the_measure(g: Grid, grp: Group, measure: LineItem) -> bool:
    """Does the group's heading, or the table's title or columns, name the measure?"""
    p = g.passage
    title = f"{p.section} {p.columns} {p.text.lstrip().split(chr(10))[0]}"
    return bool(named_in(grp.heading, measure) or named_in(title, measure))


def _going_on(sub: Subtotals, read: set[tuple[str, str]], doc: str) -> int | None:
    """The page to read for the rest of a table whose last heading is not closed yet: its
    last piece's, then the next one; None when it is closed or both are read (a page read
    of no document's, an empty one, counts as read)."""
    if not sub.open_end:
        return None
    pages = (sub.last_page, sub.last_page + 1)
    return next((p for p in pages if (str(p), doc) not in read and (str(p), "") not in read), None)


def of_measure(g: Grid, col: int | None, measure: LineItem) -> int | None:
    """The column of the same period that is the measure's, when columns name line items
    ("Net Revenue 2025 | … | Operating Profit 2025"); None when none of them is."""
    if col is None:
        return None

    def named(i: int) -> set[str]:
        return {a.item.key for a in asked_items(g.columns[i].text)}

    if measure.key in named(col):
        return col
    year = g.columns[col].year
    same = [i for i, c in enumerate(g.columns) if c.year == year and measure.key in named(i)]
    # "Income Before Tax 2025 | Segment Sales 2025": the column naming the measure
    return same[0] if same else (col if not named(col) else None)
